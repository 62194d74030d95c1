#ifndef BASKET_TLS_COMPAT_H
#define BASKET_TLS_COMPAT_H

/// The compatibility library's version; also a symbol to check it loaded.
int basket_tls_compat_version(void);

#endif
