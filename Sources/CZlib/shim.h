// zlib, which libcurl already loads: gRPC's gzip and deflate message compression. The inline
// functions stand for zlib's init macros, which Swift cannot import.
#include <zlib.h>

static inline int ferry_deflateInit2(z_streamp stream, int level, int windowBits) {
    return deflateInit2(stream, level, Z_DEFLATED, windowBits, 8, Z_DEFAULT_STRATEGY);
}

static inline int ferry_inflateInit2(z_streamp stream, int windowBits) {
    return inflateInit2(stream, windowBits);
}
