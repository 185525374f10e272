#ifndef REEL_CMICROHTTPD_SHIM_H
#define REEL_CMICROHTTPD_SHIM_H
#include <stdarg.h>
#include <stdio.h>
#include <stdint.h>
#include <stddef.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <poll.h>
#include <microhttpd.h>

#ifndef POLLRDHUP
#define POLLRDHUP 0x2000 /* Linux: the peer closed its end (glibc defines it only under _GNU_SOURCE) */
#endif

/* Swift cannot call C variadic functions, so these fixed-argument wrappers pass libmicrohttpd its options. */

/** What reel_mhd_start configures: every limit a hostile client meets. */
struct reel_mhd_limits {
    unsigned int connection_limit;      /* open connections at once */
    unsigned int per_ip_limit;          /* open connections from one address */
    unsigned int timeout_seconds;       /* an idle or slow connection is closed after this */
    size_t connection_memory;           /* per-connection buffer: bounds the request line and headers */
};

/** Where libmicrohttpd's messages go: `fn(ctx, message)` with the message formatted (at most 511 bytes). */
struct reel_mhd_logger {
    void (*fn)(void *ctx, const char *message);
    void *ctx;
};

static inline void reel_mhd_log_trampoline(void *cls, const char *fmt, va_list ap) {
    struct reel_mhd_logger *logger = (struct reel_mhd_logger *) cls;
    char message[512];
    vsnprintf(message, sizeof message, fmt, ap);
    logger->fn(logger->ctx, message);
}

/** Starts a daemon with one thread per connection, bound to `addr`; NULL when it cannot. With `tls_cert` and
 *  `tls_key` (PEM text, NUL-terminated, kept alive by the caller while the daemon runs) it speaks only TLS, through
 *  the GnuTLS that Debian's libmicrohttpd links; with NULL for both it speaks plain HTTP. */
static inline struct MHD_Daemon *reel_mhd_start(const struct sockaddr *addr, int ipv6, struct reel_mhd_limits limits,
                                                MHD_AccessHandlerCallback handler, void *handler_cls,
                                                MHD_RequestCompletedCallback completed, void *completed_cls,
                                                struct reel_mhd_logger *logger,
                                                const char *tls_cert, const char *tls_key) {
    int tls = tls_cert != NULL && tls_key != NULL;
    unsigned int flags = MHD_USE_THREAD_PER_CONNECTION | MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_POLL
                       | MHD_USE_ERROR_LOG | (ipv6 ? MHD_USE_IPv6 : 0) | (tls ? MHD_USE_TLS : 0);
    struct MHD_OptionItem tls_options[] = {
        { tls ? MHD_OPTION_HTTPS_MEM_CERT : MHD_OPTION_END, 0, (void *) tls_cert },
        { MHD_OPTION_HTTPS_MEM_KEY, 0, (void *) tls_key },
        { MHD_OPTION_END, 0, NULL },
    };
    /* The logger first: libmicrohttpd reports any option before it to stderr, and TLS errors come from the array. */
    return MHD_start_daemon(flags, 0, NULL, NULL, handler, handler_cls,
                            MHD_OPTION_EXTERNAL_LOGGER, reel_mhd_log_trampoline, logger,
                            MHD_OPTION_ARRAY, tls_options,
                            MHD_OPTION_SOCK_ADDR, addr,
                            MHD_OPTION_CONNECTION_LIMIT, limits.connection_limit,
                            MHD_OPTION_PER_IP_CONNECTION_LIMIT, limits.per_ip_limit,
                            MHD_OPTION_CONNECTION_TIMEOUT, limits.timeout_seconds,
                            MHD_OPTION_CONNECTION_MEMORY_LIMIT, limits.connection_memory,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, completed_cls,
                            MHD_OPTION_END);
}

/** The port the daemon listens on (useful after binding port 0); 0 when unknown. */
static inline uint16_t reel_mhd_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info ? info->port : 0;
}

/** The client's address as numeric text ("203.0.113.7", "2001:db8::1") in `buf`; "" when unknown. */
static inline void reel_mhd_client_address(struct MHD_Connection *connection, char *buf, socklen_t size) {
    buf[0] = 0;
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (!info || !info->client_addr) return;
    const struct sockaddr *a = info->client_addr;
    if (a->sa_family == AF_INET) {
        inet_ntop(AF_INET, &((const struct sockaddr_in *) (const void *) a)->sin_addr, buf, size);
    } else if (a->sa_family == AF_INET6) {
        inet_ntop(AF_INET6, &((const struct sockaddr_in6 *) (const void *) a)->sin6_addr, buf, size);
    }
}

/** The connection's socket; -1 when unknown. */
static inline int reel_mhd_connection_fd(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info ? info->connect_fd : -1;
}

/** 1 when the peer of socket `fd` has closed its end or the socket failed, without waiting; else 0. */
static inline int reel_socket_hung_up(int fd) {
    if (fd < 0) return 0;
    struct pollfd p = { fd, POLLRDHUP, 0 };
    return poll(&p, 1, 0) > 0 && (p.revents & (POLLRDHUP | POLLHUP | POLLERR | POLLNVAL)) ? 1 : 0;
}

/** The MHD_Result values as plain ints, for Swift's @convention(c) closures. */
static inline enum MHD_Result reel_mhd_yes(void) { return MHD_YES; }
static inline enum MHD_Result reel_mhd_no(void) { return MHD_NO; }

/** 1 when this libmicrohttpd was built with TLS (GnuTLS). */
static inline int reel_mhd_has_tls(void) { return MHD_is_feature_supported(MHD_FEATURE_TLS) == MHD_YES ? 1 : 0; }

/** A response holding a copy of `size` bytes at `data` (NULL with size 0 is an empty body). */
static inline struct MHD_Response *reel_mhd_response_copy(size_t size, const void *data) {
    static const char empty = 0;
    return MHD_create_response_from_buffer(size, (void *) (data ? data : &empty), MHD_RESPMEM_MUST_COPY);
}

/** The value kinds, as functions: the header's deprecation macros hide the enum constants from Swift. */
static inline enum MHD_ValueKind reel_mhd_header_kind(void) { return MHD_HEADER_KIND; }
static inline enum MHD_ValueKind reel_mhd_cookie_kind(void) { return MHD_COOKIE_KIND; }
static inline enum MHD_ValueKind reel_mhd_query_kind(void) { return MHD_GET_ARGUMENT_KIND; }

#endif
