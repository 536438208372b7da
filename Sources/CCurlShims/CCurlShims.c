#define _GNU_SOURCE /* pipe2 */
#include "CCurlShims.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/epoll.h>
#include <unistd.h>

CURLcode ferry_curl_global_init(void) { return curl_global_init(CURL_GLOBAL_ALL); }

CURLcode ferry_curl_easy_setopt_long(CURL *h, CURLoption o, long v) { return curl_easy_setopt(h, o, v); }
CURLcode ferry_curl_easy_setopt_off_t(CURL *h, CURLoption o, curl_off_t v) { return curl_easy_setopt(h, o, v); }
CURLcode ferry_curl_easy_setopt_string(CURL *h, CURLoption o, const char *v) { return curl_easy_setopt(h, o, v); }
CURLcode ferry_curl_easy_setopt_pointer(CURL *h, CURLoption o, void *v) { return curl_easy_setopt(h, o, v); }
CURLcode ferry_curl_easy_setopt_slist(CURL *h, CURLoption o, struct curl_slist *v) { return curl_easy_setopt(h, o, v); }
CURLcode ferry_curl_easy_setopt_share(CURL *h, CURLSH *s) { return curl_easy_setopt(h, CURLOPT_SHARE, s); }
CURLcode ferry_curl_easy_setopt_io_callback(CURL *h, CURLoption o, ferry_curl_io_callback cb) { return curl_easy_setopt(h, o, cb); }
CURLcode ferry_curl_easy_setopt_xferinfo_callback(CURL *h, curl_xferinfo_callback cb) { return curl_easy_setopt(h, CURLOPT_XFERINFOFUNCTION, cb); }
CURLcode ferry_curl_easy_setopt_debug_callback(CURL *h, curl_debug_callback cb) { return curl_easy_setopt(h, CURLOPT_DEBUGFUNCTION, cb); }
CURLcode ferry_curl_easy_setopt_seek_callback(CURL *h, curl_seek_callback cb) { return curl_easy_setopt(h, CURLOPT_SEEKFUNCTION, cb); }
static curl_socket_t ferry_no_socket(void *context, curlsocktype purpose, struct curl_sockaddr *address) {
    (void)context; (void)purpose; (void)address;
    return CURL_SOCKET_BAD;
}
CURLcode ferry_curl_easy_refuse_new_connections(CURL *h) { return curl_easy_setopt(h, CURLOPT_OPENSOCKETFUNCTION, ferry_no_socket); }

CURLcode ferry_curl_easy_getinfo_long(CURL *h, CURLINFO i, long *v) { return curl_easy_getinfo(h, i, v); }
CURLcode ferry_curl_easy_getinfo_off_t(CURL *h, CURLINFO i, curl_off_t *v) { return curl_easy_getinfo(h, i, v); }
CURLcode ferry_curl_easy_getinfo_string(CURL *h, CURLINFO i, const char **v) { return curl_easy_getinfo(h, i, v); }
CURLcode ferry_curl_easy_getinfo_slist(CURL *h, CURLINFO i, struct curl_slist **v) { return curl_easy_getinfo(h, i, v); }

CURLMcode ferry_curl_multi_setopt_long(CURLM *m, CURLMoption o, long v) { return curl_multi_setopt(m, o, v); }
CURLSHcode ferry_curl_share_setopt_long(CURLSH *s, CURLSHoption o, long v) { return curl_share_setopt(s, o, v); }

long ferry_curl_http_version_none(void) { return CURL_HTTP_VERSION_NONE; }
long ferry_curl_http_version_1_1(void) { return CURL_HTTP_VERSION_1_1; }
long ferry_curl_http_version_2tls(void) { return CURL_HTTP_VERSION_2TLS; }
long ferry_curl_http_version_2_0(void) { return CURL_HTTP_VERSION_2_0; }
long ferry_curl_http_version_2_prior_knowledge(void) { return CURL_HTTP_VERSION_2_PRIOR_KNOWLEDGE; }
long ferry_curl_pipe_multiplex(void) { return CURLPIPE_MULTIPLEX; }

int ferry_curl_has_feature(int bit) { return (curl_version_info(CURLVERSION_NOW)->features & bit) != 0; }
int ferry_curl_feature_brotli(void) { return CURL_VERSION_BROTLI; }
int ferry_curl_feature_zstd(void) { return CURL_VERSION_ZSTD; }
const char *ferry_curl_version(void) { return curl_version_info(CURLVERSION_NOW)->version; }
size_t ferry_curl_readfunc_abort(void) { return CURL_READFUNC_ABORT; }
size_t ferry_curl_readfunc_pause(void) { return CURL_READFUNC_PAUSE; }
CURLcode ferry_curl_easy_unpause(CURL *h) { return curl_easy_pause(h, CURLPAUSE_CONT); }
size_t ferry_curl_writefunc_pause(void) { return CURL_WRITEFUNC_PAUSE; }
long ferry_curl_auth_digest(void) { return (long)CURLAUTH_DIGEST; }

CURLMcode ferry_curl_multi_setopt_socket_callback(CURLM *m, ferry_curl_socket_callback cb, void *context) {
    CURLMcode code = curl_multi_setopt(m, CURLMOPT_SOCKETFUNCTION, cb);
    return code != CURLM_OK ? code : curl_multi_setopt(m, CURLMOPT_SOCKETDATA, context);
}
CURLMcode ferry_curl_multi_setopt_timer_callback(CURLM *m, ferry_curl_timer_callback cb, void *context) {
    CURLMcode code = curl_multi_setopt(m, CURLMOPT_TIMERFUNCTION, cb);
    return code != CURLM_OK ? code : curl_multi_setopt(m, CURLMOPT_TIMERDATA, context);
}
CURLMcode ferry_curl_multi_socket_action(CURLM *m, int fd, int readable, int writable, int failed, int *running) {
    int mask = (readable ? CURL_CSELECT_IN : 0) | (writable ? CURL_CSELECT_OUT : 0) | (failed ? CURL_CSELECT_ERR : 0);
    return curl_multi_socket_action(m, fd < 0 ? CURL_SOCKET_TIMEOUT : fd, mask, running);
}
int ferry_curl_poll_remove(void) { return CURL_POLL_REMOVE; }

int ferry_epoll_create(void) { return epoll_create1(EPOLL_CLOEXEC); }
int ferry_wake_pipe(int ends[2]) { return pipe2(ends, O_NONBLOCK | O_CLOEXEC); }

int ferry_epoll_watch(int epoll, int fd, int what) {
    if (what == 0) return epoll_ctl(epoll, EPOLL_CTL_DEL, fd, NULL);
    struct epoll_event event = {0};
    event.events = ((what & 1) ? EPOLLIN : 0) | ((what & 2) ? EPOLLOUT : 0);
    event.data.fd = fd;
    if (epoll_ctl(epoll, EPOLL_CTL_MOD, fd, &event) == 0) return 0;
    return errno == ENOENT ? epoll_ctl(epoll, EPOLL_CTL_ADD, fd, &event) : -1;
}

int ferry_epoll_wait(int epoll, int *fds, int *what, int max, int timeout_ms) {
    struct epoll_event events[256];
    if (max > 256) max = 256;
    int count = epoll_wait(epoll, events, max, timeout_ms);
    for (int i = 0; i < count; i++) {
        fds[i] = events[i].data.fd;
        what[i] = ((events[i].events & EPOLLIN) ? 1 : 0) | ((events[i].events & EPOLLOUT) ? 2 : 0)
            | ((events[i].events & (EPOLLERR | EPOLLHUP)) ? 4 : 0);
    }
    return count < 0 ? 0 : count;
}
