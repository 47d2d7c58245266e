#define _GNU_SOURCE
#include "CMicroHTTPDShim.h"

#include <microhttpd.h>
#include <stdarg.h>
#include <linux/sockios.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

_Static_assert(CMicroHTTPDShim_StreamEnded == MHD_CONTENT_READER_END_OF_STREAM, "end of stream");
_Static_assert(CMicroHTTPDShim_StreamFailed == MHD_CONTENT_READER_END_WITH_ERROR, "stream error");

static void *request_began(void *cls, const char *uri, struct MHD_Connection *connection) {
    const CMicroHTTPDShim_Callbacks *callbacks = cls;
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    int refuses_target = 0;
    void *request =
        callbacks->began(callbacks->server, connection, NULL == info ? NULL : info->socket_context, uri, &refuses_target);
    /* Right after this callback libmicrohttpd 0.9.75 parses the query into the connection's
       pool, and past a few hundred parameters the pool runs out and the connection is closed
       unanswered. A refused target's query is cut off here, in libmicrohttpd's own (writable)
       read buffer: it found the '?' before this call and parses from the byte after it. */
    if (refuses_target) {
        char *query = strchr(uri, '?');
        if (NULL != query) {
            query[1] = '\0';
        }
    }
    return request;
}

/* MHD calls this once the headers are in, once per body piece, once the body is complete
   and once after every resume; a body piece is consumed by setting its size to 0. */
static enum MHD_Result handle_access(void *cls, struct MHD_Connection *connection, const char *url,
                                     const char *method, const char *version, const char *upload_data,
                              size_t *upload_data_size, void **request) {
    (void)url;
    const CMicroHTTPDShim_Callbacks *callbacks = cls;
    if (NULL == *request) {
        return MHD_NO;
    }
    if (0 != *upload_data_size) {
        int keep = callbacks->bodyReceived(*request, connection, upload_data, *upload_data_size);
        *upload_data_size = 0;
        return keep ? MHD_YES : MHD_NO;
    }
    return callbacks->ready(*request, connection, method, version) ? MHD_YES : MHD_NO;
}

static void request_completed(void *cls, struct MHD_Connection *connection, void **request,
                      enum MHD_RequestTerminationCode code) {
    (void)connection;
    const CMicroHTTPDShim_Callbacks *callbacks = cls;
    if (NULL == *request) {
        return;
    }
    callbacks->ended(*request, MHD_REQUEST_TERMINATED_COMPLETED_OK == code);
    *request = NULL;
}

static enum MHD_Result admit_connection(void *cls, const struct sockaddr *address, socklen_t length) {
    const CMicroHTTPDShim_Callbacks *callbacks = cls;
    return callbacks->admitted(callbacks->server, address, length) ? MHD_YES : MHD_NO;
}

static void connection_changed(void *cls, struct MHD_Connection *connection, void **socket_context,
                               enum MHD_ConnectionNotificationCode code) {
    const CMicroHTTPDShim_Callbacks *callbacks = cls;
    if (MHD_CONNECTION_NOTIFY_STARTED == code) {
        *socket_context = callbacks->connectionChanged(callbacks->server, connection, NULL, 1);
    } else {
        (void)callbacks->connectionChanged(callbacks->server, connection, *socket_context, 0);
        *socket_context = NULL;
    }
}

static void log_error(void *cls, const char *format, va_list arguments) {
    const CMicroHTTPDShim_Callbacks *callbacks = cls;
    char message[512];
    vsnprintf(message, sizeof message, format, arguments);
    callbacks->errorLogged(callbacks->server, message);
}

struct MHD_Daemon *CMicroHTTPDShim_start(const CMicroHTTPDShim_Settings *settings,
                                         const CMicroHTTPDShim_Callbacks *callbacks) {
    /* An inter-thread channel: stopping then wakes the workers through it, not by shutting the
       listening socket down (CMicroHTTPDShim_closeListeningSocket may have replaced it). */
    unsigned int flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_ALLOW_SUSPEND_RESUME | MHD_USE_ITC;
    if (AF_INET6 == settings->address->sa_family) {
        flags |= MHD_USE_IPv6;
    }
    if (NULL != callbacks->errorLogged) {
        flags |= MHD_USE_ERROR_LOG;
    }
    struct MHD_OptionItem options[11];
    size_t count = 0;
    /* The logger comes first so that it also receives errors about the options after it. */
    if (NULL != callbacks->errorLogged) {
        options[count++] = (struct MHD_OptionItem){MHD_OPTION_EXTERNAL_LOGGER, (intptr_t)&log_error, (void *)callbacks};
    }
    options[count++] = (struct MHD_OptionItem){MHD_OPTION_SOCK_ADDR, 0, (void *)settings->address};
    options[count++] = (struct MHD_OptionItem){MHD_OPTION_THREAD_POOL_SIZE, settings->threads, NULL};
    options[count++] = (struct MHD_OptionItem){MHD_OPTION_CONNECTION_LIMIT, settings->connectionLimit, NULL};
    options[count++] =
        (struct MHD_OptionItem){MHD_OPTION_PER_IP_CONNECTION_LIMIT, settings->perClientConnectionLimit, NULL};
    options[count++] =
        (struct MHD_OptionItem){MHD_OPTION_NOTIFY_CONNECTION, (intptr_t)&connection_changed, (void *)callbacks};
    options[count++] = (struct MHD_OptionItem){MHD_OPTION_CONNECTION_TIMEOUT, settings->connectionTimeout, NULL};
    options[count++] =
        (struct MHD_OptionItem){MHD_OPTION_CONNECTION_MEMORY_LIMIT, (intptr_t)settings->connectionMemoryLimit, NULL};
    options[count++] = (struct MHD_OptionItem){MHD_OPTION_URI_LOG_CALLBACK, (intptr_t)&request_began, (void *)callbacks};
    options[count++] =
        (struct MHD_OptionItem){MHD_OPTION_NOTIFY_COMPLETED, (intptr_t)&request_completed, (void *)callbacks};
    options[count++] = (struct MHD_OptionItem){MHD_OPTION_END, 0, NULL};
    return MHD_start_daemon(flags, 0, &admit_connection, (void *)callbacks, &handle_access, (void *)callbacks,
                            MHD_OPTION_ARRAY, options, MHD_OPTION_END);
}

void CMicroHTTPDShim_stop(struct MHD_Daemon *daemon) { MHD_stop_daemon(daemon); }

unsigned int CMicroHTTPDShim_boundPort(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return NULL == info ? 0 : info->port;
}

int CMicroHTTPDShim_closeListeningSocket(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_LISTEN_FD);
    int ends[2];
    if (NULL == info || info->listen_fd < 0 || 0 != pipe2(ends, O_CLOEXEC)) {
        return -1;
    }
    if (dup2(ends[0], info->listen_fd) < 0) {
        close(ends[0]);
        close(ends[1]);
        return -1;
    }
    close(ends[0]);
    return ends[1];
}

void CMicroHTTPDShim_closeDescriptor(int descriptor) { close(descriptor); }

unsigned int CMicroHTTPDShim_openConnections(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_CURRENT_CONNECTIONS);
    return NULL == info ? 0 : info->num_connections;
}

struct header_visitor {
    void *context;
    void (*visit)(void *, const char *, size_t, const char *, size_t);
};

static enum MHD_Result visit_header(void *cls, enum MHD_ValueKind kind, const char *key, size_t key_size,
                                    const char *value, size_t value_size) {
    (void)kind;
    const struct header_visitor *visitor = cls;
    visitor->visit(visitor->context, key, key_size, NULL == value ? "" : value, NULL == value ? 0 : value_size);
    return MHD_YES;
}

void CMicroHTTPDShim_forEachHeader(struct MHD_Connection *connection, void *context,
                                   void (*visit)(void *, const char *, size_t, const char *, size_t)) {
    struct header_visitor visitor = {context, visit};
    MHD_get_connection_values_n(connection, MHD_HEADER_KIND, &visit_header, &visitor);
}

struct MHD_Response *CMicroHTTPDShim_createBufferResponse(const void *bytes, size_t count) {
    return MHD_create_response_from_buffer(count, (void *)bytes, MHD_RESPMEM_MUST_COPY);
}

struct MHD_Response *CMicroHTTPDShim_createSharedBufferResponse(const void *bytes, size_t count, void *owner,
                                                                CMicroHTTPDShim_BufferReleased released) {
    return MHD_create_response_from_buffer_with_free_callback_cls(count, (void *)bytes, released, owner);
}

struct MHD_Response *CMicroHTTPDShim_createStreamResponse(void *stream, CMicroHTTPDShim_StreamRead read,
                                                          CMicroHTTPDShim_StreamReleased released) {
    /* The block size only matters for HTTP/1.0 clients (chunked bodies are read straight
       into the connection's write buffer); keep it small, every stream carries one. */
    return MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 1024, read, stream, released);
}

int CMicroHTTPDShim_addHeader(struct MHD_Response *response, const char *name, const char *value) {
    return MHD_YES == MHD_add_response_header(response, name, value);
}

int CMicroHTTPDShim_queueResponse(struct MHD_Connection *connection, unsigned int status,
                                  struct MHD_Response *response) {
    enum MHD_Result queued = MHD_queue_response(connection, status, response);
    MHD_destroy_response(response);
    return MHD_YES == queued;
}

int CMicroHTTPDShim_queueKeptResponse(struct MHD_Connection *connection, unsigned int status,
                                      struct MHD_Response *response) {
    return MHD_YES == MHD_queue_response(connection, status, response);
}

void CMicroHTTPDShim_releaseResponse(struct MHD_Response *response) { MHD_destroy_response(response); }

void CMicroHTTPDShim_suspend(struct MHD_Connection *connection) { MHD_suspend_connection(connection); }

void CMicroHTTPDShim_resume(struct MHD_Connection *connection) { MHD_resume_connection(connection); }

void CMicroHTTPDShim_setTimeout(struct MHD_Connection *connection, unsigned int seconds) {
    MHD_set_connection_option(connection, MHD_CONNECTION_OPTION_TIMEOUT, seconds);
}

int CMicroHTTPDShim_connectionSocket(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return NULL == info ? -1 : info->connect_fd;
}

int CMicroHTTPDShim_unsentSocketBytes(int socket) {
    int count = 0;
    return 0 == ioctl(socket, SIOCOUTQ, &count) ? count : -1;
}

int CMicroHTTPDShim_sendBufferSize(int socket) {
    int size = 0;
    socklen_t length = sizeof size;
    return 0 == getsockopt(socket, SOL_SOCKET, SO_SNDBUF, &size, &length) ? size : -1;
}

void CMicroHTTPDShim_limitUnsentBytes(int socket, int bytes) {
    (void)setsockopt(socket, IPPROTO_TCP, TCP_NOTSENT_LOWAT, &bytes, sizeof bytes);
}

/* "<hex size>\r\n" into `line`; returns its length. */
static size_t chunk_size_line(size_t count, char line[static 20]) {
    return (size_t)snprintf(line, 20, "%zx\r\n", count);
}

size_t CMicroHTTPDShim_chunkSize(size_t count) {
    char line[20];
    return chunk_size_line(count, line) + count + 2;
}

static ssize_t sent_or_failure(ssize_t sent) {
    if (sent >= 0) {
        return sent;
    }
    return (EAGAIN == errno || EWOULDBLOCK == errno || EINTR == errno) ? 0 : -1;
}

ssize_t CMicroHTTPDShim_sendChunk(int socket, const void *bytes, size_t count, size_t offset) {
    char line[20];
    size_t line_length = chunk_size_line(count, line);
    struct iovec pieces[3] = {{line, line_length}, {(void *)bytes, count}, {"\r\n", 2}};
    size_t first = 0;
    /* Skips what was already sent: whole pieces, then the start of the next one. */
    while (first < 3 && offset >= pieces[first].iov_len) {
        offset -= pieces[first].iov_len;
        first += 1;
    }
    if (3 == first) {
        return 0;
    }
    pieces[first].iov_base = (char *)pieces[first].iov_base + offset;
    pieces[first].iov_len -= offset;
    struct msghdr message = {0};
    message.msg_iov = pieces + first;
    message.msg_iovlen = 3 - first;
    return sent_or_failure(sendmsg(socket, &message, MSG_DONTWAIT | MSG_NOSIGNAL));
}

ssize_t CMicroHTTPDShim_sendBytes(int socket, const void *bytes, size_t count) {
    return sent_or_failure(send(socket, bytes, count, MSG_DONTWAIT | MSG_NOSIGNAL));
}

void CMicroHTTPDShim_abortSocket(int socket) { shutdown(socket, SHUT_RDWR); }

const char *CMicroHTTPDShim_reasonPhrase(unsigned int status) { return MHD_get_reason_phrase_for(status); }
