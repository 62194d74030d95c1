// libqrencode (Debian libqrencode-dev to build, libqrencode4 to run): QR codes for the
// household's invitations.
//
// NB: the binary does not link libqrencode: BasketQR opens it on first use with
// basket_qrencode_load, so only `basket invite`, `serve` and the Add a phone screen map it.
#include <dlfcn.h>
#include <stddef.h>
#include <qrencode.h>

#define BASKET_QRENCODE_FUNCTIONS(X) \
  X(QRcode_encodeString) \
  X(QRcode_free)

/// libqrencode's functions that Basket uses, found by name in the library.
// NB: immutable once loaded, so safe to share between threads.
struct __attribute__((swift_attr("@Sendable"))) basket_qrencode {
#define BASKET_QRENCODE_FIELD(name) __typeof__(name) *_Nonnull name;
  BASKET_QRENCODE_FUNCTIONS(BASKET_QRENCODE_FIELD)
#undef BASKET_QRENCODE_FIELD
};

/// Opens libqrencode (`soname`: "libqrencode.so.4") and fills `table`: NULL when every
/// function was found, else what failed. Not thread-safe: call it once.
static inline const char *_Nullable basket_qrencode_load(
    struct basket_qrencode *_Nonnull table, const char *_Nonnull soname) {
  void *library = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) return dlerror();
#define BASKET_QRENCODE_FIND(name) \
  if ((table->name = (__typeof__(name) *)dlsym(library, #name)) == NULL) return #name;
  BASKET_QRENCODE_FUNCTIONS(BASKET_QRENCODE_FIND)
#undef BASKET_QRENCODE_FIND
  return NULL;
}
