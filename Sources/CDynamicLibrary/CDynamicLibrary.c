#include "CDynamicLibrary.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t load_lock = PTHREAD_MUTEX_INITIALIZER;

/* Finds every name of `library` in `handle`; 0 with the first missing name in `error`. */
static int find_all(ferry_library *library, void *handle, const char *path, char *error, size_t error_size) {
    for (size_t i = 0; i < library->count; i++) {
        library->symbols[i] = dlsym(handle, library->names[i]);
        if (!library->symbols[i]) {
            snprintf(error, error_size, "%s has no %s", path, library->names[i]);
            return 0;
        }
    }
    return 1;
}

int ferry_library_load(ferry_library *library, const char *path, char *error, size_t error_size) {
    pthread_mutex_lock(&load_lock);
    if (!library->loaded) {
        void *handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
        if (!handle) {
            const char *reason = dlerror();
            snprintf(error, error_size, "%s", reason ? reason : path);
        } else if (find_all(library, handle, path, error, error_size)) {
            library->loaded = 1;
        } else {
            dlclose(handle);
        }
    }
    int loaded = library->loaded;
    pthread_mutex_unlock(&load_lock);
    return loaded;
}
