/*
 * Holds N Server-Sent Events streams open against the Containment service and counts, per
 * stream, the events (`id:` lines) it receives, so a benchmark can check that every
 * subscriber got every event and measure what the idle streams cost the server.
 *
 *   gcc -O2 -o sse-holder sse-holder.c
 *   ./sse-holder PORT N PATH
 *
 * Prints "heads K" once every response head arrived (K with status 200), then every 200 ms
 * "counts MIN MAX CLOSED" (fewest and most events on one stream, streams the server closed).
 * Runs until stdin closes. Needs 1 descriptor per stream (ulimit -n).
 */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

/* Per stream: chunked-body decoding state and the event count. */
struct stream {
    int socket;
    long remaining;     /* bytes left in the current chunk; -1 while reading a size line */
    char sizeLine[32];
    int sizeLength;
    int skipCRLF;       /* bytes of the CRLF after a chunk still to skip */
    char tail[4];       /* last bytes of body, to find "id: " across reads */
    long events;
    int closed;
};

static void count_body(struct stream *s, const char *body, long length) {
    char window[4 + 8192];
    long carried = 0;
    for (int i = 0; i < 4 && s->tail[i]; i++) window[carried++] = s->tail[i];
    while (length > 0) {
        long take = length < 8192 ? length : 8192;
        memcpy(window + carried, body, take);
        long total = carried + take;
        for (long i = 0; i + 3 < total; i++) {
            if (window[i] == 'i' && window[i + 1] == 'd' && window[i + 2] == ':' && window[i + 3] == ' '
                && (i >= carried || i + 3 >= carried)) {
                s->events++;
            }
        }
        long keep = total < 3 ? total : 3;
        memset(s->tail, 0, sizeof s->tail);
        memcpy(s->tail, window + total - keep, keep);
        memcpy(window, window + total - keep, keep);
        carried = keep;
        body += take;
        length -= take;
    }
}

/* Feeds raw bytes of a chunked body through the decoder. */
static void feed(struct stream *s, const char *bytes, long length) {
    while (length > 0) {
        if (s->skipCRLF > 0) {
            s->skipCRLF--;
            bytes++;
            length--;
        } else if (s->remaining < 0) {
            char c = *bytes++;
            length--;
            if (c == '\n') {
                s->sizeLine[s->sizeLength] = 0;
                s->remaining = strtol(s->sizeLine, NULL, 16);
                s->sizeLength = 0;
                if (s->remaining == 0) s->closed = 1;
            } else if (c != '\r' && s->sizeLength < 31) {
                s->sizeLine[s->sizeLength++] = c;
            }
        } else {
            long take = length < s->remaining ? length : s->remaining;
            count_body(s, bytes, take);
            bytes += take;
            length -= take;
            s->remaining -= take;
            if (s->remaining == 0) {
                s->remaining = -1;
                s->skipCRLF = 2;
            }
        }
    }
}

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: sse-holder PORT N PATH\n");
        return 2;
    }
    int port = atoi(argv[1]);
    int count = atoi(argv[2]);
    char request[1024];
    snprintf(request, sizeof request, "GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n", argv[3]);
    struct stream *streams = calloc(count, sizeof *streams);
    struct sockaddr_in address = {0};
    address.sin_family = AF_INET;
    address.sin_port = htons(port);
    inet_pton(AF_INET, "127.0.0.1", &address.sin_addr);
    for (int i = 0; i < count; i++) {
        streams[i].socket = socket(AF_INET, SOCK_STREAM, 0);
        streams[i].remaining = -1;
        if (0 != connect(streams[i].socket, (struct sockaddr *)&address, sizeof address)) {
            perror("connect");
            return 1;
        }
        send(streams[i].socket, request, strlen(request), MSG_NOSIGNAL);
    }
    /* Response heads: read byte by byte up to the blank line, so body bytes stay queued. */
    int heads = 0;
    for (int i = 0; i < count; i++) {
        char head[2048];
        int used = 0;
        while (used < (int)sizeof head - 1) {
            struct pollfd readable = {streams[i].socket, POLLIN, 0};
            if (poll(&readable, 1, 30000) <= 0 || recv(streams[i].socket, head + used, 1, 0) != 1) break;
            used++;
            head[used] = 0;
            if (used >= 4 && 0 == memcmp(head + used - 4, "\r\n\r\n", 4)) break;
        }
        heads += NULL != strstr(head, " 200 ");
        fcntl(streams[i].socket, F_SETFL, O_NONBLOCK);
    }
    printf("heads %d\n", heads);
    fflush(stdout);

    int events = epoll_create1(0);
    for (int i = 0; i < count; i++) {
        struct epoll_event interest = {.events = EPOLLIN, .data.u32 = (uint32_t)i};
        epoll_ctl(events, EPOLL_CTL_ADD, streams[i].socket, &interest);
    }
    struct epoll_event in = {.events = EPOLLIN | EPOLLHUP, .data.u32 = UINT32_MAX};
    epoll_ctl(events, EPOLL_CTL_ADD, 0, &in);
    struct epoll_event ready[512];
    char buffer[65536];
    struct timespec last = {0};
    for (;;) {
        int n = epoll_wait(events, ready, 512, 50);
        for (int r = 0; r < n; r++) {
            uint32_t i = ready[r].data.u32;
            if (i == UINT32_MAX) {
                if (read(0, buffer, sizeof buffer) <= 0) return 0;
                continue;
            }
            for (;;) {
                ssize_t received = recv(streams[i].socket, buffer, sizeof buffer, 0);
                if (received > 0) {
                    feed(&streams[i], buffer, received);
                    continue;
                }
                if (received == 0 || (errno != EAGAIN && errno != EWOULDBLOCK)) {
                    streams[i].closed = 1;
                    epoll_ctl(events, EPOLL_CTL_DEL, streams[i].socket, NULL);
                }
                break;
            }
        }
        struct timespec now;
        clock_gettime(CLOCK_MONOTONIC, &now);
        if ((now.tv_sec - last.tv_sec) * 1000 + (now.tv_nsec - last.tv_nsec) / 1000000 >= 200) {
            last = now;
            long min = -1, max = 0;
            int closed = 0;
            for (int i = 0; i < count; i++) {
                if (min < 0 || streams[i].events < min) min = streams[i].events;
                if (streams[i].events > max) max = streams[i].events;
                closed += streams[i].closed;
            }
            printf("counts %ld %ld %d\n", min, max, closed);
            fflush(stdout);
        }
    }
}
