#include "CLibXML2.h"
#include "CDynamicLibrary.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
// Debian builds libxml2 with ICU; Ferry uses none of its converters (only a struct's size changes).
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/HTMLparser.h>
#include <libxml/parser.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>

/* The functions of libxml2 Ferry uses, and its deallocator (`xmlFree`, a global function pointer),
   found by dlsym; XML(name) is one as libxml2's headers type it. */
#define FERRY_XML_SYMBOLS(X) \
    X(xmlInitParser) X(xmlNewParserCtxt) X(xmlFreeParserCtxt) X(xmlCtxtReadMemory) X(htmlNewParserCtxt) \
    X(htmlFreeParserCtxt) X(htmlCtxtReadMemory) X(xmlDocGetRootElement) X(xmlFreeDoc) X(xmlXPathNewContext) \
    X(xmlXPathFreeContext) X(xmlXPathRegisterNs) X(xmlXPathCtxtCompile) X(xmlXPathFreeCompExpr) \
    X(xmlXPathCompiledEval) X(xmlXPathFreeObject) X(xmlXPathCastNodeToString) X(xmlFree)

enum {
#define FERRY_XML_INDEX(name) xml_##name,
    FERRY_XML_SYMBOLS(FERRY_XML_INDEX)
#undef FERRY_XML_INDEX
    xml_count
};
static const char *const names[] = {
#define FERRY_XML_NAME(name) #name,
    FERRY_XML_SYMBOLS(FERRY_XML_NAME)
#undef FERRY_XML_NAME
};
static void *symbols[xml_count];
static ferry_library libxml2 = { names, xml_count, symbols, 0 };
#define XML(name) ((__typeof__(name) *)symbols[xml_##name])

int ferry_xml_load(const char *library, char *error, size_t error_size) {
    if (!ferry_library_load(&libxml2, library, error, error_size)) return 0;
    XML(xmlInitParser)();  // before any thread parses; libxml2 starts once however often it is called
    return 1;
}

/* A copy of a libxml2 string in malloc'd memory, the original freed by libxml2. */
static char *take(xmlChar *text) {
    char *copy = strdup(text ? (const char *)text : "");
    if (text) (*XML(xmlFree))(text);
    return copy;
}

void *ferry_xml_parse(const char *bytes, int count, const char *encoding, int html, ferry_xml_parse_error *error, int *no_root) {
    *no_root = 0;
    error->message = NULL;
    error->line = 0;
    error->column = 0;
    xmlParserCtxtPtr parser = html ? XML(htmlNewParserCtxt)() : XML(xmlNewParserCtxt)();
    if (!parser) {
        error->message = strdup("libxml2 has no memory left");
        return NULL;
    }
    xmlDocPtr document;
    if (html) {
        int options = HTML_PARSE_RECOVER | HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING | HTML_PARSE_NONET;
        document = XML(htmlCtxtReadMemory)(parser, bytes, count, NULL, encoding, options);
    } else {
        int options = XML_PARSE_NOERROR | XML_PARSE_NOWARNING | XML_PARSE_NONET;
        document = XML(xmlCtxtReadMemory)(parser, bytes, count, NULL, encoding, options);
    }
    if (!document) {
        error->message = strdup(parser->lastError.message ? parser->lastError.message : "it could not be read");
        error->line = parser->lastError.line;
        error->column = parser->lastError.int2;
    }
    html ? XML(htmlFreeParserCtxt)(parser) : XML(xmlFreeParserCtxt)(parser);
    if (document && !XML(xmlDocGetRootElement)(document)) {
        XML(xmlFreeDoc)(document);
        *no_root = 1;
        return NULL;
    }
    return document;
}

void ferry_xml_document_free(void *document) { XML(xmlFreeDoc)(document); }

/* The node after `node` in document order (its first child when `descending`), or NULL at the end. */
static xmlNodePtr next_node(xmlNodePtr node, int descending) {
    if (descending && node->children) return node->children;
    for (xmlNodePtr at = node; at; at = at->parent) {
        if (at->next) return at->next;
        if (at->parent && at->parent->type == XML_DOCUMENT_NODE) return NULL;
    }
    return NULL;
}

char *ferry_xml_namespaces(void *document, int *count) {
    *count = 0;
    size_t size = 0;
    char *block = NULL;
    for (xmlNodePtr node = XML(xmlDocGetRootElement)(document); node; node = next_node(node, node->type == XML_ELEMENT_NODE)) {
        if (node->type != XML_ELEMENT_NODE) continue;
        for (xmlNsPtr ns = node->nsDef; ns; ns = ns->next) {
            if (!ns->href) continue;
            const char *prefix = ns->prefix ? (const char *)ns->prefix : "";
            size_t prefix_size = strlen(prefix) + 1, href_size = strlen((const char *)ns->href) + 1;
            char *grown = realloc(block, size + prefix_size + href_size);
            if (!grown) {
                free(block);
                *count = 0;
                return NULL;
            }
            block = grown;
            memcpy(block + size, prefix, prefix_size);
            memcpy(block + size + prefix_size, ns->href, href_size);
            size += prefix_size + href_size;
            *count += 1;
        }
    }
    return block;
}

static void silent(void *user, xmlErrorPtr error) {
    (void)user;
    (void)error;
}

/* The context's last error as an index from XPATH_EXPRESSION_OK and an offset. */
static int fail(xmlXPathContextPtr context, int *error_index, int *error_offset) {
    *error_index = context ? context->lastError.code - XML_XPATH_EXPRESSION_OK : XPATH_MEMORY_ERROR;  // xpath.h's codes are the indexes
    *error_offset = context ? context->lastError.int1 : 0;
    return 0;
}

int ferry_xml_xpath(
    void *document, const char *expression, const char *const *namespaces, int namespace_count, ferry_xml_value *value,
    int *error_index, int *error_offset) {
    memset(value, 0, sizeof *value);
    xmlXPathContextPtr context = XML(xmlXPathNewContext)(document);
    if (!context) return fail(NULL, error_index, error_offset);
    context->error = (xmlStructuredErrorFunc)silent;  // errors are kept in lastError, not printed
    for (int i = 0; i < namespace_count; i++) {
        XML(xmlXPathRegisterNs)(context, (const xmlChar *)namespaces[2 * i], (const xmlChar *)namespaces[2 * i + 1]);
    }
    xmlXPathCompExprPtr compiled = XML(xmlXPathCtxtCompile)(context, (const xmlChar *)expression);
    if (!compiled) {
        fail(context, error_index, error_offset);
        XML(xmlXPathFreeContext)(context);
        return 0;
    }
    if (!document) {
        XML(xmlXPathFreeCompExpr)(compiled);
        XML(xmlXPathFreeContext)(context);
        return 1;
    }
    xmlXPathObjectPtr object = XML(xmlXPathCompiledEval)(compiled, context);
    XML(xmlXPathFreeCompExpr)(compiled);
    if (!object) {
        fail(context, error_index, error_offset);
        XML(xmlXPathFreeContext)(context);
        return 0;
    }
    switch (object->type) {
    case XPATH_NODESET:
        value->kind = 1;
        if (object->nodesetval && object->nodesetval->nodeTab && object->nodesetval->nodeNr > 0) {
            int count = object->nodesetval->nodeNr;
            value->nodes = calloc((size_t)count, sizeof(char *));
            if (value->nodes) {
                value->count = count;
                for (int i = 0; i < count; i++) value->nodes[i] = take(XML(xmlXPathCastNodeToString)(object->nodesetval->nodeTab[i]));
            }
        }
        break;
    case XPATH_BOOLEAN:
        value->kind = 2;
        value->boolean = object->boolval != 0;
        break;
    case XPATH_NUMBER:
        value->kind = 3;
        value->number = object->floatval;
        break;
    case XPATH_STRING:
        value->kind = 4;
        value->text = strdup(object->stringval ? (const char *)object->stringval : "");
        break;
    default: value->kind = 0;
    }
    XML(xmlXPathFreeObject)(object);
    XML(xmlXPathFreeContext)(context);
    return 1;
}

void ferry_xml_value_free(ferry_xml_value *value) {
    for (int i = 0; i < value->count; i++) free(value->nodes[i]);
    free(value->nodes);
    free(value->text);
    memset(value, 0, sizeof *value);
}

void ferry_xml_string_free(char *text) { free(text); }
