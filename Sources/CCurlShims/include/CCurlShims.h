#ifndef FERRY_CCURL_SHIMS_H
#define FERRY_CCURL_SHIMS_H
/*
 * Typed wrappers for the parts of libcurl Swift cannot import: the variadic
 * curl_easy_setopt / curl_easy_getinfo / curl_multi_setopt / curl_share_setopt,
 * and the macro constants. Every symbol is prefixed `ferry_curl_`.
 */
#include "../../CCurl/CCurl.h"

typedef size_t (*ferry_curl_io_callback)(char *buffer, size_t size, size_t count, void *context);

CURLcode ferry_curl_global_init(void);

CURLcode ferry_curl_easy_setopt_long(CURL *handle, CURLoption option, long value);
CURLcode ferry_curl_easy_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value);
CURLcode ferry_curl_easy_setopt_string(CURL *handle, CURLoption option, const char *value);
CURLcode ferry_curl_easy_setopt_pointer(CURL *handle, CURLoption option, void *value);
CURLcode ferry_curl_easy_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value);
CURLcode ferry_curl_easy_setopt_share(CURL *handle, CURLSH *share);
/** For CURLOPT_WRITEFUNCTION, CURLOPT_READFUNCTION and CURLOPT_HEADERFUNCTION. */
CURLcode ferry_curl_easy_setopt_io_callback(CURL *handle, CURLoption option, ferry_curl_io_callback callback);
CURLcode ferry_curl_easy_setopt_xferinfo_callback(CURL *handle, curl_xferinfo_callback callback);
CURLcode ferry_curl_easy_setopt_debug_callback(CURL *handle, curl_debug_callback callback);
CURLcode ferry_curl_easy_setopt_seek_callback(CURL *handle, curl_seek_callback callback);
/** Makes the transfer fail with CURLE_COULDNT_CONNECT, before anything is sent, if it would open a new
 *  connection: it may only reuse one (an opensocket callback that opens none). */
CURLcode ferry_curl_easy_refuse_new_connections(CURL *handle);

CURLcode ferry_curl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value);
CURLcode ferry_curl_easy_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value);
CURLcode ferry_curl_easy_getinfo_string(CURL *handle, CURLINFO info, const char **value);
/** For CURLINFO_COOKIELIST; the caller frees the list with curl_slist_free_all. */
CURLcode ferry_curl_easy_getinfo_slist(CURL *handle, CURLINFO info, struct curl_slist **value);

CURLMcode ferry_curl_multi_setopt_long(CURLM *multi, CURLMoption option, long value);
/** CURLPIPE_MULTIPLEX, for CURLMOPT_PIPELINING. */
long ferry_curl_pipe_multiplex(void);

/*
 * curl_multi_socket_action's event loop (ferry load): libcurl says which sockets to watch through
 * CURLMOPT_SOCKETFUNCTION and when to call it back through CURLMOPT_TIMERFUNCTION; an epoll set
 * watches them. epoll is wrapped here because its event struct is packed on x86-64.
 */
typedef int (*ferry_curl_socket_callback)(CURL *easy, curl_socket_t socket, int what, void *context, void *socket_context);
typedef int (*ferry_curl_timer_callback)(CURLM *multi, long timeout_ms, void *context);
CURLMcode ferry_curl_multi_setopt_socket_callback(CURLM *multi, ferry_curl_socket_callback callback, void *context);
CURLMcode ferry_curl_multi_setopt_timer_callback(CURLM *multi, ferry_curl_timer_callback callback, void *context);
/** curl_multi_socket_action for a socket's readiness (`readable`, `writable`, `failed`), or for the timeout with fd -1. */
CURLMcode ferry_curl_multi_socket_action(CURLM *multi, int fd, int readable, int writable, int failed, int *running);
/** CURL_POLL_IN, _OUT, _INOUT and _REMOVE as bits: 1 read, 2 write; 4 for remove. */
int ferry_curl_poll_remove(void);
/** A new epoll set (close-on-exec), or -1. */
int ferry_epoll_create(void);
/** A non-blocking, close-on-exec pipe: `ends[0]` to read, `ends[1]` to write. */
int ferry_wake_pipe(int ends[2]);
/** Watches `fd` for reading (bit 1) and writing (bit 2) in the epoll set, or stops watching it (0). */
int ferry_epoll_watch(int epoll, int fd, int what);
/** Waits up to `timeout_ms` for events: fills `fds` and `what` (1 readable, 2 writable, 4 error), returns their count. */
int ferry_epoll_wait(int epoll, int *fds, int *what, int max, int timeout_ms);
CURLSHcode ferry_curl_share_setopt_long(CURLSH *share, CURLSHoption option, long value);

/* Constants defined as macros or aliases. */
long ferry_curl_http_version_none(void);
long ferry_curl_http_version_1_1(void);
long ferry_curl_http_version_2tls(void);
long ferry_curl_http_version_2_0(void);
long ferry_curl_http_version_2_prior_knowledge(void);
/** Non-zero when this libcurl can decode the named content encoding ("br", "zstd"). */
int ferry_curl_has_feature(int feature_bit);
int ferry_curl_feature_brotli(void);
int ferry_curl_feature_zstd(void);
const char *ferry_curl_version(void);
/** CURL_READFUNC_ABORT, returned from a read callback to abort the transfer. */
size_t ferry_curl_readfunc_abort(void);
/** CURL_READFUNC_PAUSE, returned from a read callback to pause sending until curl_easy_pause. */
size_t ferry_curl_readfunc_pause(void);
/** CURL_WRITEFUNC_PAUSE, returned from a write callback to pause receiving. */
size_t ferry_curl_writefunc_pause(void);
/** Resumes a paused transfer (CURLPAUSE_CONT). */
CURLcode ferry_curl_easy_unpause(CURL *handle);
/** CURLAUTH_DIGEST, for CURLOPT_HTTPAUTH. */
long ferry_curl_auth_digest(void);

#endif
