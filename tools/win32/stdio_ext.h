/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* glibc's __fpending for MinGW (msvcrt's FILE): the bytes written to f and
 * not yet handed to the system. */
#ifndef FSUM_WIN32_STDIO_EXT_H
#define FSUM_WIN32_STDIO_EXT_H
#include <stdio.h>

static inline size_t __fpending(FILE *f) {
    return f->_base != NULL && f->_ptr > f->_base ? (size_t)(f->_ptr - f->_base) : 0;
}

#endif
