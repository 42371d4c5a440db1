// OpenSSL for the Networking module (Debian package: libssl-dev). Only what is a macro in
// OpenSSL's headers, which Swift can't call, is wrapped here.
#ifndef INVEST_COPENSSL_SHIM_H
#define INVEST_COPENSSL_SHIM_H

#include <openssl/ssl.h>
#include <openssl/err.h>
#include <openssl/evp.h>

/// SNI: which host's certificate the server should present.
static inline long invest_ssl_set_server_name(SSL *ssl, const char *host) {
    return SSL_set_tlsext_host_name(ssl, host);
}

/// No protocol older than TLS 1.2.
static inline long invest_ssl_ctx_require_tls12(SSL_CTX *context) {
    return SSL_CTX_set_min_proto_version(context, TLS1_2_VERSION);
}

#endif
