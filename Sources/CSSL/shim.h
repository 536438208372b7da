// OpenSSL's libssl, which libcurl already loads: FerryTLS. The inline functions stand for OpenSSL
// macros, which Swift cannot import.
#include <openssl/ssl.h>
#include <openssl/err.h>
#include <openssl/pem.h>
#include <openssl/x509v3.h>

static inline long ferry_SSL_CTX_set_min_proto_version(SSL_CTX *context, int version) {
    return SSL_CTX_set_min_proto_version(context, version);
}

static inline long ferry_SSL_CTX_add1_chain_cert(SSL_CTX *context, X509 *certificate) {
    return SSL_CTX_add1_chain_cert(context, certificate);
}

static inline long ferry_SSL_set_tlsext_host_name(SSL *ssl, const char *name) {
    return SSL_set_tlsext_host_name(ssl, name);
}
