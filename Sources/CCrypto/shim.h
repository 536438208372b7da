// OpenSSL's libcrypto, which libcurl already loads: Ferry's hashes (FerryDigest) and the demo
// server's public-key pin (FerryServer's DemoTLSIdentity).
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
