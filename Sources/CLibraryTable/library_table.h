// What every adapter's shim (Sources/C*/shim.h) declares for a library the binary does not
// link but opens on first use: a table of the functions Basket calls, each typed by the
// library's own header, and the loader that fills it. Included by path, not a module of its
// own: it defines only macros, which each shim expands into its own module.
#ifndef BASKET_LIBRARY_TABLE_H
#define BASKET_LIBRARY_TABLE_H

#include <dlfcn.h>

#define BASKET_LIBRARY_FIELD(name) __typeof__(name) *_Nonnull name;
#define BASKET_LIBRARY_FIND(name) \
  if ((table->name = (__typeof__(name) *)dlsym(library, #name)) == NULL) return #name;

// Declares `struct basket_<lib>`, one pointer for each function FUNCTIONS(X) lists, found by
// name in the library (immutable once loaded, so safe to share between threads), and
// `basket_<lib>_load(table, soname)`, which opens the library and fills `table`: NULL when
// every function was found, else what failed (the loader's message, or the missing function's
// name). Not thread-safe: call it once.
#define BASKET_LIBRARY_TABLE(lib, FUNCTIONS) \
  struct __attribute__((swift_attr("@Sendable"))) basket_##lib { \
    FUNCTIONS(BASKET_LIBRARY_FIELD) \
  }; \
  static inline const char *_Nullable basket_##lib##_load( \
      struct basket_##lib *_Nonnull table, const char *_Nonnull soname) { \
    void *library = dlopen(soname, RTLD_NOW | RTLD_LOCAL); \
    if (library == NULL) return dlerror(); \
    FUNCTIONS(BASKET_LIBRARY_FIND) \
    return NULL; \
  }

#endif
