#ifndef FERRY_CCURL_H
#define FERRY_CCURL_H
#include <curl/curl.h>
#endif
