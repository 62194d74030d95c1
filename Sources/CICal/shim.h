// libical, for BasketCalDAV's tasks (VTODO) and the plan's events (VEVENT). Debian: libical-dev to build, libical3 to run.
//
// NB: the binary does not link libical: BasketCalDAV opens it on first use with
// basket_libical_load and calls through the table, whose pointer types are the headers' own.
#include "../CLibraryTable/library_table.h"
#include <libical/ical.h>

#define BASKET_LIBICAL_FUNCTIONS(X) \
  X(icalcomponent_add_component) \
  X(icalcomponent_add_property) \
  X(icalcomponent_as_ical_string_r) \
  X(icalcomponent_free) \
  X(icalcomponent_get_first_component) \
  X(icalcomponent_get_first_property) \
  X(icalcomponent_get_next_component) \
  X(icalcomponent_get_next_property) \
  X(icalcomponent_isa) \
  X(icalcomponent_new_clone) \
  X(icalcomponent_new_from_string) \
  X(icalcomponent_new_vcalendar) \
  X(icalcomponent_new_vevent) \
  X(icalcomponent_new_vfreebusy) \
  X(icalcomponent_new_vtodo) \
  X(icalcomponent_remove_property) \
  X(icaldurationtype_as_int) \
  X(icalmemory_free_buffer) \
  X(icalproperty_free) \
  X(icalproperty_get_datetime_with_component) \
  X(icalproperty_get_description) \
  X(icalproperty_get_property_name) \
  X(icalproperty_get_status) \
  X(icalproperty_get_summary) \
  X(icalproperty_get_tzid) \
  X(icalproperty_get_uid) \
  X(icalproperty_get_value) \
  X(icalproperty_get_value_as_string_r) \
  X(icalproperty_get_xlicerror) \
  X(icalproperty_isa) \
  X(icalproperty_new_clone) \
  X(icalproperty_new_completed) \
  X(icalproperty_new_created) \
  X(icalproperty_new_description) \
  X(icalproperty_new_dtend) \
  X(icalproperty_new_dtstamp) \
  X(icalproperty_new_dtstart) \
  X(icalproperty_new_lastmodified) \
  X(icalproperty_new_percentcomplete) \
  X(icalproperty_new_prodid) \
  X(icalproperty_new_status) \
  X(icalproperty_new_summary) \
  X(icalproperty_new_transp) \
  X(icalproperty_new_uid) \
  X(icalproperty_new_version) \
  X(icaltime_as_timet_with_zone) \
  X(icaltime_from_string) \
  X(icaltime_from_timet_with_zone) \
  X(icaltime_is_null_time) \
  X(icaltime_is_valid_time) \
  X(icaltimezone_get_utc_timezone) \
  X(icalvalue_get_duration) \
  X(icalvalue_isa)

// libical's functions that Basket uses: struct basket_libical, filled by basket_libical_load
// (`soname`: "libical.so.3").
BASKET_LIBRARY_TABLE(libical, BASKET_LIBICAL_FUNCTIONS)
