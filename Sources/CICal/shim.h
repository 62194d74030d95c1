// libical, for BasketCalDAV's tasks (VTODO). Debian: libical-dev.
#include <libical/ical.h>
