/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The fs-verity / dm-verity tree engine. Data blocks are hashed in batches
 * through the lanes, all from the salted state computed once; their
 * digests fill the level above, whose hash blocks are hashed as they fill
 * (one open block per level, kept as a hashing state: no block buffers),
 * and so on up. The two formats differ only in how the salt frames each
 * hashed block, in the last partial data block (fs-verity pads it,
 * dm-verity ignores it) and in the output (descriptor digest or root). */
#include <string.h>

#include "../bytes.h"
#include "framed.h"
#include "verity.h"

#define LEAF_BATCH 256 /* data blocks per lane batch: 8 KiB of digests */

static const uint8_t zeros[4096];

/* A block hash started: the salt's absorbed blocks, then dm-verity format
 * 1's remaining salt bytes (which go before the block). */
static void salted_start(const fastsha256_verity *v, fastsha256_ctx *c) {
    fastsha256_init(c);
    memcpy(c->state, v->salted, sizeof c->state);
    c->total_len = v->salted_len;
    if (v->kind == FSHA256_VERITY_DM && v->format == 1)
        fastsha256_update(c, v->salt + v->salted_len, v->salt_len - (size_t)v->salted_len);
}

/* Format 0 puts the salt after the block. */
static void salted_finish(const fastsha256_verity *v, fastsha256_ctx *c, uint8_t out[32]) {
    if (v->kind == FSHA256_VERITY_DM && v->format == 0)
        fastsha256_update(c, v->salt, v->salt_len);
    fastsha256_final(c, out);
}

static void add_zeros(fastsha256_ctx *c, size_t n) {
    for (; n > sizeof zeros; n -= sizeof zeros)
        fastsha256_update(c, zeros, sizeof zeros);
    fastsha256_update(c, zeros, n);
}

/* dm-verity's hash file gets level i's bytes at their place. */
static void emit(const fastsha256_verity *v, unsigned i, uint64_t at, const void *p, size_t n) {
    if (v->sink && i < v->nlevels)
        v->sink(v->sink_arg, v->level_offset[i] + at, p, n);
}

static void emit_zeros(const fastsha256_verity *v, unsigned i, uint64_t at, size_t n) {
    for (; n; ) {
        size_t k = n < sizeof zeros ? n : sizeof zeros;
        emit(v, i, at, zeros, k);
        at += k;
        n -= k;
    }
}

/* n digests into level i; a hash block that fills goes up a level. */
static void level_add(fastsha256_verity *v, unsigned i, const uint8_t *d, size_t n) {
    size_t per = v->hash_block_size / 32;
    if (i >= FASTSHA256_TREE_MAX_LEVELS)
        return; /* not reachable: the sizes bound the height */
    fastsha256_verity_level *lv = &v->level[i];
    while (n) {
        size_t slot = (size_t)(lv->count % per), take = per - slot < n ? per - slot : n;
        if (slot == 0)
            salted_start(v, &lv->block);
        if (lv->count == 0)
            memcpy(lv->first, d, 32);
        fastsha256_update(&lv->block, d, take * 32);
        emit(v, i, lv->count * 32, d, take * 32);
        lv->count += take;
        d += take * 32;
        n -= take;
        if (lv->count % per == 0) {
            uint8_t h[32];
            salted_finish(v, &lv->block, h);
            level_add(v, i + 1, h, 1);
        }
    }
}

/* Closes level i's partial last block (zero tail) into level i + 1. */
static void level_close(fastsha256_verity *v, unsigned i) {
    size_t per = v->hash_block_size / 32;
    fastsha256_verity_level *lv = &v->level[i];
    size_t slot = (size_t)(lv->count % per);
    if (slot == 0)
        return;
    uint8_t h[32];
    add_zeros(&lv->block, (per - slot) * 32);
    emit_zeros(v, i, lv->count * 32, (per - slot) * 32);
    salted_finish(v, &lv->block, h);
    level_add(v, i + 1, h, 1);
}

void fastsha256_verity_leaves(const fastsha256_verity *v, const void *data, size_t nblocks,
                              uint8_t (*out)[32]) {
    if (v == NULL || out == NULL || nblocks == 0)
        return;
    int f1 = v->kind == FSHA256_VERITY_DM && v->format == 1;
    int f0 = v->kind == FSHA256_VERITY_DM && v->format == 0;
    fsha256_framed f = {v->salted, v->salted_len,
                        f1 ? v->salt + v->salted_len : NULL,
                        f1 ? v->salt_len - (size_t)v->salted_len : 0,
                        f0 ? v->salt : NULL, f0 ? v->salt_len : 0,
                        NULL, NULL, (const uint8_t *)data, v->data_block_size,
                        v->data_block_size};
    fsha256_hash_framed(&f, nblocks, out);
}

void fastsha256_verity_add_leaves(fastsha256_verity *v, const uint8_t (*digests)[32], size_t n) {
    if (v == NULL || digests == NULL || v->kind == 0)
        return;
    if (v->kind == FSHA256_VERITY_DM) { /* never past the declared tree */
        uint64_t want = v->expect_len / v->data_block_size, have = v->level[0].count;
        uint64_t room = want > have ? want - have : 0;
        if (n > room)
            v->expect_len = UINT64_MAX; /* final then fails */
        if (n > room)
            n = (size_t)room;
    }
    level_add(v, 0, digests[0], n);
    v->data_len += (uint64_t)n * v->data_block_size;
}

void fastsha256_verity_update(fastsha256_verity *v, const void *data, size_t len) {
    if (v == NULL || v->kind == 0)
        return;
    const uint8_t *p = (const uint8_t *)data;
    size_t bs = v->data_block_size;
    len = fsha256_readable_len(p, len);
    if (fsha256_leaf_fill(&v->leaf, &v->data_len, bs, &p, &len)) {
        uint8_t h[32]; /* the block in progress, now whole */
        salted_finish(v, &v->leaf, h);
        v->data_len -= bs; /* add_leaves counts the block */
        fastsha256_verity_add_leaves(v, (const uint8_t(*)[32])h, 1);
    }
    for (size_t whole = len / bs; whole;) {
        uint8_t d[LEAF_BATCH][32];
        size_t k = whole < LEAF_BATCH ? whole : LEAF_BATCH;
        fastsha256_verity_leaves(v, p, k, d);
        fastsha256_verity_add_leaves(v, (const uint8_t(*)[32])d, k);
        p += k * bs;
        len -= k * bs;
        whole -= k;
    }
    if (len) {
        salted_start(v, &v->leaf);
        fastsha256_update(&v->leaf, p, len);
        v->data_len += len;
    }
}

/* The root of the levels fed so far: 0, or -1 when there is no block. */
static int tree_root(fastsha256_verity *v, uint8_t root[32]) {
    if (v->level[0].count == 0)
        return -1;
    for (unsigned i = 0; i < FASTSHA256_TREE_MAX_LEVELS; i++) {
        if (v->level[i].count == 1) {
            memcpy(root, v->level[i].first, 32);
            return 0;
        }
        level_close(v, i);
    }
    return -1;
}

/* fs-verity's descriptor (Documentation/filesystems/fsverity.rst) and its
 * digest, the file digest `fsverity digest` prints. */
static void fs_descriptor_digest(const fastsha256_verity *v, const uint8_t root[32],
                                 uint8_t out[32]) {
    uint8_t d[256] = {0};
    unsigned log = 0;
    while ((1u << log) < v->data_block_size)
        log++;
    d[0] = 1; /* version */
    d[1] = 1; /* FS_VERITY_HASH_ALG_SHA256 */
    d[2] = (uint8_t)log;
    d[3] = (uint8_t)v->salt_len;
    for (unsigned i = 0; i < 8; i++) /* data_size, little-endian */
        d[8 + i] = (uint8_t)(v->data_len >> (8 * i));
    memcpy(d + 16, root, 32);
    memcpy(d + 80, v->salt, v->salt_len);
    fastsha256(d, sizeof d, out);
}

int fastsha256_verity_final(fastsha256_verity *v, uint8_t out[32]) {
    uint8_t root[32] = {0};
    int rc = -1;
    if (v == NULL || out == NULL || v->kind == 0)
        return -1;
    size_t held = (size_t)(v->data_len % v->data_block_size);
    if (v->kind == FSHA256_VERITY_FS) {
        if (held) { /* the last block, zero-padded */
            uint8_t h[32];
            add_zeros(&v->leaf, v->data_block_size - held);
            salted_finish(v, &v->leaf, h);
            level_add(v, 0, h, 1);
        }
        if (v->level[0].count)
            tree_root(v, root); /* an empty file's root is all zeros */
        fs_descriptor_digest(v, root, out);
        rc = 0;
    } else if (v->data_len == v->expect_len && tree_root(v, root) == 0) {
        memcpy(out, root, 32);
        rc = 0;
    }
    fsha256_wipe(v, sizeof *v);
    return rc;
}
