/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The few POSIX calls the test programs use that MinGW's C library lacks,
 * force-included into every test source of the Windows build
 * (test/CMakeLists.txt), so the suites themselves stay as they are. */
#ifndef FASTSHA256_TEST_POSIX_COMPAT_H
#define FASTSHA256_TEST_POSIX_COMPAT_H
#ifdef _WIN32

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/types.h>

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

/* One line with its '\n', grown as needed; -1 at the end of the file. */
static inline ssize_t getline(char **line, size_t *cap, FILE *f) {
    size_t n = 0;
    int c;
    while ((c = fgetc(f)) != EOF) {
        if (n + 2 > *cap) {
            size_t grown = *cap ? *cap * 2 : 128;
            char *p = realloc(*line, grown);
            if (p == NULL)
                return -1;
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

#endif
#endif
