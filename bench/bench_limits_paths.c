/* --limits, the measured paths: each of fastsha256's paths timed as the
 * other modes time them (pinned, medians of repetitions, outputs folded into
 * a checksum so nothing is skipped) and put next to the floor the probes
 * give it (bench_limits.c). */
#define _GNU_SOURCE 1

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_limits.h"

#define BL_BATCH 1024u
#define BL_MAX_MSGS 32u

typedef struct bl_arg {
    const uint8_t *buf;
    size_t size, nmsg;
    const void *ptrs[BL_MAX_MSGS];
    size_t lens[BL_MAX_MSGS];
    uint8_t (*dig)[32];
    char (*hex)[65];
    const uint8_t *records;       /* BL_BATCH 14-byte messages, 16 bytes apart */
    const void **msg64;           /* BL_BATCH 64-byte messages */
    size_t *len64;
    fastsha256_hmac_key key;
    uint8_t chain[2][72];         /* a message made of the previous output */
} bl_arg;

static uint64_t w_oneshot(void *p, size_t start, size_t n, uint64_t acc) {
    const bl_arg *a = (const bl_arg *)p;
    (void)start;
    return bench_oneshot_loop(bench_digest_fastsha256, BO_LOW_LEVEL, a->buf, a->size, n, acc);
}

/* Each 14-byte message is the previous digest: the call's latency. */
static uint64_t w_chain(void *p, size_t start, size_t n, uint64_t acc) {
    bl_arg *a = (bl_arg *)p;
    (void)start;
    for (size_t i = 0; i < n; i++)
        fastsha256(a->chain[i & 1], BENCH_SEED_LEN, a->chain[(i + 1) & 1]);
    return bench_fold_digest(acc, a->chain[n & 1]);
}

/* The same to hex: each message is the previous hex string's start. */
static uint64_t w_chain_hex(void *p, size_t start, size_t n, uint64_t acc) {
    bl_arg *a = (bl_arg *)p;
    (void)start;
    for (size_t i = 0; i < n; i++)
        fastsha256_hex(a->chain[i & 1], BENCH_SEED_LEN, (char *)a->chain[(i + 1) & 1]);
    return bench_fold_hex(acc, a->chain[n & 1]);
}

static uint64_t w_many(void *p, size_t start, size_t n, uint64_t acc) {
    bl_arg *a = (bl_arg *)p;
    (void)start;
    for (size_t i = 0; i < n; i++) {
        fastsha256_many(a->ptrs, a->lens, a->nmsg, a->dig);
        for (size_t j = 0; j < a->nmsg; j++)
            acc = bench_fold_digest(acc, a->dig[j]);
    }
    return acc;
}

/* The seed's batch path: 14-byte records to digests to hex strings. */
static uint64_t w_seed(void *p, size_t start, size_t n, uint64_t acc) {
    bl_arg *a = (bl_arg *)p;
    (void)start;
    for (size_t done = 0; done < n; done += BL_BATCH) {
        fastsha256_many_strided(a->records, 16, BENCH_SEED_LEN, BL_BATCH, a->dig);
        fastsha256_to_hex_many((const uint8_t(*)[32])a->dig, BL_BATCH, a->hex);
        acc = bench_fold_hex(acc, a->hex[done / BL_BATCH % BL_BATCH]);
    }
    return acc;
}

static uint64_t w_hex(void *p, size_t start, size_t n, uint64_t acc) {
    bl_arg *a = (bl_arg *)p;
    (void)start;
    for (size_t done = 0; done < n; done += BL_BATCH) {
        fastsha256_to_hex_many((const uint8_t(*)[32])a->dig, BL_BATCH, a->hex);
        acc = bench_fold_hex(acc, a->hex[done / BL_BATCH % BL_BATCH]);
    }
    return acc;
}

static uint64_t w_hmac(void *p, size_t start, size_t n, uint64_t acc) {
    bl_arg *a = (bl_arg *)p;
    (void)start;
    for (size_t done = 0; done < n; done += BL_BATCH) {
        fastsha256_hmac_many(&a->key, a->msg64, a->len64, BL_BATCH, a->dig);
        acc = bench_fold_digest(acc, a->dig[done / BL_BATCH % BL_BATCH]);
    }
    return acc;
}

/* Four streams of 1 MiB each through one update_many call. */
static uint64_t w_update_many(void *p, size_t start, size_t n, uint64_t acc) {
    bl_arg *a = (bl_arg *)p;
    (void)start;
    fastsha256_ctx ctx[4];
    fastsha256_ctx *ctxs[4] = {&ctx[0], &ctx[1], &ctx[2], &ctx[3]};
    for (size_t i = 0; i < n; i++) {
        for (int j = 0; j < 4; j++)
            fastsha256_init(&ctx[j]);
        fastsha256_update_many(ctxs, a->ptrs, a->lens, 4);
        for (int j = 0; j < 4; j++) {
            fastsha256_final(&ctx[j], a->dig[j]);
            acc = bench_fold_digest(acc, a->dig[j]);
        }
    }
    return acc;
}

/* PBKDF2-HMAC-SHA256, 32-byte keys: n items of BL_KDF_ITERS iterations,
 * one derivation, or (a->nmsg > 1) that many at once through _many. */
#define BL_KDF_ITERS 20000u
static uint64_t w_kdf(void *p, size_t start, size_t n, uint64_t acc) {
    bl_arg *a = (bl_arg *)p;
    (void)start;
    static const size_t saltlen[BL_MAX_MSGS] = {0};
    const void *salt[BL_MAX_MSGS] = {0};
    for (size_t i = 0; i < n; i++) {
        if (a->nmsg > 1)
            fastsha256_pbkdf2_many(a->ptrs, a->lens, salt, saltlen, a->nmsg, BL_KDF_ITERS,
                                   a->dig, 32);
        else
            fastsha256_pbkdf2(a->ptrs[0], a->lens[0], "salt", 4, BL_KDF_ITERS, a->dig, 32);
        acc = bench_fold_digest(acc, a->dig[0]);
    }
    return acc;
}

/* Items of a millisecond or more (16 MiB, 16 x 1 MiB) outlast a scheduler
 * slice on a shared machine, so no chunk of them runs undisturbed: they are
 * timed one by one in this thread's CPU time (which leaves out the time it
 * was switched out) at the core clock estimated around each. */
static double bl_cycles_cpu_time(const bench_ctx *c, bu_work_fn fn, bl_arg *a) {
    double v[32];
    int reps = c->opt.quick ? 3 : 2 * c->opt.reps + 1;
    reps = reps > 32 ? 32 : reps;
    uint64_t acc = fn(a, 0, 1, BENCH_CHECK_INIT); /* warm-up */
    for (int r = 0; r < reps; r++) {
        double before = bl_core_per_tick(c);
        uint64_t t0 = bu_thread_cpu_ns();
        acc = fn(a, 0, 1, acc);
        double ns = (double)(bu_thread_cpu_ns() - t0);
        v[r] = ns * 1e-9 * c->clk.tick_hz * (before + bl_core_per_tick(c)) / 2;
    }
    bu_sort_doubles(v, (size_t)reps);
    bl_last_best_ratio = v[reps / 2] > 0 ? v[0] / v[reps / 2] : 1;
    bench_fmt(bl_last_note, sizeof bl_last_note, "%d items, each timed in thread CPU time "
              "(checksum %016llx)", reps, (unsigned long long)acc);
    return v[reps / 2];
}

/* Set for rows compared with a peer timed by the wall clock (OpenSSL's
 * child process): timed the same way. */
static int bl_wall_only;

/* Core cycles per item, the median repetition's (the best's ratio to it
 * in bl_last_best_ratio), at the core clock estimated around the run. */
static double bl_cycles(const bench_ctx *c, bu_work_fn fn, bl_arg *a, size_t granule) {
    void *args[1] = {a};
    bu_result res;
    bl_last_note[0] = '\0';
    uint64_t w0 = bu_wall_ns();
    (void)fn(a, 0, granule, BENCH_CHECK_INIT);
    if (granule == 1 && !bl_wall_only && bu_wall_ns() - w0 > 1000000)
        return bl_cycles_cpu_time(c, fn, a);
    double before = bl_core_per_tick(c);
    bench_measure_for(c, fn, args, 1, granule, c->opt.quick ? 10 : 120,
                      c->opt.quick ? 400.0 : 4000.0, &res);
    bl_last_best_ratio = res.ticks_med > 0 ? res.ticks_best / res.ticks_med : 1;
    return res.ticks_med * (before + bl_core_per_tick(c)) / 2;
}

static void set_msgs(bl_arg *a, size_t n, size_t size) {
    a->nmsg = n;
    for (size_t j = 0; j < n; j++) {
        a->ptrs[j] = a->buf + j * size;
        a->lens[j] = size;
    }
}

#define BLOCKS_1M ((double)(BENCH_MIB / 64 + 1))

static double hex_floor(const bl_floors *f) {
    const char *h = fastsha256_hex_backend();
    return strcmp(h, "avx2") == 0 ? f->hex256 : strcmp(h, "ssse3") == 0 ? f->hex128 : 0;
}

/* One stream: 16 MiB, and the 14-byte one-shot back to back and chained. */
static void single_stream_rows(const bench_ctx *c, bl_arg *a, const bl_floors *f) {
    const char *be = fastsha256_backend();
    a->size = 16 * BENCH_MIB;
    double t = bl_cycles(c, w_oneshot, a, 1) / (a->size / 64 + 1);
    bl_row(be, "single stream, 16 MiB", "cycles/block", t, "one stream: the rounds' chain", f->one,
           ">=95%");
    a->size = 256 * BENCH_KIB; /* in L2: the kernel without the memory below */
    t = bl_cycles(c, w_oneshot, a, 1) / (a->size / 64 + 1);
    bl_row(be, "single stream, 256 KiB (in cache)", "cycles/block", t,
           "one stream: the rounds' chain", f->one, NULL);
    a->size = BENCH_SEED_LEN;
    t = bl_cycles(c, w_oneshot, a, 1);
    br_row *r = bl_row(be, "14 B fastsha256(), back to back", "cycles/hash", t,
                       "one block's latency", f->block_lat, NULL);
    bench_fmt(r->note, sizeof r->note, "independent calls overlap out of order: below the "
              "latency floor is possible");
    t = bl_cycles(c, w_chain, a, 1);
    r = bl_row(be, "14 B fastsha256(), chained (latency)", "cycles/hash", t,
               "one block's latency", f->block_lat, "<=1.1x+fr");
    bench_fmt(r->note, sizeof r->note, "framing %.0f cycles (call, padding, state shuffles, "
              "feed-forward, store, forwarding into the next call); %.2fx the floor",
              t - f->block_lat, f->block_lat > 0 ? t / f->block_lat : 0);
    t = bl_cycles(c, w_chain_hex, a, 1);
    r = bl_row(be, "14 B fastsha256_hex(), chained (latency)", "cycles/hash", t,
               "one block's latency", f->block_lat, "<=1.1x+fr");
    bench_fmt(r->note, sizeof r->note, "framing with hex %.0f cycles", t - f->block_lat);
}

/* Batches of 1 MiB messages: auto with 16, each lane backend per width. */
static void batch_rows(const bench_ctx *c, bl_arg *a, const bl_floors *f) {
    set_msgs(a, 16, BENCH_MIB);
    double t = bl_cycles(c, w_many, a, 1) / (16 * BLOCKS_1M);
    bl_row(fastsha256_backend(), "batch 16 x 1 MiB (fastsha256_many)", "cycles/block", t,
           "many streams: best backend", f->many, ">=90%");
    set_msgs(a, 16, 64 * BENCH_KIB);
    t = bl_cycles(c, w_many, a, 1) / (16 * (double)(64 * BENCH_KIB / 64 + 1));
    bl_row(fastsha256_backend(), "batch 16 x 64 KiB (in cache)", "cycles/block", t,
           "many streams: best backend", f->many, NULL);
    static const struct {
        const char *backend;
        unsigned n;
    } lanes[] = {{"shani", 2}, {"shani", 4}, {"shani", 16}, {"avx2", 8}, {"avx2", 16},
                 {"avx512", 16}, {"avx512", 32}, {"armv8", 2}, {"armv8", 16}};
    for (size_t i = 0; i < sizeof lanes / sizeof lanes[0]; i++) {
        if (!bench_backend_supported(lanes[i].backend) ||
            (c->opt.backend && strcmp(c->opt.backend, lanes[i].backend) != 0))
            continue;
        fastsha256_set_backend(lanes[i].backend);
        set_msgs(a, lanes[i].n, BENCH_MIB);
        t = bl_cycles(c, w_many, a, 1) / (lanes[i].n * BLOCKS_1M);
        char path[64];
        bench_fmt(path, sizeof path, "batch %u x 1 MiB, %s forced", lanes[i].n, lanes[i].backend);
        bl_row(lanes[i].backend, path, "cycles/block", t, "this backend's lanes",
               bl_lanes_floor(f, lanes[i].backend, lanes[i].n), NULL);
    }
    fastsha256_reset_backend();
}

/* Short-message batches: the seed to hex, hex alone, HMAC tags. */
static void short_batch_rows(const bench_ctx *c, bl_arg *a, const bl_floors *f) {
    const char *be = fastsha256_backend();
    double hex = hex_floor(f);
    double t = bl_cycles(c, w_seed, a, BL_BATCH);
    br_row *r = bl_row(be, "seed batch + hex, 14 B, per message", "cycles/msg", t,
                       "one block, many streams + hex", f->many > 0 ? f->many + hex : 0, ">=85%");
    bench_fmt(r->note, sizeof r->note, "many_strided + to_hex_many in batches of %u; hex "
              "encoder %s", BL_BATCH, fastsha256_hex_backend());
    t = bl_cycles(c, w_hex, a, BL_BATCH);
    bl_row(fastsha256_hex_backend(), "hex per digest (to_hex_many)", "cycles/digest", t,
           "the encoder's mix", hex, NULL);
    t = bl_cycles(c, w_hmac, a, BL_BATCH);
    bl_row(be, "HMAC 64 B batch (hmac_many), per tag", "cycles/tag", t,
           "3 blocks, many streams", 3 * f->many, ">=85%");
}

static void update_many_row(const bench_ctx *c, bl_arg *a, const bl_floors *f) {
    set_msgs(a, 4, BENCH_MIB);
    double t = bl_cycles(c, w_update_many, a, 1) / (4 * BLOCKS_1M);
    bl_row(fastsha256_backend(), "update_many, 4 streams x 1 MiB", "cycles/block", t,
           "this backend's lanes, 4 streams", bl_lanes_floor(f, fastsha256_backend(), 4), NULL);
}

/* One iteration is two dependent compressions (the inner and outer hash of
 * U): one chain is bound by two blocks' latency chains; many derivations by
 * two blocks at the many-stream floor each. */
static void kdf_rows(const bench_ctx *c, bl_arg *a, const bl_floors *f) {
    set_msgs(a, 1, 16);
    double t = bl_cycles(c, w_kdf, a, 1) / BL_KDF_ITERS;
    br_row *r = bl_row(fastsha256_backend(), "PBKDF2 iteration, one derivation", "cycles/iter", t,
                       "2 blocks' latency chain", 2 * f->one, ">=90%");
    bench_fmt(r->note, sizeof r->note, "fastsha256_pbkdf2, %u iterations, 32-byte key",
              BL_KDF_ITERS);
    set_msgs(a, 4, 16);
    t = bl_cycles(c, w_kdf, a, 1) / (4.0 * BL_KDF_ITERS);
    r = bl_row(fastsha256_backend(), "PBKDF2 iteration, _many of 4, per derivation", "cycles/iter",
               t, "2 blocks, many streams", 2 * f->many, ">=85%");
    bench_fmt(r->note, sizeof r->note, "fastsha256_pbkdf2_many, 4 derivations of %u iterations",
              BL_KDF_ITERS);
}

/* A plain sequential read of the 16 MiB the large rows hash: what the
 * memory system gives one core (cycles per 64 bytes). */
static uint64_t w_read(void *p, size_t start, size_t n, uint64_t acc) {
    const bl_arg *a = (const bl_arg *)p;
    (void)start;
    for (size_t i = 0; i < n; i++) {
        uint64_t s0 = 0, s1 = 0, s2 = 0, s3 = 0;
        for (size_t off = 0; off < a->size; off += 32) {
            s0 += bench_load_word((const char *)a->buf + off);
            s1 ^= bench_load_word((const char *)a->buf + off + 8);
            s2 += bench_load_word((const char *)a->buf + off + 16);
            s3 ^= bench_load_word((const char *)a->buf + off + 24);
        }
        acc = (acc ^ (s0 + s1 + s2 + s3)) * 0x100000001b3ull;
    }
    return acc;
}

static void memory_rows(const bench_ctx *c, bl_arg *a) {
    const size_t sizes[] = {256 * BENCH_KIB, 16 * BENCH_MIB};
    for (size_t i = 0; i < 2; i++) {
        a->size = sizes[i];
        double t = bl_cycles(c, w_read, a, 1) / (double)(a->size / 64);
        char path[64];
        bench_fmt(path, sizeof path, "memory: plain read of %zu KiB", sizes[i] / BENCH_KIB);
        bl_row("-", path, "cycles/64 B", t, "", 0, NULL);
    }
}

/* Portable C against OpenSSL's integer path (its child process). */
static void portable_row(const bench_ctx *c, bl_arg *a) {
    if (!bench_backend_supported("scalar") || fastsha256_set_backend("scalar") != 0)
        return;
    a->size = 16 * BENCH_MIB;
    bl_wall_only = 1;
    double t = bl_cycles(c, w_oneshot, a, 1) / (double)a->size;
    bl_wall_only = 0;
    fastsha256_reset_backend();
    double peer = 0;
    if (!c->opt.no_openssl && bo_available() && bo_style_available(BO_LOW_LEVEL)) {
        bench_ossl_probe p = bench_run_openssl_probe(c, "~0x20000000000:~0x20000128");
        if (p.ok)
            peer = bench_cycles(c, p.per_byte_16m);
    }
    br_row *r = bl_row("scalar", "portable C single stream, 16 MiB", "cycles/byte", t,
                       "OpenSSL integer path, same run", peer, ">=100%");
    bench_fmt(r->note, sizeof r->note, "both timed by the wall clock as --kernels does (OpenSSL "
              "in a child process with OPENSSL_ia32cap)");
}

void bl_run_paths(bench_ctx *c, const bl_floors *f) {
    bl_arg *a = bench_xmalloc(sizeof *a);
    memset(a, 0, sizeof *a);
    uint8_t *buf = bench_xmalloc(BL_MAX_MSGS * BENCH_MIB);
    bench_fill_pattern(buf, BL_MAX_MSGS * BENCH_MIB, 0x25);
    a->buf = buf;
    a->dig = bench_xmalloc(BL_BATCH * sizeof *a->dig);
    a->hex = bench_xmalloc(BL_BATCH * sizeof *a->hex);
    uint8_t *records = bench_xmalloc(BL_BATCH * 16);
    for (size_t i = 0; i < BL_BATCH; i++) {
        memcpy(records + 16 * i, BENCH_DISTINCT_PREFIX, 6);
        bench_set_counter((char *)records + 16 * i + 6, i);
    }
    a->records = records;
    a->msg64 = bench_xmalloc(BL_BATCH * sizeof *a->msg64);
    a->len64 = bench_xmalloc(BL_BATCH * sizeof *a->len64);
    for (size_t i = 0; i < BL_BATCH; i++) {
        a->msg64[i] = buf + 64 * i;
        a->len64[i] = 64;
        fastsha256(&i, sizeof i, a->dig[i]);
    }
    fastsha256_hmac_key_init(&a->key, "limits key", 10);
    memcpy(a->chain[0], BENCH_SEED_MSG, BENCH_SEED_LEN);
    fastsha256_reset_backend();
    single_stream_rows(c, a, f);
    batch_rows(c, a, f);
    short_batch_rows(c, a, f);
    update_many_row(c, a, f);
    kdf_rows(c, a, f);
    portable_row(c, a);
    memory_rows(c, a);
    fastsha256_hmac_key_wipe(&a->key);
    free(a->msg64);
    free(a->len64);
    free(records);
    free(a->dig);
    free(a->hex);
    free(buf);
    free(a);
}
