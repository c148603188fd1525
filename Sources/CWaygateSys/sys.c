#define _GNU_SOURCE
#include <malloc.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <stddef.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>
#include "waygate_sys.h"

int waygate_peercred(int fd, int *pid, unsigned int *uid, unsigned int *gid) {
    struct ucred cred;
    socklen_t len = sizeof(cred);
    if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &len) != 0) return -1;
    *pid = cred.pid; *uid = cred.uid; *gid = cred.gid;
    return 0;
}

int waygate_accept_nonblocking(int fd) { return accept4(fd, NULL, NULL, SOCK_CLOEXEC | SOCK_NONBLOCK); }

int waygate_keep_freed_memory(int mmap_threshold, int trim_threshold) {
    int mmap_taken = mallopt(M_MMAP_THRESHOLD, mmap_threshold);
    int trim_taken = mallopt(M_TRIM_THRESHOLD, trim_threshold);
    return mmap_taken == 1 && trim_taken == 1 ? 0 : -1;
}

int waygate_trim_heap(void) { return malloc_trim(0); }

int waygate_set_thread_nice(int nice) { return setpriority(PRIO_PROCESS, (id_t)gettid(), nice); }

int waygate_thread_nice(void) { return getpriority(PRIO_PROCESS, (id_t)gettid()); }

/* The watched mappings. A slot is filled, then published by `used` (release); the handler reads
   `used` (acquire) and never takes a lock. */
enum { WATCHED_MAPPINGS = 64 };
static struct {
    int used;
    const char *base;
    size_t size;
    int length;
    char message[640];
} watched[WATCHED_MAPPINGS];
static pthread_mutex_t watched_lock = PTHREAD_MUTEX_INITIALIZER;
static struct sigaction previous_bus_action;
static int bus_handler_installed;

static void report_bus_error(int number, siginfo_t *info, void *context) {
    const char *address = info->si_addr;
    for (int i = 0; i < WATCHED_MAPPINGS; i++) {
        if (!__atomic_load_n(&watched[i].used, __ATOMIC_ACQUIRE)) continue;
        if (address >= watched[i].base && address < watched[i].base + watched[i].size) {
            ssize_t ignored = write(STDERR_FILENO, watched[i].message, (size_t)watched[i].length);
            (void)ignored;
            _exit(1);
        }
    }
    /* Not ours: the previous handler (or the default action) when the access faults again. */
    sigaction(SIGBUS, &previous_bus_action, NULL);
    (void)number; (void)context;
}

int waygate_watch_mapping(const void *base, size_t size, const char *path) {
    int result = -1;
    pthread_mutex_lock(&watched_lock);
    if (!bus_handler_installed) {
        struct sigaction action;
        memset(&action, 0, sizeof(action));
        action.sa_sigaction = report_bus_error;
        action.sa_flags = SA_SIGINFO;
        sigemptyset(&action.sa_mask);
        if (sigaction(SIGBUS, &action, &previous_bus_action) == 0) bus_handler_installed = 1;
    }
    for (int i = 0; i < WATCHED_MAPPINGS && bus_handler_installed; i++) {
        if (watched[i].used) continue;
        watched[i].base = base;
        watched[i].size = size;
        int n = snprintf(watched[i].message, sizeof(watched[i].message),
            "waygate: %s was truncated or rewritten while mapped; replace such a file by renaming a new one over it "
            "(as `waygate map build` does)\n", path);
        watched[i].length = n < 0 ? 0 : n >= (int)sizeof(watched[i].message) ? (int)sizeof(watched[i].message) - 1 : n;
        __atomic_store_n(&watched[i].used, 1, __ATOMIC_RELEASE);
        result = 0;
        break;
    }
    pthread_mutex_unlock(&watched_lock);
    return result;
}

void waygate_unwatch_mapping(const void *base) {
    pthread_mutex_lock(&watched_lock);
    for (int i = 0; i < WATCHED_MAPPINGS; i++) {
        if (watched[i].used && watched[i].base == base) __atomic_store_n(&watched[i].used, 0, __ATOMIC_RELEASE);
    }
    pthread_mutex_unlock(&watched_lock);
}
