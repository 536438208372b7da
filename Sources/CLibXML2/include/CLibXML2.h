#ifndef FERRY_CLIBXML2_H
#define FERRY_CLIBXML2_H
/*
 * Debian's libxml2 (its XML and HTML parsers and XPath 1.0 engine, for `xpath` checks and
 * captures), loaded with dlopen when the first XPath expression is compiled: `ferry` does not link
 * it, so a process without XPath maps neither it nor ICU, which it brings. libxml2's types stay in
 * CLibXML2.c; Swift sees documents as opaque pointers and results as plain C values. Every symbol is
 * prefixed `ferry_xml_`.
 */
#include <stddef.h>

/**
 * Loads the library (`library`, e.g. "libxml2.so.2") and starts its parser once per process; 1
 * when every function was found, else 0 with dlerror's reason in `error`.
 */
int ferry_xml_load(const char *library, char *error, size_t error_size);

/** Why a body could not be parsed: libxml2's message (malloc'd, or NULL) and where, when it says (line 0: nowhere). */
typedef struct ferry_xml_parse_error {
    char *message;
    int line;
    int column;
} ferry_xml_parse_error;

/**
 * Parses `count` bytes as XML, or as HTML (forgiving), in `encoding` when not NULL: the document, or
 * NULL with `*error` filled (its message freed with ferry_xml_string_free). `*no_root` is 1 when the
 * body parsed but has no root element (the document is then already freed).
 */
void *ferry_xml_parse(const char *bytes, int count, const char *encoding, int html, ferry_xml_parse_error *error, int *no_root);
void ferry_xml_document_free(void *document);

/**
 * Every namespace declared on an element of `document`, in document order: `*count` pairs of
 * NUL-terminated strings (prefix, then URI; the default namespace's prefix empty) one after the
 * other in one malloc'd block (free with ferry_xml_string_free), or NULL when there are none.
 */
char *ferry_xml_namespaces(void *document, int *count);

/** An XPath result: its kind, and its value as XPath gives it (node-sets as each node's string value). */
typedef struct ferry_xml_value {
    /** 1 node-set, 2 boolean, 3 number, 4 string, 0 another kind. */
    int kind;
    int boolean;
    double number;
    /** The string (kind 4), malloc'd. */
    char *text;
    /** The nodes' string values (kind 1): `count` malloc'd strings in a malloc'd array. */
    char **nodes;
    int count;
} ferry_xml_value;

/**
 * Evaluates `expression` on `document` (NULL: only compiles it) with `namespace_count` prefixes
 * registered (`namespaces`: prefix, URI, prefix, URI…): 1 with `*value` filled (free it with
 * ferry_xml_value_free), else 0 with libxml2's XPath error as an index from XPATH_EXPRESSION_OK in
 * `*error_index` and the offset in the expression it gives in `*error_offset`.
 */
int ferry_xml_xpath(
    void *document, const char *expression, const char *const *namespaces, int namespace_count, ferry_xml_value *value,
    int *error_index, int *error_offset);
void ferry_xml_value_free(ferry_xml_value *value);
void ferry_xml_string_free(char *text);
#endif
