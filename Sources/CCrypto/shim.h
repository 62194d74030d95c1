// OpenSSL's libcrypto (Debian libssl-dev to build, libssl3 to run): HMAC, digests,
// constant-time comparison, random bytes.
//
// NB: the binary does not link libcrypto: BasketCrypto opens it on first use with
// basket_crypto_load, so commands that never sign or compare a secret (list, add, check) don't
// map it. Each function is called through the table, whose pointer types are the headers' own.
// NB: HMAC() is deprecated in OpenSSL 3 in favour of EVP_MAC, but still the one-call form; the
// table only names its type.
#define OPENSSL_SUPPRESS_DEPRECATED
#include <dlfcn.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>
#include <sys/random.h>

#define BASKET_CRYPTO_FUNCTIONS(X) \
  X(CRYPTO_memcmp) \
  X(EVP_Digest) \
  X(EVP_sha256) \
  X(HMAC) \
  X(RAND_bytes)

/// libcrypto's functions that Basket uses, found by name in the library.
// NB: immutable once loaded, so safe to share between threads.
struct __attribute__((swift_attr("@Sendable"))) basket_crypto {
#define BASKET_CRYPTO_FIELD(name) __typeof__(name) *_Nonnull name;
  BASKET_CRYPTO_FUNCTIONS(BASKET_CRYPTO_FIELD)
#undef BASKET_CRYPTO_FIELD
};

/// Opens libcrypto (`soname`: "libcrypto.so.3") and fills `table`: NULL when every function
/// was found, else what failed (the loader's message, or the missing function's name). Not
/// thread-safe: call it once.
static inline const char *_Nullable basket_crypto_load(
    struct basket_crypto *_Nonnull table, const char *_Nonnull soname) {
  void *library = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) return dlerror();
#define BASKET_CRYPTO_FIND(name) \
  if ((table->name = (__typeof__(name) *)dlsym(library, #name)) == NULL) return #name;
  BASKET_CRYPTO_FUNCTIONS(BASKET_CRYPTO_FIND)
#undef BASKET_CRYPTO_FIND
  return NULL;
}
