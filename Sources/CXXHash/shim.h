// Debian's libxxhash: XXH3-128, the history's fingerprint of a response body (FerryDigest).
#include <xxhash.h>

#if defined(__x86_64__) && __has_include(<xxh_x86dispatch.h>)
// The library's x86 dispatch picks the widest vectors the CPU has (AVX-512 or AVX2): its plain
// XXH3_128bits_update is built for SSE2, 4 times as slow here (54 against 13 ms a GiB), and that
// was the history's whole cost on a 1 GiB download.
#define XXH_DISPATCH_DISABLE_REPLACE 1
#include <xxh_x86dispatch.h>
static inline XXH_errorcode ferry_xxh3_128_update(XXH3_state_t *state, const void *input, size_t length) {
    return XXH3_128bits_update_dispatch(state, input, length);
}
#else
static inline XXH_errorcode ferry_xxh3_128_update(XXH3_state_t *state, const void *input, size_t length) {
    return XXH3_128bits_update(state, input, length);
}
#endif
