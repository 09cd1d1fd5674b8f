/* SPDX-License-Identifier: Apache-2.0 OR MIT */
#define _GNU_SOURCE 1
#include "algorithm.h"

#include <strings.h>

const algorithm algo_sha256 = {"sha256", "SHA256", FASTSHA256_DIGEST_SIZE, fastsha256_init};
const algorithm algo_sha224 = {"sha224", "SHA224", FASTSHA224_DIGEST_SIZE, fastsha224_init};

const algorithm *find_algorithm(const char *name) {
    static const algorithm *const known[] = {&algo_sha256, &algo_sha224};
    for (size_t k = 0; k < sizeof known / sizeof known[0]; k++)
        if (strcasecmp(name, known[k]->option_name) == 0)
            return known[k];
    return NULL;
}
