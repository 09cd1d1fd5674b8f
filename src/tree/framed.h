/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Framed batches (framed.c): many messages head || body || suffix through
 * the lane kernels, from a state that has already absorbed whole blocks
 * (a salt's, say). The tree formats' leaves and nodes are such messages:
 * fs-verity's body after a padded salt, dm-verity's after or before a raw
 * one, RFC 6962's after a 0x00 or 0x01 byte. */
#ifndef FSHA256_TREE_FRAMED_H
#define FSHA256_TREE_FRAMED_H

#include <stddef.h>
#include <stdint.h>

#include "fastsha256.h"

#define FSHA256_FRAMED_MAX_SUFFIX 256

typedef struct fsha256_framed {
    const uint32_t *iv;          /* the state after prefix_len bytes */
    uint64_t prefix_len;         /* a multiple of 64 */
    const uint8_t *head;         /* head_len (< 64) bytes before each body */
    size_t head_len;
    const uint8_t *suffix;       /* suffix_len (<= FSHA256_FRAMED_MAX_SUFFIX) after it */
    size_t suffix_len;
    const void *const *bodies;   /* bodies[i], lens[i] bytes; NULL: strided */
    const size_t *lens;
    const uint8_t *base;         /* strided: body i at base + i * stride, len bytes */
    size_t stride, len;
} fsha256_framed;

/* The n digests (32 bytes each) to out, in order. */
void fsha256_hash_framed(const fsha256_framed *f, size_t n, uint8_t (*out)[32]);

/* Streaming: feeds the leaf in progress (*data_len % leaf_size of its bytes
 * already in *leaf; none: nothing is done) from *p and *len, advancing them
 * and *data_len; 1 when the leaf is now whole. */
int fsha256_leaf_fill(fastsha256_ctx *leaf, uint64_t *data_len, size_t leaf_size,
                      const uint8_t **p, size_t *len);

/* The state after the whole blocks of a salt (64 * (salt_len / 64) bytes)
 * into iv; returns that many bytes. */
uint64_t fsha256_absorb_blocks(uint32_t iv[8], const uint8_t *salt, size_t salt_len);

#endif /* FSHA256_TREE_FRAMED_H */
