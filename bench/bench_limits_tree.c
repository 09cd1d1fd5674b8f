/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* --limits, the hash trees' leaf paths: each format's leaves of 16 MiB of
 * data through the library's _leaves call (what one thread of
 * fastsha256-tree and the one-shot calls run), and a whole RFC 6962 tree
 * of 64-byte leaves, against the many-stream floor: every block of a leaf
 * is independent of the other leaves', so nothing but the lanes bounds
 * them. Units are compressions, padding blocks included. */
#define _GNU_SOURCE 1

#include "bench_limits.h"

#define TREE_ITEM (16 * BENCH_MIB)
#define TREE_RFC_LEAVES 1024u

static fastsha256_verity fs_ctx, dm_ctx, dm_plain_ctx;
static fastsha256_merkle bt2_ctx, glacier_ctx;
static const fastsha256_verity *verity; /* the path being measured */
static const fastsha256_merkle *merkle;
static size_t merkle_leaf;
static uint8_t leaf_digests[TREE_ITEM / 4096][32];
static const void *rfc_leaves[TREE_RFC_LEAVES];
static size_t rfc_lens[TREE_RFC_LEAVES];

static uint64_t w_verity(void *p, size_t start, size_t n, uint64_t acc) {
    (void)start;
    for (size_t i = 0; i < n; i++) {
        fastsha256_verity_leaves(verity, ((bench_limits_arg *)p)->m.buf, TREE_ITEM / 4096,
                                 leaf_digests);
        acc = bench_fold_digest(acc, leaf_digests[i % (TREE_ITEM / 4096)]);
    }
    return acc;
}

static uint64_t w_merkle(void *p, size_t start, size_t n, uint64_t acc) {
    (void)start;
    for (size_t i = 0; i < n; i++) {
        fastsha256_merkle_leaves(merkle, ((bench_limits_arg *)p)->m.buf, TREE_ITEM / merkle_leaf,
                                 leaf_digests);
        acc = bench_fold_digest(acc, leaf_digests[i % (TREE_ITEM / merkle_leaf)]);
    }
    return acc;
}

static uint64_t w_rfc6962(void *p, size_t start, size_t n, uint64_t acc) {
    (void)p;
    (void)start;
    uint8_t root[32];
    for (size_t i = 0; i < n; i++) {
        fastsha256_rfc6962_root(rfc_leaves, rfc_lens, TREE_RFC_LEAVES, root);
        acc = bench_fold_digest(acc, root);
    }
    return acc;
}

#define LEAVES_4K (TREE_ITEM / 4096.0)
static const char basis[] = "many streams: best backend";

/* A salted 4 KiB block is 65 compressions (the 32-byte dm-verity salt and
 * fs-verity's none alike); a 16 KiB leaf 257, a 1 MiB one 16385; an RFC
 * 6962 leaf of 64 bytes and a parent two each. */
static const bench_limits_path tree_paths[] = {
    {"fs-verity leaves, 4 KiB (verity_leaves)", NULL, w_verity, 0, TREE_ITEM, 1,
     65 * LEAVES_4K, "cycles/block", BENCH_LIMITS_F_MANY, basis, ">=90%",
     "4096 blocks of 16 MiB a call, no salt", NULL},
    {"dm-verity leaves, 4 KiB, 32 B salt", NULL, w_verity, 0, TREE_ITEM, 1, 65 * LEAVES_4K,
     "cycles/block", BENCH_LIMITS_F_MANY, basis, ">=90%",
     "4096 blocks of 16 MiB a call, format 1: salt || block, framed", NULL},
    {"dm-verity leaves, 4 KiB, no salt", NULL, w_verity, 0, TREE_ITEM, 1, 65 * LEAVES_4K,
     "cycles/block", BENCH_LIMITS_F_MANY, basis, NULL,
     "as above without the salt: fastsha256_many's equal-length path", NULL},
    {"BitTorrent v2 leaves, 16 KiB", NULL, w_merkle, 0, TREE_ITEM, 1, 257 * 1024.0, "cycles/block",
     BENCH_LIMITS_F_MANY, basis, NULL, "1024 leaves of 16 MiB a call", NULL},
    {"Glacier leaves, 1 MiB", NULL, w_merkle, 0, TREE_ITEM, 1, 16385 * 16.0, "cycles/block",
     BENCH_LIMITS_F_MANY, basis, NULL, "16 leaves of 16 MiB a call", NULL},
    {"RFC 6962 tree, 1024 leaves of 64 B", NULL, w_rfc6962, 0, 64, 1,
     2.0 * (2 * TREE_RFC_LEAVES - 1), "cycles/block", BENCH_LIMITS_F_MANY, basis, NULL,
     "rfc6962_root: leaves and parents", NULL},
};

void bench_limits_tree_rows(bench_ctx *c, bench_limits_arg *a, const bench_limits_floors *f) {
    static const uint8_t salt[32] = {0x5a};
    fastsha256_fsverity_init(&fs_ctx, 4096, NULL, 0);
    fastsha256_dmverity_init(&dm_ctx, 4096, 4096, salt, sizeof salt, 1, TREE_ITEM, NULL, NULL);
    fastsha256_dmverity_init(&dm_plain_ctx, 4096, 4096, NULL, 0, 1, TREE_ITEM, NULL, NULL);
    fastsha256_bt2_init(&bt2_ctx, 0, NULL, NULL);
    fastsha256_glacier_init(&glacier_ctx);
    for (size_t i = 0; i < TREE_RFC_LEAVES; i++)
        rfc_leaves[i] = a->m.buf + 64 * i, rfc_lens[i] = 64;
    const fastsha256_verity *verities[] = {&fs_ctx, &dm_ctx, &dm_plain_ctx, NULL, NULL, NULL};
    const fastsha256_merkle *merkles[] = {NULL, NULL, NULL, &bt2_ctx, &glacier_ctx, NULL};
    for (size_t i = 0; i < sizeof tree_paths / sizeof tree_paths[0]; i++) {
        const bench_limits_path *p = &tree_paths[i];
        verity = verities[i], merkle = merkles[i];
        merkle_leaf = merkle == &bt2_ctx ? 16 * BENCH_KIB : BENCH_MIB;
        bench_limits_measured m;
        bench_limits_measure_path(c, p, a, f, &m);
        bench_report_row *r = bench_limits_row(fastsha256_backend(), p, &m, p->units);
        if (!r->note[0])
            bench_fmt(r->note, sizeof r->note, "%s", p->note);
    }
}
