/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Starting an fs-verity or dm-verity tree: checking the parameters, the
 * salted state every block hash starts from, dm-verity's file layout. */
#include <string.h>

#include "../bytes.h"
#include "../seams.h"
#include "framed.h"
#include "verity.h"

int fsha256_pow2_in(size_t x, size_t lo, size_t hi) {
    return x >= lo && x <= hi && (x & (x - 1)) == 0;
}

unsigned fsha256_dm_layout(uint64_t n, size_t hash_block_size,
                           uint64_t offsets[FASTSHA256_TREE_MAX_LEVELS], uint64_t *size) {
    uint64_t per = hash_block_size / 32, blocks[FASTSHA256_TREE_MAX_LEVELS];
    unsigned levels = 0;
    for (uint64_t c = n; c > 1 && levels < FASTSHA256_TREE_MAX_LEVELS; levels++) {
        c = c / per + (c % per != 0); /* level `levels`'s hash blocks */
        blocks[levels] = c;
    }
    uint64_t at = 0;
    for (unsigned i = levels; i-- > 0;) { /* the top level first */
        if (offsets)
            offsets[i] = at;
        at += blocks[i] * hash_block_size;
    }
    *size = at;
    return levels;
}

static void verity_clear(fastsha256_verity *v, unsigned kind, size_t dbs, size_t hbs) {
    memset(v, 0, sizeof *v);
    v->kind = kind;
    v->data_block_size = (uint32_t)dbs;
    v->hash_block_size = (uint32_t)hbs;
}

int fastsha256_fsverity_init(fastsha256_verity *v, size_t block_size, const void *salt,
                             size_t salt_len) {
    if (v == NULL || !fsha256_pow2_in(block_size, 1024, 65536) ||
        salt_len > FASTSHA256_FSVERITY_MAX_SALT || (salt == NULL && salt_len))
        return -1;
    verity_clear(v, FSHA256_VERITY_FS, block_size, block_size);
    v->salt_len = (uint32_t)salt_len;
    memcpy(v->salted, fsha256_sha256_iv, sizeof v->salted);
    if (salt_len) { /* zero-padded to a block, prepended to every block */
        uint8_t block[64] = {0};
        memcpy(v->salt, salt, salt_len);
        memcpy(block, salt, salt_len);
        v->salted_len = fsha256_absorb_blocks(v->salted, block, sizeof block);
    }
    return 0;
}

int fastsha256_dmverity_init(fastsha256_verity *v, size_t data_block_size,
                             size_t hash_block_size, const void *salt, size_t salt_len,
                             int format, uint64_t data_len, fastsha256_tree_sink sink,
                             void *sink_arg) {
    uint64_t size;
    if (v == NULL || !fsha256_pow2_in(data_block_size, 512, 512 * 1024) ||
        !fsha256_pow2_in(hash_block_size, 512, 512 * 1024) ||
        salt_len > FASTSHA256_DMVERITY_MAX_SALT || (salt == NULL && salt_len) ||
        (format != 0 && format != 1) || data_len / data_block_size == 0)
        return -1;
    verity_clear(v, FSHA256_VERITY_DM, data_block_size, hash_block_size);
    v->format = (uint32_t)format;
    v->salt_len = (uint32_t)salt_len;
    if (salt_len)
        memcpy(v->salt, salt, salt_len);
    v->expect_len = data_len;
    v->nlevels = fsha256_dm_layout(data_len / data_block_size, hash_block_size,
                                   v->level_offset, &size);
    v->sink = sink;
    v->sink_arg = sink_arg;
    if (format == 1) /* the salt's whole blocks once; its rest heads each block */
        v->salted_len = fsha256_absorb_blocks(v->salted, v->salt, salt_len);
    else
        memcpy(v->salted, fsha256_sha256_iv, sizeof v->salted);
    return 0;
}
