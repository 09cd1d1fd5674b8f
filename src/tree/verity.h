/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* fs-verity and dm-verity trees (verity.c): parameters and layout shared
 * by the streaming engine and the one-shot calls (verity_api.c). */
#ifndef FSHA256_TREE_VERITY_H
#define FSHA256_TREE_VERITY_H

#include <stddef.h>
#include <stdint.h>

#include "fastsha256.h"

enum { FSHA256_VERITY_FS = 1, FSHA256_VERITY_DM = 2 };

/* 1 when x is a power of two in [lo, hi]. */
int fsha256_pow2_in(size_t x, size_t lo, size_t hi);
/* dm-verity's hash levels for n data blocks: their count, each one's offset
 * in the hash file (top level first) when offsets is not NULL, and the
 * file's size. */
unsigned fsha256_dm_layout(uint64_t n, size_t hash_block_size,
                           uint64_t offsets[FASTSHA256_TREE_MAX_LEVELS], uint64_t *size);

#endif /* FSHA256_TREE_VERITY_H */
