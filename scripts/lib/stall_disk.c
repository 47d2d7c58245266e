/*
 * A disk that stops taking writes, for the reliability probes (scripts/lib/reliability_state_probes.py):
 * loaded with LD_PRELOAD into `containment serve`, it holds every write and sync of a file in the
 * state directory (the path holds STALL_DISK_MATCH) while the file named by STALL_DISK_FILE
 * exists, as a frozen file system (fsfreeze) or a hung network volume would, and lets them
 * through once it is removed; while the file named by STALL_DISK_FAIL exists they fail with EIO,
 * as a disk that broke. Nothing else changes. Build:
 *
 *   cc -shared -fPIC -O2 -o stall_disk.so scripts/lib/stall_disk.c -ldl
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

static int is_state_file(int descriptor) {
    const char *match = getenv("STALL_DISK_MATCH");
    if (NULL == match) {
        return 0;
    }
    char link[64];
    char path[PATH_MAX];
    snprintf(link, sizeof link, "/proc/self/fd/%d", descriptor);
    ssize_t length = readlink(link, path, sizeof path - 1);
    if (length <= 0) {
        return 0;
    }
    path[length] = 0;
    return NULL != strstr(path, match);
}

/* Waits while the disk is stalled; 0 to go on, -1 (errno EIO) when the disk is failing. */
static int hold(int descriptor) {
    if (!is_state_file(descriptor)) {
        return 0;
    }
    const char *control = getenv("STALL_DISK_FILE");
    while (NULL != control && 0 == access(control, F_OK)) {
        usleep(10000);
    }
    const char *failing = getenv("STALL_DISK_FAIL");
    if (NULL != failing && 0 == access(failing, F_OK)) {
        errno = EIO;
        return -1;
    }
    return 0;
}

#define PASS_ON(name, type, ...)                                                                   \
    static type (*next)(__VA_ARGS__) = NULL;                                                        \
    if (NULL == next) {                                                                            \
        next = (type(*)(__VA_ARGS__))dlsym(RTLD_NEXT, name);                                       \
    }

ssize_t write(int descriptor, const void *bytes, size_t count) {
    PASS_ON("write", ssize_t, int, const void *, size_t)
    return 0 == hold(descriptor) ? next(descriptor, bytes, count) : -1;
}

ssize_t pwrite(int descriptor, const void *bytes, size_t count, off_t offset) {
    PASS_ON("pwrite", ssize_t, int, const void *, size_t, off_t)
    return 0 == hold(descriptor) ? next(descriptor, bytes, count, offset) : -1;
}

ssize_t pwrite64(int descriptor, const void *bytes, size_t count, off64_t offset) {
    PASS_ON("pwrite64", ssize_t, int, const void *, size_t, off64_t)
    return 0 == hold(descriptor) ? next(descriptor, bytes, count, offset) : -1;
}

int fsync(int descriptor) {
    PASS_ON("fsync", int, int)
    return 0 == hold(descriptor) ? next(descriptor) : -1;
}

int fdatasync(int descriptor) {
    PASS_ON("fdatasync", int, int)
    return 0 == hold(descriptor) ? next(descriptor) : -1;
}
