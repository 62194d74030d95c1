// libcurl's easy interface, for BasketFetch. Debian: libcurl4-openssl-dev.
//
// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call: these typed
// wrappers pass each kind of value through.
#include <curl/curl.h>

static inline CURLcode basket_curl_set_long(CURL *curl, CURLoption option, long value) {
  return curl_easy_setopt(curl, option, value);
}

static inline CURLcode basket_curl_set_off(CURL *curl, CURLoption option, curl_off_t value) {
  return curl_easy_setopt(curl, option, value);
}

static inline CURLcode basket_curl_set_pointer(CURL *curl, CURLoption option, void *value) {
  return curl_easy_setopt(curl, option, value);
}

static inline CURLcode basket_curl_set_string(CURL *curl, CURLoption option, const char *value) {
  return curl_easy_setopt(curl, option, value);
}

static inline CURLcode basket_curl_set_write(CURL *curl, curl_write_callback callback) {
  return curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, callback);
}

static inline CURLcode basket_curl_set_opensocket(CURL *curl, curl_opensocket_callback callback) {
  return curl_easy_setopt(curl, CURLOPT_OPENSOCKETFUNCTION, callback);
}

static inline CURLcode basket_curl_get_long(CURL *curl, CURLINFO info, long *value) {
  return curl_easy_getinfo(curl, info, value);
}

static inline CURLcode basket_curl_get_string(CURL *curl, CURLINFO info, char **value) {
  return curl_easy_getinfo(curl, info, value);
}
