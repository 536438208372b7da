#ifndef FERRY_CJAVASCRIPTCORE_H
#define FERRY_CJAVASCRIPTCORE_H
/*
 * JavaScriptCore's C API, loaded with dlopen when the first script runs: `ferry` does not link
 * libjavascriptcoregtk, so it starts without it and runs everything but scripts where it is
 * missing. The few functions Ferry calls are declared here as function-pointer types (the
 * API's own signatures, as in JavaScriptCore/JavaScript.h and JSContextRefPrivate.h), so
 * building needs no -dev package. Every symbol is prefixed `ferry_js_`.
 */
#include <stddef.h>

/** What came of evaluating a script: its result as UTF-8 text, or the exception's. */
typedef struct ferry_js_result {
    /** malloc'd UTF-8 (free with ferry_js_result_free); NULL when too long or not text. */
    char *text;
    /** 1 when the script threw (its exception is kept as the global `__ferryException`). */
    int threw;
    /** 1 when the time limit ended the script. */
    int terminated;
    /** 1 when the result was longer than the caller's bound (text is then NULL). */
    int too_long;
    /** 1 when `ferry_js_call`'s `then_source` ran after the call: the result is its. */
    int then_ran;
} ferry_js_result;

/**
 * Loads the library (`library`, e.g. "libjavascriptcoregtk-4.1.so.0") once per process; 1 when
 * every function was found, else 0 with dlerror's reason in `error`.
 */
int ferry_js_load(const char *library, char *error, size_t error_size);

/** A context group (one VM) whose limited evaluations are each stopped after `seconds` of running. */
void *ferry_js_group_create(double seconds);
void ferry_js_group_release(void *group);

/**
 * While set, a limited evaluation in `group` calls `pump(data)` when the watchdog it arms every 2 ms of its
 * thread's CPU stops it (JavaScriptCore's next trap check: ~8 ms apart measured, 2–28 ms) and goes
 * on until its time limit: a thread that also drives transfers keeps them going while a script runs
 * there. NULL takes it away. Set by the evaluating thread before each evaluation.
 */
void ferry_js_group_set_pump(void *group, void (*pump)(void *), void *data);

/**
 * Checks JSON `instance` against JSON Schema `schema` (both UTF-8 JSON text) in `dialect` (a `$schema`
 * draft name, or empty): a malloc'd UTF-8 JSON answer the caller frees, or NULL.
 */
typedef char *(*ferry_js_schema_check)(const char *schema, const char *instance, const char *dialect);

/** The host's JSON Schema validator, behind scripts' `__ferrySchemaCheck`; set before the first context. */
void ferry_js_set_schema_check(ferry_js_schema_check check);

/** A fresh global context in `group`, with three host functions: `__ferryReadModule(path)` (the text of a
 * file of Debian's JavaScript libraries, /usr/share/nodejs, /usr/lib/nodejs, /usr/share/javascript; else
 * null), `__ferryRandomBytes(n)` (n random bytes as hex) and `__ferrySchemaCheck(schema, instance,
 * dialect)` (the schema check's answer, or null). */
void *ferry_js_context_create(void *group);
void ferry_js_context_release(void *context);

/**
 * Evaluates `source` (UTF-8) in `context`, naming it `source_url` from line `line` in stack
 * traces; the result's text is at most `max_length` UTF-16 units. With `limited` (a user's
 * script), the group's time limit stops it; Ferry's own code runs without one.
 */
ferry_js_result ferry_js_evaluate(void *context, const char *source, const char *source_url, int line, size_t max_length, int limited);

/**
 * Calls the function `source` evaluates to (named `source_url` from `line`) with `count` (at most 8)
 * UTF-8 string arguments, like `ferry_js_evaluate`'s result. Each context compiles a source once and
 * keeps the function for the next call of the same source (the 64 last), so a script run again skips
 * JavaScriptCore's parse and link of a program; a syntax error is the evaluation's exception. With
 * `then_source` (or NULL), the function it compiles to is called with no arguments once the call has
 * returned without an exception or being stopped — after the promise reactions it queued have run — in
 * the same time limit, and the result is that call's (`then_ran`).
 */
ferry_js_result ferry_js_call(
    void *context, const char *source, const char *source_url, int line, const char *const *arguments, int count, size_t max_length,
    int limited, const char *then_source);

void ferry_js_result_free(ferry_js_result *result);

/** Sets the global `name` of `context` to the UTF-8 text `value` (a string, never parsed as code). */
void ferry_js_set_string(void *context, const char *name, const char *value);

#endif
