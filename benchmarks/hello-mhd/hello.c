/*
 * A raw libmicrohttpd hello-world, the baseline MicroHTTP is measured against: the same
 * daemon flags as the shim (internal polling thread pool, epoll, suspend/resume), pool size 2.
 *
 *   gcc -O2 -o hello hello.c $(pkg-config --cflags --libs libmicrohttpd)
 *   ./hello 8081 &  wrk -t2 -c64 -d5s http://127.0.0.1:8081/
 */
#include <microhttpd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char body[] = "Hello, world!\n";

static enum MHD_Result answer(void *cls, struct MHD_Connection *connection, const char *url,
                              const char *method, const char *version, const char *upload_data,
                              size_t *upload_data_size, void **request) {
    (void)cls; (void)url; (void)method; (void)version; (void)upload_data;
    static int marker;
    if (NULL == *request) { /* headers are in; wait for the (empty) body */
        *request = &marker;
        return MHD_YES;
    }
    if (0 != *upload_data_size) {
        *upload_data_size = 0;
        return MHD_YES;
    }
    struct MHD_Response *response =
        MHD_create_response_from_buffer(sizeof body - 1, (void *)body, MHD_RESPMEM_PERSISTENT);
    MHD_add_response_header(response, "Content-Type", "text/plain");
    enum MHD_Result queued = MHD_queue_response(connection, MHD_HTTP_OK, response);
    MHD_destroy_response(response);
    return queued;
}

int main(int argc, char **argv) {
    unsigned short port = argc > 1 ? (unsigned short)atoi(argv[1]) : 8081;
    struct MHD_Daemon *daemon = MHD_start_daemon(
        MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_ALLOW_SUSPEND_RESUME, port, NULL, NULL,
        &answer, NULL, MHD_OPTION_THREAD_POOL_SIZE, 2u, MHD_OPTION_CONNECTION_LIMIT, 16384u,
        MHD_OPTION_CONNECTION_TIMEOUT, 60u, MHD_OPTION_END);
    if (NULL == daemon) {
        fprintf(stderr, "cannot listen on port %u\n", port);
        return 1;
    }
    sigset_t signals;
    sigemptyset(&signals);
    sigaddset(&signals, SIGINT);
    sigaddset(&signals, SIGTERM);
    sigprocmask(SIG_BLOCK, &signals, NULL);
    int received;
    sigwait(&signals, &received);
    MHD_stop_daemon(daemon);
    return 0;
}
