/*
 * Holds N streaming requests open against a server, to measure what idle streams cost it
 * (RSS, CPU) and whether a broadcast reaches every one of them.
 *
 *   gcc -O2 -o holder holder.c
 *   ./holder PORT N [PATH] &     # prints "heads N" once every response head arrived
 *   touch /tmp/holder.go         # then counts the streams that receive "ping" within 15 s,
 *                                # prints "pings K"
 *   touch /tmp/holder.stop       # closes everything and exits
 *
 * The server side needs N descriptors too (ulimit -n), and a connection limit above N.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

static void wait_for_file(const char *path) {
    while (0 != access(path, F_OK)) {
        usleep(100000);
    }
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: holder PORT N [PATH]\n");
        return 2;
    }
    int port = atoi(argv[1]);
    int count = atoi(argv[2]);
    char request[512];
    snprintf(request, sizeof request, "GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n",
             argc > 3 ? argv[3] : "/events");
    int *sockets = calloc(count, sizeof(int));
    char *pinged = calloc(count, 1);
    struct sockaddr_in address = {0};
    address.sin_family = AF_INET;
    address.sin_port = htons(port);
    inet_pton(AF_INET, "127.0.0.1", &address.sin_addr);
    for (int i = 0; i < count; i++) {
        sockets[i] = socket(AF_INET, SOCK_STREAM, 0);
        if (0 != connect(sockets[i], (struct sockaddr *)&address, sizeof address)) {
            perror("connect");
            return 1;
        }
        send(sockets[i], request, strlen(request), MSG_NOSIGNAL);
    }
    int heads = 0;
    char buffer[4096];
    for (int i = 0; i < count; i++) {
        struct pollfd readable = {sockets[i], POLLIN, 0};
        if (poll(&readable, 1, 20000) <= 0) {
            fprintf(stderr, "no response head on connection %d\n", i);
            continue;
        }
        ssize_t received = recv(sockets[i], buffer, sizeof buffer - 1, 0);
        if (received > 0) {
            buffer[received] = 0;
            heads += NULL != strstr(buffer, " 200 ");
        }
    }
    printf("heads %d\n", heads);
    fflush(stdout);

    wait_for_file("/tmp/holder.go");
    int events = epoll_create1(0);
    for (int i = 0; i < count; i++) {
        struct epoll_event interest = {.events = EPOLLIN, .data.u32 = (uint32_t)i};
        epoll_ctl(events, EPOLL_CTL_ADD, sockets[i], &interest);
    }
    int pings = 0;
    time_t end = time(NULL) + 15;
    struct epoll_event ready[256];
    while (pings < count && time(NULL) < end) {
        int readyCount = epoll_wait(events, ready, 256, 1000);
        for (int j = 0; j < readyCount; j++) {
            int i = (int)ready[j].data.u32;
            ssize_t received = recv(sockets[i], buffer, sizeof buffer - 1, 0);
            if (received <= 0) {
                epoll_ctl(events, EPOLL_CTL_DEL, sockets[i], NULL);
                continue;
            }
            buffer[received] = 0;
            if (!pinged[i] && NULL != strstr(buffer, "ping")) {
                pinged[i] = 1;
                pings++;
            }
        }
    }
    printf("pings %d\n", pings);
    fflush(stdout);
    wait_for_file("/tmp/holder.stop");
    return 0;
}
