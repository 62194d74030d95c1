// libcurl's easy interface, for BasketFetch. Debian: libcurl4-openssl-dev to build, libcurl4 to
// run.
//
// NB: the binary does not link libcurl: BasketFetch opens it on the first fetch with
// basket_curl_load, so commands that never fetch don't map it (nor GnuTLS, Kerberos, LDAP).
// Each function is called through the table, whose pointer types are the headers' own.
// NB: with curl.h's type-checking macros, curl_easy_setopt would expand inside the wrappers.
#define CURL_DISABLE_TYPECHECK
#include <curl/curl.h>
#include "../CLibraryTable/library_table.h"

#define BASKET_CURL_FUNCTIONS(X) \
  X(curl_easy_cleanup) \
  X(curl_easy_getinfo) \
  X(curl_easy_init) \
  X(curl_easy_perform) \
  X(curl_easy_setopt) \
  X(curl_easy_strerror) \
  X(curl_global_init)

// libcurl's functions that Basket uses: struct basket_curl, filled by basket_curl_load
// (`soname`: "libcurl.so.4").
BASKET_LIBRARY_TABLE(curl, BASKET_CURL_FUNCTIONS)

// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call: these typed
// wrappers pass each kind of value through the table's (variadic) pointers.

static inline CURLcode basket_curl_set_long(
    const struct basket_curl *_Nonnull curl_, CURL *curl, CURLoption option, long value) {
  return curl_->curl_easy_setopt(curl, option, value);
}

static inline CURLcode basket_curl_set_off(
    const struct basket_curl *_Nonnull curl_, CURL *curl, CURLoption option, curl_off_t value) {
  return curl_->curl_easy_setopt(curl, option, value);
}

static inline CURLcode basket_curl_set_pointer(
    const struct basket_curl *_Nonnull curl_, CURL *curl, CURLoption option, void *value) {
  return curl_->curl_easy_setopt(curl, option, value);
}

static inline CURLcode basket_curl_set_string(
    const struct basket_curl *_Nonnull curl_, CURL *curl, CURLoption option, const char *value) {
  return curl_->curl_easy_setopt(curl, option, value);
}

static inline CURLcode basket_curl_set_write(
    const struct basket_curl *_Nonnull curl_, CURL *curl, curl_write_callback callback) {
  return curl_->curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, callback);
}

static inline CURLcode basket_curl_set_opensocket(
    const struct basket_curl *_Nonnull curl_, CURL *curl, curl_opensocket_callback callback) {
  return curl_->curl_easy_setopt(curl, CURLOPT_OPENSOCKETFUNCTION, callback);
}

static inline CURLcode basket_curl_get_long(
    const struct basket_curl *_Nonnull curl_, CURL *curl, CURLINFO info, long *value) {
  return curl_->curl_easy_getinfo(curl, info, value);
}

static inline CURLcode basket_curl_get_string(
    const struct basket_curl *_Nonnull curl_, CURL *curl, CURLINFO info, char **value) {
  return curl_->curl_easy_getinfo(curl, info, value);
}
