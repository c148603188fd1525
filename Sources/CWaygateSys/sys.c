#define _GNU_SOURCE
#include <stddef.h>
#include <sys/socket.h>
#include "waygate_sys.h"

int waygate_peercred(int fd, int *pid, unsigned int *uid, unsigned int *gid) {
    struct ucred cred;
    socklen_t len = sizeof(cred);
    if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &len) != 0) return -1;
    *pid = cred.pid; *uid = cred.uid; *gid = cred.gid;
    return 0;
}

int waygate_accept_nonblocking(int fd) { return accept4(fd, NULL, NULL, SOCK_CLOEXEC | SOCK_NONBLOCK); }
