#define _GNU_SOURCE /* RTLD_DEEPBIND */
#include "CJavaScriptCore.h"

#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>

/* JavaScriptCore's opaque types, as pointers to incomplete structs (JSBase.h). */
typedef const struct OpaqueJSContextGroup *JSContextGroupRef;
typedef const struct OpaqueJSContext *JSContextRef;
typedef struct OpaqueJSContext *JSGlobalContextRef;
typedef struct OpaqueJSString *JSStringRef;
typedef struct OpaqueJSClass *JSClassRef;
typedef const struct OpaqueJSValue *JSValueRef;
typedef struct OpaqueJSValue *JSObjectRef;
typedef bool (*JSShouldTerminateCallback)(JSContextRef ctx, void *context);
typedef JSValueRef (*JSObjectCallAsFunctionCallback)(
    JSContextRef ctx, JSObjectRef function, JSObjectRef thisObject, size_t argumentCount, const JSValueRef arguments[],
    JSValueRef *exception);

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
    JSValueRef (*JSValueMakeNull)(JSContextRef);
    double (*JSValueToNumber)(JSContextRef, JSValueRef, JSValueRef *);
    JSObjectRef (*JSObjectMakeFunctionWithCallback)(JSContextRef, JSStringRef, JSObjectCallAsFunctionCallback);
    JSValueRef (*JSObjectCallAsFunction)(JSContextRef, JSObjectRef, JSObjectRef, size_t, const JSValueRef[], JSValueRef *);
    bool (*JSValueIsObject)(JSContextRef, JSValueRef);
    void (*JSValueProtect)(JSContextRef, JSValueRef);
    void (*JSValueUnprotect)(JSContextRef, JSValueRef);
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
    FERRY_JS_SYMBOL(JSValueMakeNull);
    FERRY_JS_SYMBOL(JSValueToNumber);
    FERRY_JS_SYMBOL(JSObjectMakeFunctionWithCallback);
    FERRY_JS_SYMBOL(JSObjectCallAsFunction);
    FERRY_JS_SYMBOL(JSValueIsObject);
    FERRY_JS_SYMBOL(JSValueProtect);
    FERRY_JS_SYMBOL(JSValueUnprotect);
    return 1;
}

/* JavaScriptCore's options that suit scripts, set before its first VM (JSCOptions, the GLib API's: absent elsewhere,
 * then skipped). Its fourth tier, the FTL JIT, is off: it recompiled the prelude's functions for more CPU than its
 * code ever saved (C harness over the prelude, the benchmark's two scripts, CPU: 1,000 pairs 61 → 51 ms, 10,000
 * pairs 346 → 204 ms). Its third, the DFG JIT, compiles a function after 100 runs, not 1,000: a run's scripts
 * call the prelude's few functions once or twice a request, so with the default a 1,000-request run spent its
 * first few hundred requests in slower code (issue 30's benchmark: 197 → 180 ms at 1,000 requests, 1,308 →
 * 1,276 ms at 10,000; a CPU-heavy script unchanged). Its traps (the watchdog's check, the collector's stops) are
 * polled by the code, not signalled by a thread of their own: that thread woke ~250 times in a 1,000-request run,
 * on the core the run's server needs (issue 30's benchmark: 184 → 181 ms of CPU, 171 → 169 ms; a `while (true) {}`
 * script still stopped at its limit, and pumped meanwhile). A `JSC_*` option in the environment still decides. */
static void tune(void *handle) {
    int (*set_boolean)(const char *, int);
    int (*set_int)(const char *, int);
    *(void **)(&set_boolean) = dlsym(handle, "jsc_options_set_boolean");
    *(void **)(&set_int) = dlsym(handle, "jsc_options_set_int");
    if (set_boolean != NULL && getenv("JSC_useFTLJIT") == NULL) set_boolean("useFTLJIT", 0);
    if (set_int != NULL && getenv("JSC_thresholdForOptimizeAfterWarmUp") == NULL) set_int("thresholdForOptimizeAfterWarmUp", 100);
    if (set_boolean != NULL && getenv("JSC_usePollingTraps") == NULL) set_boolean("usePollingTraps", 1);
}

int ferry_js_load(const char *library, char *error, size_t error_size) {
    pthread_mutex_lock(&load_lock);
    if (!loaded) {
        /* Its own dependencies searched first for its symbols (~12,700 of them), then the process's
         * (`RTLD_DEEPBIND`): looked up through `ferry`'s ~25 libraries first, the load took 3.2 ms
         * instead of 1.9 (a C harness linked to them). */
        void *handle = dlopen(library, RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND);
        if (handle == NULL) {
            const char *reason = dlerror();
            strncpy(error, reason ? reason : library, error_size - 1);
            error[error_size - 1] = 0;
        } else if (load_symbols(handle, error, error_size)) {
            tune(handle);
            loaded = 1;
        }
    }
    int result = loaded;
    pthread_mutex_unlock(&load_lock);
    return result;
}

/* A group and the flag its watchdog sets when it stops a script; with a pump, what the watchdog calls
 * every `pump_slice` of a limited evaluation, and the thread's CPU time when the evaluation began: its time
 * limit is then counted from there. */
typedef struct ferry_js_group {
    JSContextGroupRef group;
    double seconds;
    volatile int terminated;
    void (*pump)(void *);
    void *pump_data;
    double started;
} ferry_js_group;

/* How often the watchdog is armed to call a pump while a script runs (seconds of the thread's CPU). The
 * call comes at JavaScriptCore's next trap check: ~8 ms apart measured (2–28 ms), the longest an answer
 * waits in its socket while a script runs on the thread that reads it. A slice of 20 or 200 ms saved
 * nothing measurable in a run. */
static const double pump_slice = 0.002;

/* The calling thread's CPU seconds: a time limit counts what the script ran, as the watchdog does, so a
 * loaded machine does not stop a script that a quiet one would let finish. */
static double cpu_seconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

/* A function compiled from its source, kept (protected from the collector) for the next call of the same source. */
typedef struct ferry_js_compiled {
    char *source;
    unsigned long hash;
    JSObjectRef function;
} ferry_js_compiled;

enum { compiled_max = 64 };

typedef struct ferry_js_context {
    JSGlobalContextRef context;
    ferry_js_group *group;
    /* The functions `ferry_js_call` compiled, replaced in turn once full. */
    ferry_js_compiled compiled[compiled_max];
    int compiled_next;
} ferry_js_context;

/* The watchdog's call: with a pump and time left, the pump runs and the script goes on for another
 * slice; else the script is stopped. */
static bool should_terminate(JSContextRef ctx, void *context) {
    (void)ctx;
    ferry_js_group *group = context;
    if (group->pump != NULL && cpu_seconds() - group->started < group->seconds) {
        group->pump(group->pump_data);
        api.JSContextGroupSetExecutionTimeLimit(group->group, pump_slice, should_terminate, group);
        return false;
    }
    group->terminated = 1;
    return true;
}

/* Starts a limited evaluation's clock: its whole time limit, or a pump's first slice of it. */
static void limit(ferry_js_group *group) {
    double seconds = group->seconds;
    if (group->pump != NULL) {
        group->started = cpu_seconds();
        if (pump_slice < seconds) seconds = pump_slice;
    }
    api.JSContextGroupSetExecutionTimeLimit(group->group, seconds, should_terminate, group);
}

void ferry_js_group_set_pump(void *group, void (*pump)(void *), void *data) {
    ((ferry_js_group *)group)->pump = pump;
    ((ferry_js_group *)group)->pump_data = data;
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

static char *copy_text(JSContextRef ctx, JSValueRef value, size_t max_length, int *too_long);

/* Where `require` may read from: Debian's JavaScript libraries, after links are followed. */
static const char *const module_roots[] = {"/usr/share/nodejs/", "/usr/lib/nodejs/", "/usr/share/javascript/"};
enum { module_max_bytes = 16 * 1024 * 1024, random_max_bytes = 65536, schema_max_length = 32 * 1024 * 1024 };

static JSValueRef make_string(JSContextRef ctx, const char *text) {
    JSStringRef string = api.JSStringCreateWithUTF8CString(text);
    JSValueRef value = api.JSValueMakeString(ctx, string);
    api.JSStringRelease(string);
    return value;
}

/* `__ferryReadModule(path)`: the text of a regular file under one of `module_roots` (links followed,
 * at most 16 MiB), else null. Scripts read nothing else. */
static JSValueRef read_module(
    JSContextRef ctx, JSObjectRef function, JSObjectRef this_object, size_t count, const JSValueRef arguments[], JSValueRef *exception) {
    (void)function;
    (void)this_object;
    (void)exception;
    if (count < 1) return api.JSValueMakeNull(ctx);
    int too_long = 0;
    char *path = copy_text(ctx, arguments[0], PATH_MAX, &too_long);
    char real[PATH_MAX];
    int allowed = 0;
    if (path != NULL && realpath(path, real) != NULL) {
        for (size_t i = 0; i < sizeof(module_roots) / sizeof(module_roots[0]); i++) {
            if (strncmp(real, module_roots[i], strlen(module_roots[i])) == 0) allowed = 1;
        }
    }
    free(path);
    struct stat info;
    if (!allowed || stat(real, &info) != 0 || !S_ISREG(info.st_mode) || info.st_size > module_max_bytes) return api.JSValueMakeNull(ctx);
    FILE *file = fopen(real, "rb");
    if (file == NULL) return api.JSValueMakeNull(ctx);
    char *text = malloc((size_t)info.st_size + 1);
    size_t read = text == NULL ? 0 : fread(text, 1, (size_t)info.st_size, file);
    fclose(file);
    if (text == NULL) return api.JSValueMakeNull(ctx);
    text[read] = 0;
    JSValueRef value = make_string(ctx, text);
    free(text);
    return value;
}

/* `__ferryRandomBytes(n)`: n bytes (at most 65,536) from the system's random source, as hex; null when it fails. */
static JSValueRef random_bytes(
    JSContextRef ctx, JSObjectRef function, JSObjectRef this_object, size_t count, const JSValueRef arguments[], JSValueRef *exception) {
    (void)function;
    (void)this_object;
    (void)exception;
    double wanted = count < 1 ? 0 : api.JSValueToNumber(ctx, arguments[0], NULL);
    if (!(wanted >= 0 && wanted <= random_max_bytes)) return api.JSValueMakeNull(ctx);
    size_t size = (size_t)wanted;
    unsigned char *bytes = malloc(size + 1);
    char *hex = malloc(size * 2 + 1);
    JSValueRef value = api.JSValueMakeNull(ctx);
    if (bytes != NULL && hex != NULL && (size == 0 || getrandom(bytes, size, 0) == (ssize_t)size)) {
        for (size_t i = 0; i < size; i++) snprintf(hex + i * 2, 3, "%02x", bytes[i]);
        hex[size * 2] = 0;
        value = make_string(ctx, hex);
    }
    free(bytes);
    free(hex);
    return value;
}

static ferry_js_schema_check schema_check = NULL;

void ferry_js_set_schema_check(ferry_js_schema_check check) { schema_check = check; }

/* `__ferrySchemaCheck(schema, instance, dialect)`: the host's answer (JSON text), or null. Each argument is
 * JSON text of at most 32 MiB characters. */
static JSValueRef check_schema(
    JSContextRef ctx, JSObjectRef function, JSObjectRef this_object, size_t count, const JSValueRef arguments[], JSValueRef *exception) {
    (void)function;
    (void)this_object;
    (void)exception;
    if (count < 3 || schema_check == NULL) return api.JSValueMakeNull(ctx);
    int too_long = 0;
    char *schema = copy_text(ctx, arguments[0], schema_max_length, &too_long);
    char *instance = copy_text(ctx, arguments[1], schema_max_length, &too_long);
    char *dialect = copy_text(ctx, arguments[2], 64, &too_long);
    char *answer = schema != NULL && instance != NULL && dialect != NULL ? schema_check(schema, instance, dialect) : NULL;
    free(schema);
    free(instance);
    free(dialect);
    if (answer == NULL) return api.JSValueMakeNull(ctx);
    JSValueRef value = make_string(ctx, answer);
    free(answer);
    return value;
}

static void define_function(JSGlobalContextRef ctx, const char *name, JSObjectCallAsFunctionCallback callback) {
    JSStringRef key = api.JSStringCreateWithUTF8CString(name);
    api.JSObjectSetProperty(ctx, api.JSContextGetGlobalObject(ctx), key, api.JSObjectMakeFunctionWithCallback(ctx, key, callback), 0, NULL);
    api.JSStringRelease(key);
}

void *ferry_js_context_create(void *group) {
    ferry_js_context *context = calloc(1, sizeof(ferry_js_context));
    if (context == NULL) return NULL;
    context->group = group;
    context->context = api.JSGlobalContextCreateInGroup(context->group->group, NULL);
    define_function(context->context, "__ferryReadModule", read_module);
    define_function(context->context, "__ferryRandomBytes", random_bytes);
    define_function(context->context, "__ferrySchemaCheck", check_schema);
    return context;
}

void ferry_js_context_release(void *context) {
    if (context == NULL) return;
    ferry_js_context *js = context;
    for (int i = 0; i < compiled_max; i++) {
        if (js->compiled[i].source == NULL) continue;
        api.JSValueUnprotect(js->context, js->compiled[i].function);
        free(js->compiled[i].source);
    }
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

/* The result of an evaluation or a call: its exception (kept as the global `__ferryException`) or its string value. */
static ferry_js_result result_of(ferry_js_context *js, JSValueRef value, JSValueRef exception, size_t max_length) {
    ferry_js_result result = {NULL, 0, 0, 0, 0};
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

/* Evaluates `source` (UTF-8) as `source_url` from `line`, within the time limit when `limited`; its exception in `exception`. */
static JSValueRef evaluate(ferry_js_context *js, const char *source, const char *source_url, int line, int limited, JSValueRef *exception) {
    JSStringRef script = api.JSStringCreateWithUTF8CString(source);
    JSStringRef url = api.JSStringCreateWithUTF8CString(source_url);
    js->group->terminated = 0;
    if (limited) limit(js->group);
    JSValueRef value = api.JSEvaluateScript(js->context, script, NULL, url, line, exception);
    if (limited) api.JSContextGroupClearExecutionTimeLimit(js->group->group);
    api.JSStringRelease(script);
    api.JSStringRelease(url);
    return value;
}

ferry_js_result ferry_js_evaluate(void *context, const char *source, const char *source_url, int line, size_t max_length, int limited) {
    ferry_js_context *js = context;
    JSValueRef exception = NULL;
    JSValueRef value = evaluate(js, source, source_url, line, limited, &exception);
    return result_of(js, value, exception, max_length);
}

/* FNV-1a over the text's 8-byte words, then its last bytes: a call hashes its script's source each time, and
 * a byte a step was most of the lookup (a 400-byte source, ~0.4 µs). Equal hashes are then compared as text. */
static unsigned long hash_of(const char *text) {
    size_t length = strlen(text), at = 0;
    unsigned long hash = 14695981039346656037UL ^ length;
    for (; at + 8 <= length; at += 8) {
        unsigned long word;
        memcpy(&word, text + at, sizeof word);
        hash = (hash ^ word) * 1099511628211UL;
    }
    for (; at < length; at++) hash = (hash ^ (unsigned char)text[at]) * 1099511628211UL;
    return hash;
}

/* The function `source` compiles to in `js` (compiled once, kept for the next call of the same source), or NULL
 * with the evaluation's exception. */
static JSObjectRef compiled_function(ferry_js_context *js, const char *source, const char *source_url, int line, JSValueRef *exception) {
    unsigned long hash = hash_of(source);
    for (int i = 0; i < compiled_max; i++) {
        ferry_js_compiled *entry = &js->compiled[i];
        if (entry->source != NULL && entry->hash == hash && strcmp(entry->source, source) == 0) return entry->function;
    }
    JSValueRef value = evaluate(js, source, source_url, line, 0, exception);
    if (*exception != NULL || value == NULL || !api.JSValueIsObject(js->context, value)) return NULL;
    JSObjectRef function = (JSObjectRef)value;
    char *copy = strdup(source);
    if (copy != NULL) {
        ferry_js_compiled *entry = &js->compiled[js->compiled_next];
        if (entry->source != NULL) {
            api.JSValueUnprotect(js->context, entry->function);
            free(entry->source);
        }
        api.JSValueProtect(js->context, function);
        *entry = (ferry_js_compiled){copy, hash, function};
        js->compiled_next = (js->compiled_next + 1) % compiled_max;
    }
    return function;
}

ferry_js_result ferry_js_call(
    void *context, const char *source, const char *source_url, int line, const char *const *arguments, int count, size_t max_length,
    int limited, const char *then_source) {
    ferry_js_context *js = context;
    JSValueRef exception = NULL;
    JSObjectRef function = compiled_function(js, source, source_url, line, &exception);
    if (function == NULL) return result_of(js, NULL, exception, max_length);
    JSObjectRef then = NULL;
    if (then_source != NULL) {
        then = compiled_function(js, then_source, source_url, line, &exception);
        if (then == NULL) return result_of(js, NULL, exception, max_length);
    }
    JSValueRef values[8];
    if (count > 8) count = 8;
    for (int i = 0; i < count; i++) values[i] = make_string(js->context, arguments[i]);
    js->group->terminated = 0;
    if (limited) limit(js->group);
    JSValueRef value = api.JSObjectCallAsFunction(js->context, function, NULL, (size_t)count, values, &exception);
    /* The call has returned to the API, so the promise reactions it queued have run: `then` sees the state they left. */
    int then_ran = then != NULL && exception == NULL && !js->group->terminated;
    if (then_ran) value = api.JSObjectCallAsFunction(js->context, then, NULL, 0, NULL, &exception);
    if (limited) api.JSContextGroupClearExecutionTimeLimit(js->group->group);
    ferry_js_result result = result_of(js, value, exception, max_length);
    result.then_ran = then_ran;
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
