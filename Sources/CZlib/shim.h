// zlib (Debian zlib1g-dev to build, zlib1g to run): gzip for the list's answers.
//
// NB: the binary does not link zlib: BasketWeb opens it the first time a client accepts gzip,
// with basket_zlib_load, and calls through the table, whose pointer types are the header's own.
#include "../CLibraryTable/library_table.h"
#include <stddef.h>
#include <zlib.h>

#define BASKET_ZLIB_FUNCTIONS(X) \
  X(deflateInit2_) \
  X(deflate) \
  X(deflateEnd) \
  X(deflateBound) \
  X(inflateInit2_) \
  X(inflate) \
  X(inflateEnd)

// zlib's functions that Basket uses: struct basket_zlib, filled by basket_zlib_load
// (`soname`: "libz.so.1"). NB: shared between threads, each with a stream of its own.
BASKET_LIBRARY_TABLE(zlib, BASKET_ZLIB_FUNCTIONS)

/// deflateInit2 (a macro over deflateInit2_) for a gzip member (RFC 1952): window 2^15,
/// the header and CRC-32 written by zlib.
static inline int basket_zlib_deflate_gzip(
    const struct basket_zlib *_Nonnull table, z_stream *_Nonnull stream, int level) {
  return table->deflateInit2_(stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY,
                              ZLIB_VERSION, (int)sizeof(z_stream));
}

/// inflateInit2 for a gzip member.
static inline int basket_zlib_inflate_gzip(
    const struct basket_zlib *_Nonnull table, z_stream *_Nonnull stream) {
  return table->inflateInit2_(stream, 15 + 16, ZLIB_VERSION, (int)sizeof(z_stream));
}
