#include "CJavaScriptCore.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* JavaScriptCore's opaque types, as pointers to incomplete structs (JSBase.h). */
typedef const struct OpaqueJSContextGroup *JSContextGroupRef;
typedef const struct OpaqueJSContext *JSContextRef;
typedef struct OpaqueJSContext *JSGlobalContextRef;
typedef struct OpaqueJSString *JSStringRef;
typedef struct OpaqueJSClass *JSClassRef;
typedef const struct OpaqueJSValue *JSValueRef;
typedef struct OpaqueJSValue *JSObjectRef;
typedef bool (*JSShouldTerminateCallback)(JSContextRef ctx, void *context);

/* The functions Ferry calls, with the API's signatures. */
static struct {
    JSContextGroupRef (*JSContextGroupCreate)(void);
    void (*JSContextGroupRelease)(JSContextGroupRef);
    void (*JSContextGroupSetExecutionTimeLimit)(JSContextGroupRef, double, JSShouldTerminateCallback, void *);
    void (*JSContextGroupClearExecutionTimeLimit)(JSContextGroupRef);
    JSGlobalContextRef (*JSGlobalContextCreateInGroup)(JSContextGroupRef, JSClassRef);
    void (*JSGlobalContextRelease)(JSGlobalContextRef);
    JSObjectRef (*JSContextGetGlobalObject)(JSContextRef);
    JSValueRef (*JSEvaluateScript)(JSContextRef, JSStringRef, JSObjectRef, JSStringRef, int, JSValueRef *);
    JSStringRef (*JSStringCreateWithUTF8CString)(const char *);
    void (*JSStringRelease)(JSStringRef);
    size_t (*JSStringGetLength)(JSStringRef);
    size_t (*JSStringGetMaximumUTF8CStringSize)(JSStringRef);
    size_t (*JSStringGetUTF8CString)(JSStringRef, char *, size_t);
    JSStringRef (*JSValueToStringCopy)(JSContextRef, JSValueRef, JSValueRef *);
    bool (*JSValueIsString)(JSContextRef, JSValueRef);
    void (*JSObjectSetProperty)(JSContextRef, JSObjectRef, JSStringRef, JSValueRef, unsigned, JSValueRef *);
    void (*JSGarbageCollect)(JSContextRef);
    JSValueRef (*JSValueMakeString)(JSContextRef, JSStringRef);
} api;

static int loaded = 0;
static pthread_mutex_t load_lock = PTHREAD_MUTEX_INITIALIZER;

#define FERRY_JS_SYMBOL(name)                                        \
    do {                                                             \
        *(void **)(&api.name) = dlsym(handle, #name);                \
        if (api.name == NULL) {                                      \
            const char *reason = dlerror();                          \
            strncpy(error, reason ? reason : #name, error_size - 1); \
            error[error_size - 1] = 0;                               \
            return 0;                                                \
        }                                                            \
    } while (0)

static int load_symbols(void *handle, char *error, size_t error_size) {
    FERRY_JS_SYMBOL(JSContextGroupCreate);
    FERRY_JS_SYMBOL(JSContextGroupRelease);
    FERRY_JS_SYMBOL(JSContextGroupSetExecutionTimeLimit);
    FERRY_JS_SYMBOL(JSContextGroupClearExecutionTimeLimit);
    FERRY_JS_SYMBOL(JSGlobalContextCreateInGroup);
    FERRY_JS_SYMBOL(JSGlobalContextRelease);
    FERRY_JS_SYMBOL(JSContextGetGlobalObject);
    FERRY_JS_SYMBOL(JSEvaluateScript);
    FERRY_JS_SYMBOL(JSStringCreateWithUTF8CString);
    FERRY_JS_SYMBOL(JSStringRelease);
    FERRY_JS_SYMBOL(JSStringGetLength);
    FERRY_JS_SYMBOL(JSStringGetMaximumUTF8CStringSize);
    FERRY_JS_SYMBOL(JSStringGetUTF8CString);
    FERRY_JS_SYMBOL(JSValueToStringCopy);
    FERRY_JS_SYMBOL(JSValueIsString);
    FERRY_JS_SYMBOL(JSObjectSetProperty);
    FERRY_JS_SYMBOL(JSGarbageCollect);
    FERRY_JS_SYMBOL(JSValueMakeString);
    return 1;
}

int ferry_js_load(const char *library, char *error, size_t error_size) {
    pthread_mutex_lock(&load_lock);
    if (!loaded) {
        void *handle = dlopen(library, RTLD_NOW | RTLD_LOCAL);
        if (handle == NULL) {
            const char *reason = dlerror();
            strncpy(error, reason ? reason : library, error_size - 1);
            error[error_size - 1] = 0;
        } else if (load_symbols(handle, error, error_size)) {
            loaded = 1;
        }
    }
    int result = loaded;
    pthread_mutex_unlock(&load_lock);
    return result;
}

/* A group and the flag its watchdog sets when it stops a script. */
typedef struct ferry_js_group {
    JSContextGroupRef group;
    double seconds;
    volatile int terminated;
} ferry_js_group;

typedef struct ferry_js_context {
    JSGlobalContextRef context;
    ferry_js_group *group;
} ferry_js_context;

static bool should_terminate(JSContextRef ctx, void *context) {
    (void)ctx;
    ((ferry_js_group *)context)->terminated = 1;
    return true;
}

void *ferry_js_group_create(double seconds) {
    ferry_js_group *group = calloc(1, sizeof(ferry_js_group));
    if (group == NULL) return NULL;
    group->group = api.JSContextGroupCreate();
    group->seconds = seconds;
    return group;
}

void ferry_js_group_release(void *group) {
    if (group == NULL) return;
    api.JSContextGroupRelease(((ferry_js_group *)group)->group);
    free(group);
}

void *ferry_js_context_create(void *group) {
    ferry_js_context *context = calloc(1, sizeof(ferry_js_context));
    if (context == NULL) return NULL;
    context->group = group;
    context->context = api.JSGlobalContextCreateInGroup(context->group->group, NULL);
    return context;
}

void ferry_js_context_release(void *context) {
    if (context == NULL) return;
    /* What the script left is garbage now: tell the collector, so a large allocation does not linger. */
    api.JSGarbageCollect(((ferry_js_context *)context)->context);
    api.JSGlobalContextRelease(((ferry_js_context *)context)->context);
    free(context);
}

/* The value's text as malloc'd UTF-8, or NULL when longer than max_length. */
static char *copy_text(JSContextRef ctx, JSValueRef value, size_t max_length, int *too_long) {
    JSStringRef string = api.JSValueToStringCopy(ctx, value, NULL);
    if (string == NULL) return NULL;
    char *text = NULL;
    if (api.JSStringGetLength(string) > max_length) {
        *too_long = 1;
    } else {
        size_t size = api.JSStringGetMaximumUTF8CStringSize(string);
        text = malloc(size);
        if (text != NULL) api.JSStringGetUTF8CString(string, text, size);
    }
    api.JSStringRelease(string);
    return text;
}

ferry_js_result ferry_js_evaluate(void *context, const char *source, const char *source_url, int line, size_t max_length, int limited) {
    ferry_js_context *js = context;
    ferry_js_result result = {NULL, 0, 0, 0};
    JSStringRef script = api.JSStringCreateWithUTF8CString(source);
    JSStringRef url = api.JSStringCreateWithUTF8CString(source_url);
    JSValueRef exception = NULL;
    js->group->terminated = 0;
    if (limited) api.JSContextGroupSetExecutionTimeLimit(js->group->group, js->group->seconds, should_terminate, js->group);
    JSValueRef value = api.JSEvaluateScript(js->context, script, NULL, url, line, &exception);
    if (limited) api.JSContextGroupClearExecutionTimeLimit(js->group->group);
    api.JSStringRelease(script);
    api.JSStringRelease(url);
    result.terminated = js->group->terminated;
    if (exception != NULL) {
        result.threw = 1;
        JSStringRef name = api.JSStringCreateWithUTF8CString("__ferryException");
        api.JSObjectSetProperty(js->context, api.JSContextGetGlobalObject(js->context), name, exception, 0, NULL);
        api.JSStringRelease(name);
        result.text = copy_text(js->context, exception, max_length, &result.too_long);
    } else if (value != NULL && api.JSValueIsString(js->context, value)) {
        result.text = copy_text(js->context, value, max_length, &result.too_long);
    }
    return result;
}

void ferry_js_result_free(ferry_js_result *result) {
    free(result->text);
    result->text = NULL;
}

void ferry_js_set_string(void *context, const char *name, const char *value) {
    ferry_js_context *js = context;
    JSStringRef key = api.JSStringCreateWithUTF8CString(name);
    JSStringRef text = api.JSStringCreateWithUTF8CString(value);
    api.JSObjectSetProperty(js->context, api.JSContextGetGlobalObject(js->context), key, api.JSValueMakeString(js->context, text), 0, NULL);
    api.JSStringRelease(text);
    api.JSStringRelease(key);
}
