// OpenSSL's headers for the Networking module (Debian package: libssl-dev): its types and
// constants only. Nothing links against OpenSSL; `OpenSSLLibrary` loads it on first use.
#ifndef INVEST_COPENSSL_SHIM_H
#define INVEST_COPENSSL_SHIM_H

#include <openssl/ssl.h>
#include <openssl/err.h>
#include <openssl/evp.h>

#endif
