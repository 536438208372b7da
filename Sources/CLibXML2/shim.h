// Debian's libxml2: the XML and HTML parsers and the XPath 1.0 engine of `xpath` checks (FerryCore).
#include <libxml/xmlversion.h>
// Debian builds libxml2 with ICU, whose headers clash with Foundation's own ICU in one Swift module;
// Ferry uses no ICU converter of libxml2's (only the size of a struct it never makes changes).
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/HTMLparser.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>

/// libxml2's `xmlFree`, a global function pointer Swift cannot call safely from concurrent code.
static inline void ferry_xml_free(void *pointer) { xmlFree(pointer); }
