#include "CLibXML2.h"
#include <dlfcn.h>
#include <pthread.h>
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

/* The functions of libxml2 Ferry uses, found by dlsym (their types are libxml2's headers'). */
#define FERRY_XML_FUNCTIONS(X) \
    X(xmlInitParser) X(xmlNewParserCtxt) X(xmlFreeParserCtxt) X(xmlCtxtReadMemory) X(htmlNewParserCtxt) \
    X(htmlFreeParserCtxt) X(htmlCtxtReadMemory) X(xmlDocGetRootElement) X(xmlFreeDoc) X(xmlXPathNewContext) \
    X(xmlXPathFreeContext) X(xmlXPathRegisterNs) X(xmlXPathCtxtCompile) X(xmlXPathFreeCompExpr) \
    X(xmlXPathCompiledEval) X(xmlXPathFreeObject) X(xmlXPathCastNodeToString)

static struct {
#define FERRY_XML_POINTER(name) __typeof__(name) *name;
    FERRY_XML_FUNCTIONS(FERRY_XML_POINTER)
#undef FERRY_XML_POINTER
    /* libxml2's deallocator, a global function pointer (`xmlFree`). */
    xmlFreeFunc *free;
} xml;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static const char *load_library;
static char load_error[512];
static int loaded;

static void *find(void *handle, const char *name) {
    void *symbol = dlsym(handle, name);
    if (!symbol && !load_error[0]) snprintf(load_error, sizeof load_error, "%s has no %s", load_library, name);
    return symbol;
}

static void load(void) {
    void *handle = dlopen(load_library, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char *reason = dlerror();
        snprintf(load_error, sizeof load_error, "%s", reason ? reason : load_library);
        return;
    }
#define FERRY_XML_FIND(name) xml.name = (__typeof__(xml.name))find(handle, #name);
    FERRY_XML_FUNCTIONS(FERRY_XML_FIND)
#undef FERRY_XML_FIND
    xml.free = find(handle, "xmlFree");
    if (load_error[0]) return;
    xml.xmlInitParser();  // once, before any thread parses
    loaded = 1;
}

int ferry_xml_load(const char *library, char *error, size_t error_size) {
    load_library = library;
    pthread_once(&load_once, load);
    if (!loaded && error && error_size) snprintf(error, error_size, "%s", load_error);
    return loaded;
}

/* A copy of a libxml2 string in malloc'd memory, the original freed by libxml2. */
static char *take(xmlChar *text) {
    char *copy = strdup(text ? (const char *)text : "");
    if (text) (*xml.free)(text);
    return copy;
}

void *ferry_xml_parse(const char *bytes, int count, const char *encoding, int html, ferry_xml_parse_error *error, int *no_root) {
    *no_root = 0;
    error->message = NULL;
    error->line = 0;
    error->column = 0;
    xmlParserCtxtPtr parser = html ? xml.htmlNewParserCtxt() : xml.xmlNewParserCtxt();
    if (!parser) {
        error->message = strdup("libxml2 has no memory left");
        return NULL;
    }
    xmlDocPtr document;
    if (html) {
        int options = HTML_PARSE_RECOVER | HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING | HTML_PARSE_NONET;
        document = xml.htmlCtxtReadMemory(parser, bytes, count, NULL, encoding, options);
    } else {
        int options = XML_PARSE_NOERROR | XML_PARSE_NOWARNING | XML_PARSE_NONET;
        document = xml.xmlCtxtReadMemory(parser, bytes, count, NULL, encoding, options);
    }
    if (!document) {
        error->message = strdup(parser->lastError.message ? parser->lastError.message : "it could not be read");
        error->line = parser->lastError.line;
        error->column = parser->lastError.int2;
    }
    html ? xml.htmlFreeParserCtxt(parser) : xml.xmlFreeParserCtxt(parser);
    if (document && !xml.xmlDocGetRootElement(document)) {
        xml.xmlFreeDoc(document);
        *no_root = 1;
        return NULL;
    }
    return document;
}

void ferry_xml_document_free(void *document) { xml.xmlFreeDoc(document); }

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
    for (xmlNodePtr node = xml.xmlDocGetRootElement(document); node; node = next_node(node, node->type == XML_ELEMENT_NODE)) {
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
    xmlXPathContextPtr context = xml.xmlXPathNewContext(document);
    if (!context) return fail(NULL, error_index, error_offset);
    context->error = (xmlStructuredErrorFunc)silent;  // errors are kept in lastError, not printed
    for (int i = 0; i < namespace_count; i++) {
        xml.xmlXPathRegisterNs(context, (const xmlChar *)namespaces[2 * i], (const xmlChar *)namespaces[2 * i + 1]);
    }
    xmlXPathCompExprPtr compiled = xml.xmlXPathCtxtCompile(context, (const xmlChar *)expression);
    if (!compiled) {
        fail(context, error_index, error_offset);
        xml.xmlXPathFreeContext(context);
        return 0;
    }
    if (!document) {
        xml.xmlXPathFreeCompExpr(compiled);
        xml.xmlXPathFreeContext(context);
        return 1;
    }
    xmlXPathObjectPtr object = xml.xmlXPathCompiledEval(compiled, context);
    xml.xmlXPathFreeCompExpr(compiled);
    if (!object) {
        fail(context, error_index, error_offset);
        xml.xmlXPathFreeContext(context);
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
                for (int i = 0; i < count; i++) value->nodes[i] = take(xml.xmlXPathCastNodeToString(object->nodesetval->nodeTab[i]));
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
    xml.xmlXPathFreeObject(object);
    xml.xmlXPathFreeContext(context);
    return 1;
}

void ferry_xml_value_free(ferry_xml_value *value) {
    for (int i = 0; i < value->count; i++) free(value->nodes[i]);
    free(value->nodes);
    free(value->text);
    memset(value, 0, sizeof *value);
}

void ferry_xml_string_free(char *text) { free(text); }
