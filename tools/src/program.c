/* SPDX-License-Identifier: Apache-2.0 OR MIT */
#define _GNU_SOURCE 1
#include "program.h"

#include <stdio.h>
#include <stdlib.h>

const char *program_name = "fastsha256sum";

_Noreturn void xalloc_die(void) {
    fprintf(stderr, "%s: memory exhausted\n", program_name);
    exit(EXIT_FAILURE);
}

void *xmalloc(size_t n) {
    void *p = malloc(n ? n : 1);
    if (p == NULL)
        xalloc_die();
    return p;
}

void *xrealloc(void *p, size_t n) {
    void *q = realloc(p, n ? n : 1);
    if (q == NULL)
        xalloc_die();
    return q;
}
