// libqrencode (Debian libqrencode-dev to build, libqrencode4 to run): QR codes for the
// household's invitations.
//
// NB: the binary does not link libqrencode: BasketQR opens it on first use with
// basket_qrencode_load, so only `basket invite`, `serve` and the Add a phone screen map it.
#include "../CLibraryTable/library_table.h"
#include <stddef.h>
#include <qrencode.h>

#define BASKET_QRENCODE_FUNCTIONS(X) \
  X(QRcode_encodeString) \
  X(QRcode_free)

// libqrencode's functions that Basket uses: struct basket_qrencode, filled by basket_qrencode_load
// (`soname`: "libqrencode.so.4").
BASKET_LIBRARY_TABLE(qrencode, BASKET_QRENCODE_FUNCTIONS)
