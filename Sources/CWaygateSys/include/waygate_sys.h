#ifndef WAYGATE_SYS_H
#define WAYGATE_SYS_H
/* Calls that need _GNU_SOURCE, which Swift's Glibc module is built without, or a signal handler. */
#include <stddef.h>
/* Peer credentials of a connected Unix socket (SO_PEERCRED); 0 on success, -1 with errno. */
int waygate_peercred(int fd, int *pid, unsigned int *uid, unsigned int *gid);
/* accept4(fd, NULL, NULL, SOCK_CLOEXEC | SOCK_NONBLOCK); the new fd or -1 with errno. */
int waygate_accept_nonblocking(int fd);
/* mallopt(M_MMAP_THRESHOLD, mmap_threshold) and mallopt(M_TRIM_THRESHOLD, trim_threshold) (fixed
   values also turn off glibc's moving thresholds); 0 when both were taken, -1 otherwise. */
int waygate_keep_freed_memory(int mmap_threshold, int trim_threshold);
/* malloc_trim(0): gives the free memory of every heap arena back to the kernel; 1 when some was. */
int waygate_trim_heap(void);
/* setpriority(PRIO_PROCESS, gettid(), nice): the calling thread's nice value (Linux keeps one per
   thread); 0 on success, -1 with errno (EACCES/EPERM without CAP_SYS_NICE or RLIMIT_NICE room). */
int waygate_set_thread_nice(int nice);
/* getpriority(PRIO_PROCESS, gettid()): the calling thread's nice value. */
int waygate_thread_nice(void);
/* Reports a bus error inside [base, base + size) — the mapped file was truncated or rewritten in
   place — as one line naming `path` on stderr and exit status 1, instead of a bare "Bus error".
   A bus error elsewhere goes to the handler that was there before. At most 64 mappings at once;
   0 when watched, -1 when the table is full. */
int waygate_watch_mapping(const void *base, size_t size, const char *path);
/* Stops watching the mapping at `base` (before it is unmapped). */
void waygate_unwatch_mapping(const void *base);
#endif
