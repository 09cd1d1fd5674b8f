/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The POSIX calls that fastsha256sum, fastsha256-bench and the test
 * programs use and MinGW's C library lacks, on Windows calls; force-included
 * into their sources in the Windows build (tools/, bench/ and test/
 * CMakeLists.txt), so the sources keep their POSIX form. Files are opened
 * binary (O_CLOEXEC: O_BINARY). The few calls that need <windows.h> are in
 * posix.c, so its names (small, ERROR, ...) stay out of the sources. */
#ifndef FSUM_WIN32_POSIX_H
#define FSUM_WIN32_POSIX_H
#ifdef _WIN32

/* gmtime_r and localtime_r, from MinGW's <time.h>. */
#ifndef _POSIX_THREAD_SAFE_FUNCTIONS
#  define _POSIX_THREAD_SAFE_FUNCTIONS 200112L
#endif

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/types.h>

/* Not inherited, and no CR-LF translation: the bytes as they are. */
#define O_CLOEXEC (O_BINARY | O_NOINHERIT)

/* In posix.c (linked into fastsha256sum and fastsha256-bench), where
 * <windows.h> stays. */
#define F_GETFD 1
#define _SC_NPROCESSORS_ONLN 84
int fcntl(int fd, int cmd);       /* F_GETFD only: whether fd is open */
long sysconf(int name);           /* _SC_NPROCESSORS_ONLN only */
ssize_t pread(int fd, void *buf, size_t count, off_t off);
char *mkdtemp(char *template);    /* XXXXXX at the end: a new folder */

/* mkdir's mode is POSIX's alone. */
#include <direct.h>
#include <io.h>
#define mkdir(path, mode) _mkdir(path)

/* CPU sets as glibc's, on the process and thread affinity masks (64 CPUs,
 * one processor group): fastsha256-bench pins itself with them. */
#include <pthread.h>
#define CPU_SETSIZE 64
typedef struct cpu_set_t {
    unsigned long long bits;
} cpu_set_t;
#define CPU_ZERO(set) ((set)->bits = 0)
#define CPU_SET(cpu, set) ((set)->bits |= 1ull << (cpu))
#define CPU_ISSET(cpu, set) (((set)->bits >> (cpu)) & 1)
#define CPU_COUNT(set) __builtin_popcountll((set)->bits)
int sched_getaffinity(int pid, size_t size, cpu_set_t *set);
int sched_setaffinity(int pid, size_t size, const cpu_set_t *set);
int pthread_setaffinity_np(pthread_t thread, size_t size, const cpu_set_t *set);

/* No /proc here: readlink finds nothing (the benchmark's OpenSSL probe of
 * itself then has no row, as without OpenSSL). */
static inline ssize_t readlink(const char *path, char *buf, size_t size) {
    (void)path;
    (void)buf;
    (void)size;
    errno = ENOENT;
    return -1;
}

/* One line with its '\n', grown as needed; -1 at the end of the file. */
static inline ssize_t getline(char **line, size_t *cap, FILE *f) {
    size_t n = 0;
    int c;
    while ((c = getc(f)) != EOF) {
        if (n + 2 > *cap) {
            size_t grown = *cap ? *cap * 2 : 128;
            char *p = realloc(*line, grown);
            if (p == NULL) {
                errno = ENOMEM;
                return -1;
            }
            *line = p;
            *cap = grown;
        }
        (*line)[n++] = (char)c;
        if (c == '\n')
            break;
    }
    if (n == 0)
        return -1;
    (*line)[n] = '\0';
    return (ssize_t)n;
}

/* getenv, and so the library, sees the change; an empty value removes the
 * variable. */
static inline int setenv(const char *name, const char *value, int overwrite) {
    if (!overwrite && getenv(name) != NULL)
        return 0;
    return _putenv_s(name, value);
}
static inline int unsetenv(const char *name) { return _putenv_s(name, ""); }

/* Never reached: its callers, the tests that scan a thread's own stack,
 * skip on Windows (winpthreads ignores pthread_attr_setstack's stack). */
static inline int posix_memalign(void **p, size_t align, size_t size) {
    (void)align;
    (void)size;
    *p = NULL;
    return ENOSYS;
}

#endif
#endif
