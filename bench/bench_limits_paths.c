/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* --limits, the measured paths: each of fastsha256's paths, one row of the
 * table below, timed in rounds that alternate with the instruction probes
 * (bench_limits_floors.c), outputs folded into a checksum so nothing is
 * skipped. */
#define _GNU_SOURCE 1

#include <stdlib.h>
#include <string.h>

#include "bench_limits.h"

#define BENCH_LIMITS_KDF_ITERS 20000

/* Each 14-byte message is the previous digest: the call's latency. */
static uint64_t w_chain(void *p, size_t start, size_t n, uint64_t acc) {
    bench_limits_arg *a = (bench_limits_arg *)p;
    (void)start;
    for (size_t i = 0; i < n; i++)
        fastsha256(a->chain[i & 1], BENCH_SEED_LEN, a->chain[(i + 1) & 1]);
    return bench_fold_digest(acc, a->chain[n & 1]);
}

/* The same to hex: each message is the previous hex string's start. */
static uint64_t w_chain_hex(void *p, size_t start, size_t n, uint64_t acc) {
    bench_limits_arg *a = (bench_limits_arg *)p;
    (void)start;
    for (size_t i = 0; i < n; i++)
        fastsha256_hex(a->chain[i & 1], BENCH_SEED_LEN, (char *)a->chain[(i + 1) & 1]);
    return bench_fold_hex(acc, a->chain[n & 1]);
}

/* The seed's batch path: 14-byte records to digests to hex strings. */
static uint64_t w_seed(void *p, size_t start, size_t n, uint64_t acc) {
    bench_limits_arg *a = (bench_limits_arg *)p;
    (void)start;
    for (size_t done = 0; done < n; done += BENCH_LIMITS_BATCH) {
        fastsha256_many_strided(a->records, 16, BENCH_SEED_LEN, BENCH_LIMITS_BATCH, a->m.dig);
        fastsha256_to_hex_many((const uint8_t(*)[32])a->m.dig, BENCH_LIMITS_BATCH, a->hex);
        acc = bench_fold_hex(acc, a->hex[done / BENCH_LIMITS_BATCH % BENCH_LIMITS_BATCH]);
    }
    return acc;
}

static uint64_t w_hex(void *p, size_t start, size_t n, uint64_t acc) {
    bench_limits_arg *a = (bench_limits_arg *)p;
    (void)start;
    for (size_t done = 0; done < n; done += BENCH_LIMITS_BATCH) {
        fastsha256_to_hex_many((const uint8_t(*)[32])a->m.dig, BENCH_LIMITS_BATCH, a->hex);
        acc = bench_fold_hex(acc, a->hex[done / BENCH_LIMITS_BATCH % BENCH_LIMITS_BATCH]);
    }
    return acc;
}

static uint64_t w_hmac(void *p, size_t start, size_t n, uint64_t acc) {
    bench_limits_arg *a = (bench_limits_arg *)p;
    (void)start;
    for (size_t done = 0; done < n; done += BENCH_LIMITS_BATCH) {
        fastsha256_hmac_many(&a->key, a->msg64, a->len64, BENCH_LIMITS_BATCH, a->m.dig);
        acc = bench_fold_digest(acc, a->m.dig[done / BENCH_LIMITS_BATCH % BENCH_LIMITS_BATCH]);
    }
    return acc;
}

/* Four streams of 1 MiB each through one update_many call. */
static uint64_t w_update_many(void *p, size_t start, size_t n, uint64_t acc) {
    bench_limits_arg *a = (bench_limits_arg *)p;
    (void)start;
    fastsha256_ctx ctx[4];
    fastsha256_ctx *ctxs[4] = {&ctx[0], &ctx[1], &ctx[2], &ctx[3]};
    for (size_t i = 0; i < n; i++) {
        for (int j = 0; j < 4; j++)
            fastsha256_init(&ctx[j]);
        fastsha256_update_many(ctxs, a->m.ptrs, a->m.lens, 4);
        for (int j = 0; j < 4; j++) {
            fastsha256_final(&ctx[j], a->m.dig[j]);
            acc = bench_fold_digest(acc, a->m.dig[j]);
        }
    }
    return acc;
}

/* PBKDF2-HMAC-SHA256, 32-byte keys: n items of BENCH_LIMITS_KDF_ITERS
 * iterations, one derivation, or (a->m.nmsg > 1) that many at once through
 * _many. */
static uint64_t w_kdf(void *p, size_t start, size_t n, uint64_t acc) {
    bench_limits_arg *a = (bench_limits_arg *)p;
    (void)start;
    static const size_t saltlen[BENCH_LIMITS_MAX_MSGS] = {0};
    const void *salt[BENCH_LIMITS_MAX_MSGS] = {0};
    for (size_t i = 0; i < n; i++) {
        if (a->m.nmsg > 1)
            fastsha256_pbkdf2_many(a->m.ptrs, a->m.lens, salt, saltlen, a->m.nmsg,
                                   BENCH_LIMITS_KDF_ITERS, a->m.dig, 32);
        else
            fastsha256_pbkdf2(a->m.ptrs[0], a->m.lens[0], "salt", 4, BENCH_LIMITS_KDF_ITERS,
                              a->m.dig, 32);
        acc = bench_fold_digest(acc, a->m.dig[0]);
    }
    return acc;
}

/* A plain sequential read of the buffer: what the memory system gives one
 * core (cycles per 64 bytes). */
static uint64_t w_read(void *p, size_t start, size_t n, uint64_t acc) {
    const bench_limits_arg *a = (const bench_limits_arg *)p;
    (void)start;
    for (size_t i = 0; i < n; i++) {
        uint64_t s0 = 0, s1 = 0, s2 = 0, s3 = 0;
        for (size_t off = 0; off < a->m.size; off += 32) {
            s0 += bench_load_word((const char *)a->m.buf + off);
            s1 ^= bench_load_word((const char *)a->m.buf + off + 8);
            s2 += bench_load_word((const char *)a->m.buf + off + 16);
            s3 ^= bench_load_word((const char *)a->m.buf + off + 24);
        }
        acc = (acc ^ (s0 + s1 + s2 + s3)) * 0x100000001b3ull;
    }
    return acc;
}

/* Notes computed from the row's numbers. */
static void note_framing(bench_report_row *r, double t, double floor) {
    bench_fmt(r->note, sizeof r->note, "framing %.0f cycles (call, padding, state shuffles, "
              "feed-forward, store, forwarding into the next call); %.2fx the floor",
              t - floor, floor > 0 ? t / floor : 0);
}

static void note_framing_hex(bench_report_row *r, double t, double floor) {
    bench_fmt(r->note, sizeof r->note, "framing with hex %.0f cycles", t - floor);
}

static void note_seed(bench_report_row *r, double t, double floor) {
    (void)t;
    (void)floor;
    bench_fmt(r->note, sizeof r->note, "many_strided + to_hex_many in batches of %u; hex "
              "encoder %s", BENCH_LIMITS_BATCH, fastsha256_hex_backend());
}

#define MIB BENCH_MIB
#define KIB BENCH_KIB
static const char lanes_basis[] = "this backend's lanes";
static const char many_basis[] = "many streams: best backend";
static const char chain_basis[] = "one stream: the rounds' chain";
static const char lat_basis[] = "one block's latency";

/* A batch of n messages of 1 MiB on a forced backend, against its lanes. */
#define FORCED(name, backend, n)                                                                \
    {name, backend, bench_work_many, n, MIB, 1, 0, "cycles/block", BENCH_LIMITS_F_LANES, lanes_basis, NULL, \
     NULL, NULL}

/* Every path, in the table's order. Per item: `size` bytes as one message,
 * or `nmsg` messages of `size` bytes; `granule` items per call. */
static const bench_limits_path paths[] = {
    {"single stream, 16 MiB", NULL, bench_work_oneshot, 0, 16 * MIB, 1, 0, "cycles/block",
     BENCH_LIMITS_F_ONE, chain_basis, ">=95%", NULL, NULL},
    {"single stream, 256 KiB (in cache)", NULL, bench_work_oneshot, 0, 256 * KIB, 1, 0, "cycles/block",
     BENCH_LIMITS_F_ONE, chain_basis, NULL, NULL, NULL},
    {"14 B fastsha256(), back to back", NULL, bench_work_oneshot, 0, BENCH_SEED_LEN, 1, 1, "cycles/hash",
     BENCH_LIMITS_F_BLOCK_LAT, lat_basis, NULL,
     "independent calls overlap out of order: below the latency floor is possible", NULL},
    {"14 B fastsha256(), chained (latency)", NULL, w_chain, 0, 0, 1, 1, "cycles/hash",
     BENCH_LIMITS_F_BLOCK_LAT, lat_basis, "<=1.1x+fr", NULL, note_framing},
    {"14 B fastsha256_hex(), chained (latency)", NULL, w_chain_hex, 0, 0, 1, 1, "cycles/hash",
     BENCH_LIMITS_F_BLOCK_LAT, lat_basis, "<=1.1x+fr", NULL, note_framing_hex},
    {"batch 16 x 1 MiB (fastsha256_many)", NULL, bench_work_many, 16, MIB, 1, 0, "cycles/block",
     BENCH_LIMITS_F_MANY, many_basis, ">=90%", NULL, NULL},
    {"batch 16 x 64 KiB (in cache)", NULL, bench_work_many, 16, 64 * KIB, 1, 0, "cycles/block",
     BENCH_LIMITS_F_MANY, many_basis, NULL, NULL, NULL},
    FORCED("batch 2 x 1 MiB, shani forced", "shani", 2),
    FORCED("batch 4 x 1 MiB, shani forced", "shani", 4),
    FORCED("batch 16 x 1 MiB, shani forced", "shani", 16),
    FORCED("batch 8 x 1 MiB, avx2 forced", "avx2", 8),
    FORCED("batch 16 x 1 MiB, avx2 forced", "avx2", 16),
    FORCED("batch 16 x 1 MiB, avx512 forced", "avx512", 16),
    FORCED("batch 32 x 1 MiB, avx512 forced", "avx512", 32),
    FORCED("batch 2 x 1 MiB, armv8 forced", "armv8", 2),
    FORCED("batch 16 x 1 MiB, armv8 forced", "armv8", 16),
    {"seed batch + hex, 14 B, per message", NULL, w_seed, 0, 0, BENCH_LIMITS_BATCH, 1, "cycles/msg",
     BENCH_LIMITS_F_SEED, "one block, many streams + hex", ">=85%", NULL, note_seed},
    {"hex per digest (to_hex_many)", NULL, w_hex, 0, 0, BENCH_LIMITS_BATCH, 1, "cycles/digest",
     BENCH_LIMITS_F_HEX, "the encoder's mix", NULL, NULL, NULL},
    {"HMAC 64 B batch (hmac_many), per tag", NULL, w_hmac, 0, 0, BENCH_LIMITS_BATCH, 1,
     "cycles/tag", BENCH_LIMITS_F_HMAC, "3 blocks, many streams", ">=85%", NULL, NULL},
    {"update_many, 4 streams x 1 MiB", NULL, w_update_many, 4, MIB, 1, 0, "cycles/block",
     BENCH_LIMITS_F_LANES, "this backend's lanes, 4 streams", NULL, NULL, NULL},
    {"PBKDF2 iteration, one derivation", NULL, w_kdf, 1, 16, 1, BENCH_LIMITS_KDF_ITERS,
     "cycles/iter", BENCH_LIMITS_F_KDF_ONE, "2 blocks' latency chain", ">=90%",
     "fastsha256_pbkdf2, " BENCH_LIMITS_STR(BENCH_LIMITS_KDF_ITERS) " iterations, 32-byte key",
     NULL},
    {"PBKDF2 iteration, _many of 4, per derivation", NULL, w_kdf, 4, 16, 1,
     4.0 * BENCH_LIMITS_KDF_ITERS, "cycles/iter", BENCH_LIMITS_F_KDF_MANY,
     "2 blocks, many streams", ">=85%",
     "fastsha256_pbkdf2_many, 4 derivations of " BENCH_LIMITS_STR(BENCH_LIMITS_KDF_ITERS)
     " iterations", NULL},
};

static const bench_limits_path memory_paths[] = {
    {"memory: plain read of 256 KiB", NULL, w_read, 0, 256 * KIB, 1, 256 * KIB / 64,
     "cycles/64 B", BENCH_LIMITS_F_NONE, "", NULL, NULL, NULL},
    {"memory: plain read of 16384 KiB", NULL, w_read, 0, 16 * MIB, 1, 16 * MIB / 64,
     "cycles/64 B", BENCH_LIMITS_F_NONE, "", NULL, NULL, NULL},
};

static const bench_limits_path portable_path = {
    "portable C single stream, 16 MiB", "scalar", bench_work_oneshot, 0, 16 * MIB, 1, 16 * MIB,
    "cycles/byte", BENCH_LIMITS_F_NONE, "OpenSSL integer path, same run", ">=100%",
    "both by the wall clock, OpenSSL in a child process", NULL};

/* --- The hash trees' leaf paths ----------------------------------------------
 * Each format's leaves of 16 MiB of data through the library's _leaves call
 * (what one thread of fastsha256-tree and the one-shot calls run), and a
 * whole RFC 6962 tree of 64-byte leaves, against the many-stream floor:
 * every block of a leaf is independent of the other leaves', so nothing but
 * the lanes bounds them. Units are compressions, padding blocks included.
 * On the auto backend. */

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

/* A salted 4 KiB block is 65 compressions (the 32-byte dm-verity salt and
 * fs-verity's none alike); a 16 KiB leaf 257, a 1 MiB one 16385; an RFC
 * 6962 leaf of 64 bytes and a parent two each. */
static const bench_limits_path tree_paths[] = {
    {"fs-verity leaves, 4 KiB (verity_leaves)", NULL, w_verity, 0, TREE_ITEM, 1,
     65 * LEAVES_4K, "cycles/block", BENCH_LIMITS_F_MANY, many_basis, ">=90%",
     "4096 blocks of 16 MiB a call, no salt", NULL},
    {"dm-verity leaves, 4 KiB, 32 B salt", NULL, w_verity, 0, TREE_ITEM, 1, 65 * LEAVES_4K,
     "cycles/block", BENCH_LIMITS_F_MANY, many_basis, ">=90%",
     "4096 blocks of 16 MiB a call, format 1: salt || block, framed", NULL},
    {"dm-verity leaves, 4 KiB, no salt", NULL, w_verity, 0, TREE_ITEM, 1, 65 * LEAVES_4K,
     "cycles/block", BENCH_LIMITS_F_MANY, many_basis, NULL,
     "as above without the salt: fastsha256_many's equal-length path", NULL},
    {"BitTorrent v2 leaves, 16 KiB", NULL, w_merkle, 0, TREE_ITEM, 1, 257 * 1024.0, "cycles/block",
     BENCH_LIMITS_F_MANY, many_basis, NULL, "1024 leaves of 16 MiB a call", NULL},
    {"Glacier leaves, 1 MiB", NULL, w_merkle, 0, TREE_ITEM, 1, 16385 * 16.0, "cycles/block",
     BENCH_LIMITS_F_MANY, many_basis, NULL, "16 leaves of 16 MiB a call", NULL},
    {"RFC 6962 tree, 1024 leaves of 64 B", NULL, w_rfc6962, 0, 64, 1,
     2.0 * (2 * TREE_RFC_LEAVES - 1), "cycles/block", BENCH_LIMITS_F_MANY, many_basis, NULL,
     "rfc6962_root: leaves and parents", NULL},
};

static void tree_rows(bench_ctx *c, bench_limits_arg *a, const bench_limits_floors *f) {
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

static int path_runs_here(const bench_ctx *c, const bench_limits_path *p) {
    if (!p->backend)
        return 1;
    return bench_backend_supported(p->backend) &&
           (!c->opt.backend || strcmp(c->opt.backend, p->backend) == 0);
}

static void run_path(const bench_ctx *c, bench_limits_arg *a, const bench_limits_path *p,
                     const bench_limits_floors *f) {
    if (!path_runs_here(c, p))
        return;
    if (p->backend)
        fastsha256_set_backend(p->backend);
    bench_msgs_set(&a->m, p->size, p->nmsg);
    bench_limits_measured m;
    bench_limits_measure_path(c, p, a, f, &m);
    const double units = bench_limits_path_units(p);
    const char *backend = p->floor == BENCH_LIMITS_F_HEX    ? fastsha256_hex_backend()
                          : p->floor == BENCH_LIMITS_F_NONE ? "-"
                                                  : fastsha256_backend();
    bench_report_row *r = bench_limits_row(backend, p, &m, units);
    if (p->note)
        bench_fmt(r->note, sizeof r->note, "%s", p->note);
    if (p->annotate)
        p->annotate(r, r->value, r->peer_value);
    fastsha256_reset_backend();
}

/* Portable C against OpenSSL's integer path (its child process), paired;
 * the note puts both against the integer round mix probe, the bound they
 * share. */
static void portable_row(const bench_ctx *c, bench_limits_arg *a, const bench_limits_floors *f) {
    const bench_limits_path *p = &portable_path;
    if (!bench_backend_supported("scalar") || fastsha256_set_backend("scalar") != 0)
        return;
    bench_msgs_set(&a->m, p->size, p->nmsg);
    int peer = bench_openssl_usable(c);
    bench_limits_measured m;
    bench_limits_measure_against_openssl(c, p, a, peer, &m);
    fastsha256_reset_backend();
    bench_report_row *r = bench_limits_row("scalar", p, &m, bench_limits_path_units(p));
    const double mix = f->int_mix / 64;
    if (mix > 0 && r->cyc_med > 0 && r->peer_value > 0)
        bench_fmt(r->note, sizeof r->note, "integer round mix %.2f cycles/byte: fastsha256 at "
                  "%.0f%% of it, OpenSSL at %.0f%% (best rounds); %s", mix,
                  100 * mix / r->cyc_med, 100 * mix / r->peer_value, p->note);
    else
        bench_fmt(r->note, sizeof r->note, "%s", p->note);
}

static bench_limits_arg *arg_new(void) {
    bench_limits_arg *a = bench_xmalloc(sizeof *a);
    memset(a, 0, sizeof *a);
    uint8_t *buf = bench_xmalloc(BENCH_LIMITS_MAX_MSGS * BENCH_MIB);
    bench_fill_pattern(buf, BENCH_LIMITS_MAX_MSGS * BENCH_MIB, 0x25);
    a->m.buf = buf;
    a->hex = bench_xmalloc(BENCH_LIMITS_BATCH * sizeof *a->hex);
    uint8_t *records = bench_xmalloc(BENCH_LIMITS_BATCH * 16);
    for (size_t i = 0; i < BENCH_LIMITS_BATCH; i++) {
        memcpy(records + 16 * i, BENCH_DISTINCT_PREFIX, 6);
        bench_set_counter((char *)records + 16 * i + 6, i);
    }
    a->records = records;
    a->msg64 = bench_xmalloc(BENCH_LIMITS_BATCH * sizeof *a->msg64);
    a->len64 = bench_xmalloc(BENCH_LIMITS_BATCH * sizeof *a->len64);
    for (size_t i = 0; i < BENCH_LIMITS_BATCH; i++) {
        a->msg64[i] = buf + 64 * i;
        a->len64[i] = 64;
        fastsha256(&i, sizeof i, a->m.dig[i]);
    }
    fastsha256_hmac_key_init(&a->key, "limits key", 10);
    memcpy(a->chain[0], BENCH_SEED_MSG, BENCH_SEED_LEN);
    return a;
}

static void arg_free(bench_limits_arg *a) {
    fastsha256_hmac_key_wipe(&a->key);
    free(a->msg64);
    free(a->len64);
    free((void *)a->records);
    free(a->hex);
    free((void *)a->m.buf);
    free(a);
}

void bench_limits_run_paths(bench_ctx *c, const bench_limits_floors *f) {
    bench_limits_arg *a = arg_new();
    fastsha256_reset_backend();
    for (size_t i = 0; i < sizeof paths / sizeof paths[0]; i++)
        run_path(c, a, &paths[i], f);
    tree_rows(c, a, f);
    portable_row(c, a, f);
    for (size_t i = 0; i < sizeof memory_paths / sizeof memory_paths[0]; i++)
        run_path(c, a, &memory_paths[i], f);
    arg_free(a);
}
