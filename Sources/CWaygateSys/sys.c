#define _GNU_SOURCE
#include <malloc.h>
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

int waygate_set_thread_nice(int nice) { return setpriority(PRIO_PROCESS, (id_t)gettid(), nice); }

int waygate_thread_nice(void) { return getpriority(PRIO_PROCESS, (id_t)gettid()); }
