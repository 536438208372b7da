// Debian's libpcre2 (8-bit code units): JSONPath's `match` and `search` over UTF-8 (FerryCore).
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
