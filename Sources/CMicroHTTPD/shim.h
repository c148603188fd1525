#include <stdarg.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>

/* MHD_start_daemon is variadic, which Swift cannot call: this fixes the options Waygate uses.
   The daemon takes over `listen_fd` (already bound and listening) and closes it on stop.
   `connections` hears of every connection accepted (STARTED) and closed (CLOSED; libmicrohttpd
   calls it before it closes the socket). `uri_log` gets each request's URI as sent, before
   libmicrohttpd decodes it, and returns the request's first context (the handler's `*con_cls`). */
static inline struct MHD_Daemon *waygate_mhd_start(
    unsigned int flags, int listen_fd, unsigned int connection_limit, unsigned int connection_timeout,
    MHD_AccessHandlerCallback handler, MHD_RequestCompletedCallback completed,
    MHD_NotifyConnectionCallback connections, void *(*uri_log)(void *cls, const char *uri, struct MHD_Connection *connection),
    void *cls) {
    return MHD_start_daemon(
        flags, 0, NULL, NULL, handler, cls,
        MHD_OPTION_LISTEN_SOCKET, (MHD_socket)listen_fd,
        MHD_OPTION_CONNECTION_LIMIT, connection_limit,
        MHD_OPTION_CONNECTION_TIMEOUT, connection_timeout,
        MHD_OPTION_NOTIFY_COMPLETED, completed, cls,
        MHD_OPTION_NOTIFY_CONNECTION, connections, cls,
        MHD_OPTION_URI_LOG_CALLBACK, uri_log, cls,
        MHD_OPTION_END);
}

/* MHD_get_connection_info is variadic too: the socket of `connection`, -1 when there is none. */
static inline int waygate_mhd_connection_fd(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info ? info->connect_fd : -1;
}
