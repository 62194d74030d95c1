// libxml2, for BasketRecipeImport (HTML) and BasketCalDAV (WebDAV XML). Debian: libxml2-dev.
#include <libxml/HTMLparser.h>
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/tree.h>
// WebDAV bodies for BasketCalDAV: the tree reader and the text writer.
#include <libxml/xmlwriter.h>
