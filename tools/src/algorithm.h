/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The two digests fastsha256sum computes, as sha256sum and sha224sum. */
#ifndef FSUM_ALGORITHM_H
#define FSUM_ALGORITHM_H

#include <stddef.h>

#include "fastsha256.h"

typedef struct algorithm {
    const char *option_name; /* for --algorithm */
    const char *tag;         /* BSD tag and name in messages */
    size_t digest_size;      /* bytes */
    void (*init)(fastsha256_ctx *);
} algorithm;

extern const algorithm algo_sha256, algo_sha224;

/* The algorithm named by --algorithm (any case), or NULL. */
const algorithm *find_algorithm(const char *name);

#endif
