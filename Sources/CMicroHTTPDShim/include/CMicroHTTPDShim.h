#ifndef C_MICRO_HTTPD_SHIM_H
#define C_MICRO_HTTPD_SHIM_H

/*
 * The only code that talks to libmicrohttpd. It adapts what Swift cannot call (variadic
 * functions, MHD's multi-call access handler convention) and nothing more: every decision
 * is taken by the Swift callbacks below.
 */

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>

struct MHD_Daemon;
struct MHD_Connection;
struct MHD_Response;

/* What a stream reader returns besides a byte count (MHD_CONTENT_READER_END_*). */
#define CMicroHTTPDShim_StreamEnded ((ssize_t)-1)
#define CMicroHTTPDShim_StreamFailed ((ssize_t)-2)

/* A request line arrived on a connection whose state `ConnectionChanged` returned (NULL if it
   returned none): returns the request's state, handed to every later callback. Setting
   `refusesTarget` to 1 says the request will be refused for its target: libmicrohttpd then
   parses none of its query (see request_began). */
typedef void *_Nullable (*CMicroHTTPDShim_RequestBegan)(void *_Nonnull server,
                                                       struct MHD_Connection *_Nonnull connection,
                                                       void *_Nullable connectionState, const char *_Nonnull uri,
                                                       int *_Nonnull refusesTarget);
/* One piece of the request body; return 0 to drop the connection. */
typedef int (*CMicroHTTPDShim_BodyReceived)(void *_Nonnull request,
                                            struct MHD_Connection *_Nonnull connection,
                                            const char *_Nonnull bytes, size_t count);
/* The request can progress: headers are in, the body is complete, or the connection was
   resumed. `version` is the request line's ("HTTP/1.1"). Return 0 to drop the connection. */
typedef int (*CMicroHTTPDShim_RequestReady)(void *_Nonnull request,
                                            struct MHD_Connection *_Nonnull connection,
                                            const char *_Nonnull method, const char *_Nonnull version);
/* The request is over (sent, failed or abandoned); `completed` is 1 when all was sent. */
typedef void (*CMicroHTTPDShim_RequestEnded)(void *_Nonnull request, int completed);

/* A client connected; return 0 to close its socket at once, before anything is read. */
typedef int (*CMicroHTTPDShim_ConnectionAdmitted)(void *_Nonnull server, const struct sockaddr *_Nonnull address,
                                                  socklen_t length);
/* A connection was set up (`opened` 1, `state` NULL): returns the connection's state, kept
   with it and handed to each of its requests' RequestBegan. Or it is being closed (0, `state`
   what the opening call returned; the return value is unused). libmicrohttpd closes its socket
   only after the closing call returns, so the socket stays this connection's in between. */
typedef void *_Nullable (*CMicroHTTPDShim_ConnectionChanged)(void *_Nonnull server,
                                                            struct MHD_Connection *_Nonnull connection,
                                                            void *_Nullable state, int opened);

/* libmicrohttpd reports an error (bind failure, a connection that failed, ...). */
typedef void (*CMicroHTTPDShim_ErrorLogged)(void *_Nonnull server, const char *_Nonnull message);

/* Copies up to `capacity` bytes of a streamed body into `buffer`; same contract as
   MHD_ContentReaderCallback. */
typedef ssize_t (*CMicroHTTPDShim_StreamRead)(void *_Nullable stream, uint64_t position,
                                              char *_Nonnull buffer, size_t capacity);
/* The stream's response is destroyed. */
typedef void (*CMicroHTTPDShim_StreamReleased)(void *_Nullable stream);

/* Must stay alive, unchanged, until CMicroHTTPDShim_stop returns. */
typedef struct {
    void *_Nonnull server;
    CMicroHTTPDShim_RequestBegan _Nonnull began;
    CMicroHTTPDShim_BodyReceived _Nonnull bodyReceived;
    CMicroHTTPDShim_RequestReady _Nonnull ready;
    CMicroHTTPDShim_RequestEnded _Nonnull ended;
    CMicroHTTPDShim_ConnectionAdmitted _Nonnull admitted;
    CMicroHTTPDShim_ConnectionChanged _Nonnull connectionChanged;
    /* NULL: libmicrohttpd logs nothing. */
    CMicroHTTPDShim_ErrorLogged _Nullable errorLogged;
} CMicroHTTPDShim_Callbacks;

typedef struct {
    /* AF_INET or AF_INET6 address (port included) to bind. */
    const struct sockaddr *_Nonnull address;
    unsigned int threads;
    /* libmicrohttpd's own limit: at it, new clients wait in the listen backlog unanswered, so
       it is set above the limit `admitted` enforces. */
    unsigned int connectionLimit;
    /* Connections from one client address; 0 for no limit. Past it a client is closed at once. */
    unsigned int perClientConnectionLimit;
    /* Seconds; 0 disables. */
    unsigned int connectionTimeout;
    /* Bytes of libmicrohttpd's per-connection memory pool. */
    size_t connectionMemoryLimit;
} CMicroHTTPDShim_Settings;

/* Starts a daemon (internal polling thread pool, epoll, suspend/resume); NULL on failure. */
struct MHD_Daemon *_Nullable CMicroHTTPDShim_start(const CMicroHTTPDShim_Settings *_Nonnull settings,
                                                   const CMicroHTTPDShim_Callbacks *_Nonnull callbacks);
/* Closes the listening socket in place, the daemon still serving its connections: the read end
   of an idle pipe takes its descriptor over (dup2), so the socket leaves the workers' epoll sets
   with its last reference and new clients are refused, while libmicrohttpd, which never learns
   of it, keeps a descriptor it can close at stop and that never polls ready. Returns the pipe's
   write end, to close after CMicroHTTPDShim_stop; -1 when it could not (nothing changed). */
int CMicroHTTPDShim_closeListeningSocket(struct MHD_Daemon *_Nonnull daemon);
void CMicroHTTPDShim_closeDescriptor(int descriptor);
/* Closes every connection and joins the threads; no connection may be suspended. */
void CMicroHTTPDShim_stop(struct MHD_Daemon *_Nonnull daemon);
unsigned int CMicroHTTPDShim_boundPort(struct MHD_Daemon *_Nonnull daemon);
unsigned int CMicroHTTPDShim_openConnections(struct MHD_Daemon *_Nonnull daemon);

/* Calls `visit` with each request header, in order. */
void CMicroHTTPDShim_forEachHeader(struct MHD_Connection *_Nonnull connection,
                                   void *_Nullable context,
                                   void (*_Nonnull visit)(void *_Nullable context,
                                                          const char *_Nonnull name, size_t nameLength,
                                                          const char *_Nonnull value, size_t valueLength));

/* A response with a copy of `bytes`. */
struct MHD_Response *_Nullable CMicroHTTPDShim_createBufferResponse(const void *_Nullable bytes, size_t count);
/* Called once libmicrohttpd no longer needs a shared response body. */
typedef void (*CMicroHTTPDShim_BufferReleased)(void *_Nullable owner);
/* A response sending `count` bytes at `bytes` without copying them: they must stay unchanged
   until `released(owner)` is called. */
struct MHD_Response *_Nullable CMicroHTTPDShim_createSharedBufferResponse(const void *_Nullable bytes, size_t count,
                                                                         void *_Nullable owner,
                                                                         CMicroHTTPDShim_BufferReleased _Nonnull released);
/* A response of unknown length (chunked) whose body comes from `read`. */
struct MHD_Response *_Nullable CMicroHTTPDShim_createStreamResponse(void *_Nullable stream,
                                                                   CMicroHTTPDShim_StreamRead _Nonnull read,
                                                                   CMicroHTTPDShim_StreamReleased _Nonnull released);
int CMicroHTTPDShim_addHeader(struct MHD_Response *_Nonnull response, const char *_Nonnull name,
                              const char *_Nonnull value);
/* Queues `response` on `connection` and drops the caller's reference to it; 1 on success. */
int CMicroHTTPDShim_queueResponse(struct MHD_Connection *_Nonnull connection, unsigned int status,
                                  struct MHD_Response *_Nonnull response);
/* Queues `response` on `connection` and keeps the caller's reference: a response made once
   and queued again for many requests, on any connections and threads (libmicrohttpd counts
   each use and only reads the response); 1 on success. */
int CMicroHTTPDShim_queueKeptResponse(struct MHD_Connection *_Nonnull connection, unsigned int status,
                                      struct MHD_Response *_Nonnull response);
/* Drops the caller's reference to `response`; libmicrohttpd frees it once no connection
   still sends it. */
void CMicroHTTPDShim_releaseResponse(struct MHD_Response *_Nonnull response);
/* Only from a RequestReady or StreamRead callback of this connection. */
void CMicroHTTPDShim_suspend(struct MHD_Connection *_Nonnull connection);
/* From any thread, once per suspend. */
void CMicroHTTPDShim_resume(struct MHD_Connection *_Nonnull connection);
/* Seconds the connection may stay idle; 0 disables (streams). */
void CMicroHTTPDShim_setTimeout(struct MHD_Connection *_Nonnull connection, unsigned int seconds);
/* The connection's socket, -1 if unknown. */
int CMicroHTTPDShim_connectionSocket(struct MHD_Connection *_Nonnull connection);
/* Bytes in the socket's send queue not yet acknowledged by the peer (SIOCOUTQ); -1 on error. */
int CMicroHTTPDShim_unsentSocketBytes(int socket);
/* The socket's send buffer in bytes (SO_SNDBUF, which counts the kernel's overhead too); -1 on error. */
int CMicroHTTPDShim_sendBufferSize(int socket);
/* Caps the bytes the kernel keeps queued but not yet sent on `socket` (TCP_NOTSENT_LOWAT): a
   send beyond it finds no room and the socket polls writable only once below it again. */
void CMicroHTTPDShim_limitUnsentBytes(int socket, int bytes);

/*
 * Writing to a connection's socket beside libmicrohttpd (0.9.75). Allowed only while
 * libmicrohttpd has nothing of its own to write on the connection and writes nothing there
 * until the caller is done:
 *  - a chunked stream's connection suspended from its StreamRead callback after it returned 0:
 *    the callback is only asked for bytes once the previous chunk was sent whole, and a
 *    suspended connection is neither polled nor written until it is resumed, so a chunk written
 *    here follows the last one on the wire; a chunk cut short must be completed
 *    (CMicroHTTPDShim_sendChunk from where it stopped) before the connection is resumed;
 *  - a connection receiving a request body, with no interim "100 Continue" being sent:
 *    libmicrohttpd queues no response before the body is complete, so a response written here
 *    and followed by CMicroHTTPDShim_abortSocket is the first and only one.
 * One thread at a time. Neither call blocks (MSG_DONTWAIT) nor raises SIGPIPE; both return the
 * bytes written, 0 when the socket has no room, -1 when it failed.
 */
/* Sends `count` (> 0) bytes as one HTTP/1.1 chunk (size line, bytes, CRLF), starting `offset`
   bytes into that frame: 0 for a new chunk, the bytes already sent to finish one. */
ssize_t CMicroHTTPDShim_sendChunk(int socket, const void *_Nonnull bytes, size_t count, size_t offset);
/* Bytes a chunk of `count` bytes takes on the wire. */
size_t CMicroHTTPDShim_chunkSize(size_t count);
/* The reason phrase libmicrohttpd sends with `status` ("Service Unavailable"). */
const char *_Nonnull CMicroHTTPDShim_reasonPhrase(unsigned int status);
/* A whole response, as it is. */
ssize_t CMicroHTTPDShim_sendBytes(int socket, const void *_Nonnull bytes, size_t count);
/* Shuts the socket down both ways without closing it: libmicrohttpd then finds the peer gone
   and closes the connection on its own thread. Only between a connection's ConnectionChanged
   calls (its socket may be another connection's after that). */
void CMicroHTTPDShim_abortSocket(int socket);

#endif
