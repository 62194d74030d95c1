// libxml2, for BasketRecipeImport (HTML) and BasketCalDAV (WebDAV XML). Debian: libxml2-dev to
// build, libxml2 to run.
//
// NB: the product does not link libxml2 (built with ICU, it would map ICU into every start):
// each adapter opens it on first use with basket_libxml2_load and calls through the table,
// whose pointer types are the headers' own. RecipeLab, a lab tool, links it and calls it
// directly.
#include <dlfcn.h>
#include <libxml/HTMLparser.h>
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/tree.h>
// WebDAV bodies for BasketCalDAV: the tree reader and the text writer.
#include <libxml/xmlwriter.h>

#define BASKET_LIBXML2_FUNCTIONS(X) \
  X(htmlCtxtUseOptions) \
  X(htmlParseDocument) \
  X(htmlReadMemory) \
  X(xmlBufferContent) \
  X(xmlBufferCreate) \
  X(xmlBufferFree) \
  X(xmlBufferLength) \
  X(xmlCreateMemoryParserCtxt) \
  X(xmlDocGetRootElement) \
  X(xmlFindCharEncodingHandler) \
  X(xmlFreeDoc) \
  X(xmlFreeParserCtxt) \
  X(xmlFreeTextWriter) \
  X(xmlInitParser) \
  X(xmlNewTextWriterMemory) \
  X(xmlReadMemory) \
  X(xmlSetStructuredErrorFunc) \
  X(xmlStrdup) \
  X(xmlSwitchToEncoding) \
  X(xmlTextWriterEndDocument) \
  X(xmlTextWriterEndElement) \
  X(xmlTextWriterFlush) \
  X(xmlTextWriterStartDocument) \
  X(xmlTextWriterStartElement) \
  X(xmlTextWriterStartElementNS) \
  X(xmlTextWriterWriteAttribute) \
  X(xmlTextWriterWriteString)

/// libxml2's functions that Basket uses, found by name in the library.
// NB: immutable once loaded, so safe to share between threads.
struct __attribute__((swift_attr("@Sendable"))) basket_libxml2 {
#define BASKET_LIBXML2_FIELD(name) __typeof__(name) *_Nonnull name;
  BASKET_LIBXML2_FUNCTIONS(BASKET_LIBXML2_FIELD)
#undef BASKET_LIBXML2_FIELD
};

/// Opens libxml2 (`soname`: "libxml2.so.2") and fills `table`: NULL when every function was found, else what failed (the
/// loader's message, or the missing function's name). Not thread-safe: call it once.
static inline const char *_Nullable basket_libxml2_load(
    struct basket_libxml2 *_Nonnull table, const char *_Nonnull soname) {
  void *library = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) return dlerror();
#define BASKET_LIBXML2_FIND(name) \
  if ((table->name = (__typeof__(name) *)dlsym(library, #name)) == NULL) return #name;
  BASKET_LIBXML2_FUNCTIONS(BASKET_LIBXML2_FIND)
#undef BASKET_LIBXML2_FIND
  return NULL;
}
