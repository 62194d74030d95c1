// libarchive (Debian libarchive-dev to build, libarchive13 to run): reading recipe libraries
// (zip, tar, gzip) and writing backups (tar with gzip) and exports (zip).
//
// NB: the binary does not link libarchive: BasketArchive opens it with basket_archive_load
// for each archive it reads or writes and closes it after (basket_archive_close), so only
// the commands that read or write an archive map it, and serve (a snapshot a day, an upload)
// only while it does: libarchive brings libxml2 and ICU, 1.7 MiB resident. Only the gzip filter and the zip, tar and raw
// formats are ever enabled: libarchive's other filters may run outside programs.
#include <dlfcn.h>
#include <stddef.h>
#include <archive.h>
#include <archive_entry.h>

#define BASKET_ARCHIVE_FUNCTIONS(X) \
  X(archive_read_new) \
  X(archive_read_support_filter_gzip) \
  X(archive_read_support_format_zip) \
  X(archive_read_support_format_tar) \
  X(archive_read_support_format_raw) \
  X(archive_read_open_filename) \
  X(archive_read_open_memory) \
  X(archive_read_next_header) \
  X(archive_read_data) \
  X(archive_read_data_skip) \
  X(archive_read_free) \
  X(archive_filter_bytes) \
  X(archive_filter_count) \
  X(archive_format) \
  X(archive_error_string) \
  X(archive_entry_pathname) \
  X(archive_entry_pathname_utf8) \
  X(archive_entry_filetype) \
  X(archive_entry_size) \
  X(archive_entry_size_is_set) \
  X(archive_entry_is_encrypted) \
  X(archive_write_new) \
  X(archive_write_set_format_pax_restricted) \
  X(archive_write_set_format_zip) \
  X(archive_write_add_filter_gzip) \
  X(archive_write_open_filename) \
  X(archive_write_header) \
  X(archive_write_data) \
  X(archive_write_finish_entry) \
  X(archive_write_close) \
  X(archive_write_free) \
  X(archive_entry_new) \
  X(archive_entry_free) \
  X(archive_entry_set_pathname_utf8) \
  X(archive_entry_set_size) \
  X(archive_entry_set_filetype) \
  X(archive_entry_set_perm) \
  X(archive_entry_set_mtime)

/// libarchive's functions that Basket uses, found by name in the library.
// NB: immutable once loaded, so safe to share between threads (each archive is used by one).
struct __attribute__((swift_attr("@Sendable"))) basket_archive {
#define BASKET_ARCHIVE_FIELD(name) __typeof__(name) *_Nonnull name;
  BASKET_ARCHIVE_FUNCTIONS(BASKET_ARCHIVE_FIELD)
#undef BASKET_ARCHIVE_FIELD
  /// The library as dlopen returned it, for basket_archive_close.
  void *_Nullable basket_library;
};

/// Opens libarchive (`soname`: "libarchive.so.13") and fills `table`: NULL when every function
/// was found (close it with basket_archive_close), else what failed (nothing stays open). The
/// dynamic loader counts opens: the library is mapped once while any table holds it.
static inline const char *_Nullable basket_archive_load(
    struct basket_archive *_Nonnull table, const char *_Nonnull soname) {
  void *library = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) return dlerror();
#define BASKET_ARCHIVE_FIND(name) \
  if ((table->name = (__typeof__(name) *)dlsym(library, #name)) == NULL) { \
    dlclose(library); \
    return #name; \
  }
  BASKET_ARCHIVE_FUNCTIONS(BASKET_ARCHIVE_FIND)
#undef BASKET_ARCHIVE_FIND
  table->basket_library = library;
  return NULL;
}

/// Lets go of a table basket_archive_load filled: the last one unmaps the library.
static inline void basket_archive_close(struct basket_archive *_Nonnull table) {
  if (table->basket_library != NULL) dlclose(table->basket_library);
  table->basket_library = NULL;
}
