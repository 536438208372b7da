#ifndef FERRY_CDYNAMICLIBRARY_H
#define FERRY_CDYNAMICLIBRARY_H
/*
 * A library Ferry loads with dlopen when a feature first needs it (ncursesw for the TUI, libxml2
 * for XPath), so that every other process starts without mapping it, and the symbols found there.
 */
#include <stddef.h>

typedef struct ferry_library {
    /** The functions and variables to find, by name. */
    const char *const *names;
    size_t count;
    /** Their addresses, in the order of `names`, once loaded. */
    void **symbols;
    /** 1 once every symbol was found. */
    int loaded;
} ferry_library;

/**
 * Opens `path` (RTLD_NOW | RTLD_LOCAL) and finds every name of `library` in it, unless it already
 * was (a failed attempt is made again); thread-safe. 1 when loaded, else 0 with dlerror's reason
 * or the missing name in `error`.
 */
int ferry_library_load(ferry_library *library, const char *path, char *error, size_t error_size);
#endif
