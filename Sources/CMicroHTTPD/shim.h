// libmicrohttpd for Swift: its variadic entry points, which Swift cannot call, wrapped in
// fixed-argument inline functions.
#include <stdarg.h>
#include <stdint.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <microhttpd.h>

/// MHD_start_daemon with every option passed as an MHD_OPTION_ARRAY.
static inline struct MHD_Daemon *basket_mhd_start(unsigned int flags,
                                                  MHD_AccessHandlerCallback handler,
                                                  void *handler_cls,
                                                  struct MHD_OptionItem *options) {
  return MHD_start_daemon(flags, 0, NULL, NULL, handler, handler_cls, MHD_OPTION_ARRAY, options,
                          MHD_OPTION_END);
}

/// The connection's socket, or -1.
static inline int basket_mhd_connection_fd(struct MHD_Connection *connection) {
  const union MHD_ConnectionInfo *info =
      MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
  return info == NULL ? -1 : info->connect_fd;
}

/// The client's address, or NULL.
static inline const struct sockaddr *basket_mhd_client_address(struct MHD_Connection *connection) {
  const union MHD_ConnectionInfo *info =
      MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
  return info == NULL ? NULL : info->client_addr;
}

/// The per-connection pointer set when the connection started, or NULL.
static inline void *basket_mhd_socket_context(struct MHD_Connection *connection) {
  const union MHD_ConnectionInfo *info =
      MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
  return info == NULL ? NULL : info->socket_context;
}

/// Whether the connection arrived over TLS.
static inline int basket_mhd_connection_is_tls(struct MHD_Connection *connection) {
  const union MHD_ConnectionInfo *info =
      MHD_get_connection_info(connection, MHD_CONNECTION_INFO_PROTOCOL);
  return info != NULL && info->protocol != 0;
}

/// The port the daemon listens on.
static inline uint16_t basket_mhd_bound_port(struct MHD_Daemon *daemon) {
  const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
  return info == NULL ? 0 : info->port;
}
