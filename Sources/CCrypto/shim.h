// OpenSSL's libcrypto, which libcurl already loads: Ferry's hashes (FerryDigest).
#include <openssl/evp.h>
#include <openssl/hmac.h>
