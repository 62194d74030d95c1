// OpenSSL 3 compatibility for Debian's civetweb 1.15.
//
// civetweb loads OpenSSL at run time with dlopen("libssl.so") and looks up every function it
// needs by its OpenSSL 1.1 name. OpenSSL 3 renamed one of them, SSL_get_peer_certificate, to
// SSL_get1_peer_certificate (the old name is only a macro now), so civetweb's TLS set-up
// fails. This library is built with the soname "libssl.so" and links the real libssl: once
// loaded (WebServer does it before starting TLS), civetweb's dlopen("libssl.so") finds it, and
// its symbol look-ups reach the real libssl through it, plus the one old name defined here.

#include "BasketTLSCompat.h"

#include <openssl/ssl.h>

#undef SSL_get_peer_certificate
X509 *SSL_get_peer_certificate(const SSL *ssl);

X509 *SSL_get_peer_certificate(const SSL *ssl) { return SSL_get1_peer_certificate(ssl); }

int basket_tls_compat_version(void) { return 1; }
