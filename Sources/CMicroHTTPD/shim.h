// libmicrohttpd for Swift: its variadic entry points, which Swift cannot call, wrapped in
// fixed-argument inline functions, each given the pointer it calls.
//
// NB: the binary does not link libmicrohttpd (it brings GnuTLS and eight more libraries):
// BasketWeb opens it when a server starts, with basket_mhd_load, and calls through the table,
// whose pointer types are the header's own.
#include "../CLibraryTable/library_table.h"
#include <stdarg.h>
#include <stdint.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <microhttpd.h>

#define BASKET_MHD_FUNCTIONS(X) \
  X(MHD_add_response_header) \
  X(MHD_create_response_from_buffer) \
  X(MHD_create_response_from_buffer_with_free_callback_cls) \
  X(MHD_create_response_from_callback) \
  X(MHD_destroy_response) \
  X(MHD_get_connection_info) \
  X(MHD_get_connection_values_n) \
  X(MHD_get_daemon_info) \
  X(MHD_is_feature_supported) \
  X(MHD_queue_response) \
  X(MHD_resume_connection) \
  X(MHD_start_daemon) \
  X(MHD_stop_daemon) \
  X(MHD_suspend_connection)

// libmicrohttpd's functions that Basket uses: struct basket_mhd, filled by basket_mhd_load
// (`soname`: "libmicrohttpd.so.12").
BASKET_LIBRARY_TABLE(mhd, BASKET_MHD_FUNCTIONS)

/// MHD_start_daemon with every option passed as an MHD_OPTION_ARRAY.
static inline struct MHD_Daemon *basket_mhd_start(
    __typeof__(MHD_start_daemon) *_Nonnull start_daemon, unsigned int flags,
    MHD_AccessHandlerCallback handler, void *handler_cls, struct MHD_OptionItem *options) {
  return start_daemon(flags, 0, NULL, NULL, handler, handler_cls, MHD_OPTION_ARRAY, options,
                      MHD_OPTION_END);
}

/// The connection's socket, or -1.
static inline int basket_mhd_connection_fd(
    __typeof__(MHD_get_connection_info) *_Nonnull get_info, struct MHD_Connection *connection) {
  const union MHD_ConnectionInfo *info = get_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
  return info == NULL ? -1 : info->connect_fd;
}

/// The client's address, or NULL.
static inline const struct sockaddr *basket_mhd_client_address(
    __typeof__(MHD_get_connection_info) *_Nonnull get_info, struct MHD_Connection *connection) {
  const union MHD_ConnectionInfo *info = get_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
  return info == NULL ? NULL : info->client_addr;
}

/// The per-connection pointer set when the connection started, or NULL.
static inline void *basket_mhd_socket_context(
    __typeof__(MHD_get_connection_info) *_Nonnull get_info, struct MHD_Connection *connection) {
  const union MHD_ConnectionInfo *info = get_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
  return info == NULL ? NULL : info->socket_context;
}

/// Whether the connection arrived over TLS.
static inline int basket_mhd_connection_is_tls(
    __typeof__(MHD_get_connection_info) *_Nonnull get_info, struct MHD_Connection *connection) {
  const union MHD_ConnectionInfo *info = get_info(connection, MHD_CONNECTION_INFO_PROTOCOL);
  return info != NULL && info->protocol != 0;
}

/// The port the daemon listens on.
static inline uint16_t basket_mhd_bound_port(
    __typeof__(MHD_get_daemon_info) *_Nonnull get_info, struct MHD_Daemon *daemon) {
  const union MHD_DaemonInfo *info = get_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
  return info == NULL ? 0 : info->port;
}
