/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Batch scheduler (many.c): hashes n messages with impl's lane kernels. */
#ifndef FSHA256_MANY_H
#define FSHA256_MANY_H

#include "seams.h"

typedef struct fsha256_message_source {
    const void *const *msgs;      /* NULL: strided layout */
    const size_t *lens;
    const uint8_t *base;
    size_t stride, len;
    uint64_t prefix_len;          /* bytes already absorbed into iv (HMAC: 64), for the bit count */
} fsha256_message_source;
void fsha256_hash_many(const fsha256_impl *impl, const fsha256_message_source *src, size_t n,
                       const uint32_t iv[8], uint8_t *out, size_t digest_size);

#endif /* FSHA256_MANY_H */
