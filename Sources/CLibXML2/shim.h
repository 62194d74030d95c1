// libxml2's HTML parser, for BasketRecipeImport. Debian: libxml2-dev.
#include <libxml/HTMLparser.h>
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/tree.h>
