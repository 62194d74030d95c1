// libxml2, for BasketRecipeImport (HTML) and BasketCalDAV (WebDAV XML). Debian: libxml2-dev to
// build, libxml2 to run.
//
// NB: the product does not link libxml2 (built with ICU, it would map ICU into every start):
// each adapter opens it on first use with basket_libxml2_load and calls through the table,
// whose pointer types are the headers' own. RecipeLab, a lab tool, links it and calls it
// directly.
#include "../CLibraryTable/library_table.h"
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

// libxml2's functions that Basket uses: struct basket_libxml2, filled by basket_libxml2_load
// (`soname`: "libxml2.so.2").
BASKET_LIBRARY_TABLE(libxml2, BASKET_LIBXML2_FUNCTIONS)
