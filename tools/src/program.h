/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The program's name (for messages) and the out-of-memory exit. A leaf:
 * every other module of fastsha256sum may use it. */
#ifndef FSUM_PROGRAM_H
#define FSUM_PROGRAM_H

#include <stddef.h>

/* argv[0], or "fastsha256sum"; set once by main before anything else. */
extern const char *program_name;

/* "program: memory exhausted", exit status 1. */
_Noreturn void xalloc_die(void);
/* malloc/realloc that never return NULL (xmalloc(0) is a valid pointer). */
void *xmalloc(size_t n);
void *xrealloc(void *p, size_t n);

#endif
