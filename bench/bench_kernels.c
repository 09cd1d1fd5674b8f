/* --kernels: kernel-level cycle counts (the batch lanes, a single stream,
 * hex, the 14-byte one-shot) next to OpenSSL's, measured in the same run;
 * OpenSSL's AVX2 and integer paths in a child process (--openssl-probe). */
#define _GNU_SOURCE 1

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench_common.h"
#include "bench_context.h"
#include "bench_openssl.h"
#include "fastsha256.h"

typedef struct kern_arg {
    const uint8_t *buf;
    size_t size, nmsg;
    const void *ptrs[16];
    size_t lens[16];
    uint8_t (*dig)[32];
    char (*hex)[65];
    size_t batch;
    bo_style ostyle;
} kern_arg;

static uint64_t k_many(void *p, size_t start, size_t n, uint64_t acc) {
    kern_arg *a = (kern_arg *)p;
    (void)start;
    for (size_t i = 0; i < n; i++) {
        fastsha256_many(a->ptrs, a->lens, a->nmsg, a->dig);
        for (size_t j = 0; j < a->nmsg; j++)
            acc = bench_fold_digest(acc, a->dig[j]);
    }
    return acc;
}

static uint64_t k_ossl_seq(void *p, size_t start, size_t n, uint64_t acc) {
    kern_arg *a = (kern_arg *)p;
    (void)start;
    for (size_t i = 0; i < n; i++) {
        for (size_t j = 0; j < a->nmsg; j++)
            bo_digest(a->ostyle, a->ptrs[j], a->lens[j], a->dig[j]);
        for (size_t j = 0; j < a->nmsg; j++)
            acc = bench_fold_digest(acc, a->dig[j]);
    }
    return acc;
}

static uint64_t k_oneshot(void *p, size_t start, size_t n, uint64_t acc) {
    const kern_arg *a = (const kern_arg *)p;
    (void)start;
    return bench_oneshot_loop(bench_digest_fastsha256, a->ostyle, a->buf, a->size, n, acc);
}

static uint64_t k_ossl_oneshot(void *p, size_t start, size_t n, uint64_t acc) {
    const kern_arg *a = (const kern_arg *)p;
    (void)start;
    return bench_oneshot_loop(bo_digest, a->ostyle, a->buf, a->size, n, acc);
}

/* Hex kernels: n digests in batches; one string per batch goes into the
 * checksum (the encoders are what is measured, not the fold). */
static uint64_t k_hex_many(void *p, size_t start, size_t n, uint64_t acc) {
    kern_arg *a = (kern_arg *)p;
    (void)start;
    for (size_t done = 0; done < n; done += a->batch) {
        fastsha256_to_hex_many((const uint8_t(*)[32])a->dig, a->batch, a->hex);
        acc = bench_fold_hex(acc, a->hex[done / a->batch % a->batch]);
    }
    return acc;
}

/* One digest per call: encode is a constant at each use below, so the
 * always-inlined loop calls the encoder directly (no indirect call measured). */
typedef void (*k_hex_one_fn)(const uint8_t *digest, char *hex);

static inline __attribute__((always_inline)) uint64_t k_hex_each(const kern_arg *a, size_t n,
                                                                 uint64_t acc,
                                                                 k_hex_one_fn encode) {
    for (size_t done = 0; done < n; done += a->batch) {
        for (size_t j = 0; j < a->batch; j++)
            encode(a->dig[j], a->hex[j]);
        acc = bench_fold_hex(acc, a->hex[done / a->batch % a->batch]);
    }
    return acc;
}

static void hex_fastsha256(const uint8_t *digest, char *hex) { fastsha256_to_hex(digest, 32, hex); }
static void hex_table(const uint8_t *digest, char *hex) { bench_table_hex(digest, 32, hex); }
static void hex_openssl(const uint8_t *digest, char *hex) { (void)bo_buf2hex(digest, 32, hex, 65); }

static uint64_t k_hex_single(void *p, size_t start, size_t n, uint64_t acc) {
    (void)start;
    return k_hex_each((const kern_arg *)p, n, acc, hex_fastsha256);
}

static uint64_t k_hex_table(void *p, size_t start, size_t n, uint64_t acc) {
    (void)start;
    return k_hex_each((const kern_arg *)p, n, acc, hex_table);
}

static uint64_t k_hex_openssl(void *p, size_t start, size_t n, uint64_t acc) {
    (void)start;
    return k_hex_each((const kern_arg *)p, n, acc, hex_openssl);
}

/* Median ticks per item of fn over about target_ms per repetition. */
static double k_ticks(const bench_ctx *c, bu_work_fn fn, kern_arg *a, size_t granule,
                      double target_ms) {
    void *args[1] = {a};
    bu_result res;
    bench_measure_for(c, fn, args, 1, granule, target_ms, c->opt.quick ? 400.0 : 4000.0, &res);
    return res.ticks_med;
}

typedef bench_ossl_probe ossl_probe;

int bench_openssl_probe_main(bench_ctx *c) {
    if (!bo_available() || !bo_style_available(BO_LOW_LEVEL))
        return 1;
    kern_arg a;
    memset(&a, 0, sizeof a);
    uint8_t *buf = bench_xmalloc(16 * BENCH_MIB);
    bench_fill_pattern(buf, 16 * BENCH_MIB, 0x16);
    a.buf = buf;
    a.ostyle = BO_LOW_LEVEL;
    double target = c->opt.quick ? 20 : 150;
    a.size = 16 * BENCH_MIB;
    double t16 = k_ticks(c, k_ossl_oneshot, &a, 1, target) / (double)(16 * BENCH_MIB);
    a.size = 1 * BENCH_MIB;
    double t1 = k_ticks(c, k_ossl_oneshot, &a, 1, target) / (double)(BENCH_MIB / 64 + 1);
    a.size = BENCH_SEED_LEN;
    double t14 = k_ticks(c, k_ossl_oneshot, &a, 1, target);
    printf("openssl-probe %.6f %.6f %.6f\n", t16, t1, t14);
    free(buf);
    return 0;
}

ossl_probe bench_run_openssl_probe(const bench_ctx *c, const char *ia32cap) {
    ossl_probe p;
    memset(&p, 0, sizeof p);
#if defined(__x86_64__) || defined(__i386__)
    char self[BJ_PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0)
        return p;
    self[n] = '\0';
    const char *argv[] = {self, "--openssl-probe", c->opt.quick ? "--quick" : "--reps",
                          c->opt.quick ? NULL : "5", NULL};
    static char out[4096];
    /* Same CPU as this process: the child inherits the pinning. */
    int st = bj_capture(argv, "OPENSSL_ia32cap", ia32cap, 0, 300, out, sizeof out, NULL);
    const char *line = strstr(out, "openssl-probe ");
    if (st == 0 && line &&
        sscanf(line + 14, "%lf %lf %lf", &p.per_byte_16m, &p.per_block_1m, &p.per_hash_14) == 3)
        p.ok = 1;
#else
    (void)c;
    (void)ia32cap;
#endif
    return p;
}

static br_row *k_row(const bench_ctx *c, const char *style, const char *unit, double value,
                     const char *peer, double peer_value) {
    br_row *r = bench_row("kernels", "fastsha256", fastsha256_backend(), "%s", style);
    bench_fmt(r->unit, sizeof r->unit, "%s", unit);
    r->value = value;
    bench_fmt(r->peer, sizeof r->peer, "%s", peer_value > 0 ? peer : "");
    r->peer_value = peer_value;
    r->reps = c->opt.reps;
    r->threads = 1;
    bench_progress("  %-54s %10.3f %-13s  OpenSSL %10.3f  %s\n", style, value, unit, peer_value,
                   peer_value > 0 ? peer : "(n/a)");
    return r;
}

static void run_kernels(bench_ctx *c) {
    const double target = c->opt.quick ? 10 : 120;
    const int ossl = !c->opt.no_openssl && bo_available() && bo_style_available(BO_LOW_LEVEL);
    kern_arg a;
    memset(&a, 0, sizeof a);
    uint8_t *buf = bench_xmalloc(16 * BENCH_MIB);
    bench_fill_pattern(buf, 16 * BENCH_MIB, 0x16);
    a.buf = buf;
    a.batch = 1024;
    a.dig = bench_xmalloc(1024 * sizeof *a.dig);
    a.hex = bench_xmalloc(1024 * sizeof *a.hex);
    a.ostyle = BO_LOW_LEVEL;
    for (size_t j = 0; j < 16; j++) {
        a.ptrs[j] = buf + j * BENCH_MIB;
        a.lens[j] = BENCH_MIB;
    }
    const double blocks_1m = (double)(BENCH_MIB / 64 + 1); /* with the padding block */

    bench_progress("kernels: core cycles = TSC cycles x %.3f\n", c->clk.core_per_tick);
    ossl_probe p_avx2 = {0, 0, 0, 0}, p_int = {0, 0, 0, 0};
    if (ossl) { /* OPENSSL_ia32cap masks: empty probes off x86 */
        p_avx2 = bench_run_openssl_probe(c, ":~0x20000000");            /* no SHA extensions */
        p_int = bench_run_openssl_probe(c, "~0x20000000000:~0x20000128"); /* no SSSE3, SHA, AVX2, BMI */
    }
    /* OpenSSL default path (SHA-NI where present), in this process. */
    double o_16m = 0, o_1m_block = 0, o_14 = 0, o_14_evp = 0, o_14_sha256 = 0, o_many = 0;
    if (ossl) {
        a.size = 16 * BENCH_MIB;
        o_16m = bench_cycles(c, k_ticks(c, k_ossl_oneshot, &a, 1, target)) /
                (double)(16 * BENCH_MIB);
        a.nmsg = 16;
        o_many = k_ticks(c, k_ossl_seq, &a, 1, target); /* ticks per 16 x 1 MiB */
        o_1m_block = bench_cycles(c, o_many) / (16 * blocks_1m);
        a.size = BENCH_SEED_LEN;
        o_14 = bench_cycles(c, k_ticks(c, k_ossl_oneshot, &a, 1, target));
        a.ostyle = BO_EVP_DIGEST;
        o_14_evp = bench_cycles(c, k_ticks(c, k_ossl_oneshot, &a, 1, target));
        a.ostyle = BO_SHA256_ONESHOT;
        o_14_sha256 = bench_cycles(c, k_ticks(c, k_ossl_oneshot, &a, 1, target));
        a.ostyle = BO_LOW_LEVEL;
    }
    /* OpenSSL through SHA256_Init/Update/Final, its fastest API for short
     * messages (OpenSSL 3's SHA256() and EVP_Digest fetch the algorithm on
     * every call). */
    char o_def[48];
    bench_fmt(o_def, sizeof o_def, "default path%s",
              bench_backend_supported("shani") ? " (SHA-NI here)" : "");
    const char *o_seq = "16 x 1 MiB in a row, default path";
    const char *o_avx2 = "AVX2 path (ia32cap: no SHA-NI)";
    const char *o_int = "integer path (ia32cap: no SIMD)";

    /* 1. 16 independent 1 MiB buffers through fastsha256_many, auto backend. */
    char s[96];
    fastsha256_reset_backend();
    if (!c->opt.backend || strcmp(c->opt.backend, "auto") == 0) {
        a.nmsg = 16;
        double t = k_ticks(c, k_many, &a, 1, target);
        double secs = t / c->clk.tick_hz;
        bench_fmt(s, sizeof s, "fastsha256_many, 16 x 1 MiB (auto=%s)", fastsha256_backend());
        k_row(c, s, "GB/s", 16.0 * BENCH_MIB / secs / 1e9, o_seq,
              o_many > 0 ? 16.0 * BENCH_MIB / (o_many / c->clk.tick_hz) / 1e9 : 0);
        k_row(c, s, "cycles/block", bench_cycles(c, t) / (16 * blocks_1m), o_seq, o_1m_block);
    }

    /* 2. The wide lane kernels forced, exactly one message per lane (every
     * lane busy): AVX2's 8 against OpenSSL's AVX2 path, AVX-512's 16 against
     * its default path. (The SHA-NI four-lane kernels on the same messages:
     * the auto row under FASTSHA256_HIDE=avx512batch.) */
    const struct {
        const char *backend;
        unsigned lanes;
        const char *peer;
        double peer_cycles;
    } wide[] = {
        {"avx2", 8, o_avx2, p_avx2.ok ? bench_cycles(c, p_avx2.per_block_1m) : 0},
        {"avx512", 16, o_seq, o_1m_block},
    };
    for (size_t i = 0; i < sizeof wide / sizeof wide[0]; i++) {
        if (!bench_backend_supported(wide[i].backend) ||
            (c->opt.backend && strcmp(c->opt.backend, wide[i].backend) != 0))
            continue;
        fastsha256_set_backend(wide[i].backend);
        a.nmsg = wide[i].lanes;
        double t = k_ticks(c, k_many, &a, 1, target);
        bench_fmt(s, sizeof s, "%s forced, %u lanes: fastsha256_many, %u x 1 MiB", wide[i].backend,
                  wide[i].lanes, wide[i].lanes);
        br_row *r = k_row(c, s, "cycles/block", bench_cycles(c, t) / (wide[i].lanes * blocks_1m),
                          wide[i].peer, wide[i].peer_cycles);
        bench_fmt(r->note, sizeof r->note,
                  "= %.0f cycles per %u-lane step (%u blocks at once); OpenSSL default path %.2f "
                  "cycles/block", bench_cycles(c, t) / blocks_1m, wide[i].lanes, wide[i].lanes,
                  o_1m_block);
    }

    /* 3. Single stream, 16 MiB, per backend; 4. the 14-byte one-shot. */
    const char *names[BENCH_MAX_BACKENDS];
    size_t nb = bench_backends(c, BENCH_FORCED, names);
    for (size_t b = 0; b < nb; b++) {
        fastsha256_set_backend(names[b]);
        const ossl_probe *pp = NULL;
        const char *peer = o_def;
        if (strcmp(names[b], "avx2") == 0)
            pp = &p_avx2, peer = o_avx2;
        else if (strcmp(names[b], "scalar") == 0)
            pp = &p_int, peer = o_int;
        a.size = 16 * BENCH_MIB;
        double t = k_ticks(c, k_oneshot, &a, 1, target);
        bench_fmt(s, sizeof s, "%s forced, single stream: 16 MiB one-shot", names[b]);
        double peer_v = pp ? (pp->ok ? bench_cycles(c, pp->per_byte_16m) : 0) : o_16m;
        br_row *r = k_row(c, s, "cycles/byte", bench_cycles(c, t) / (double)(16 * BENCH_MIB), peer,
                          peer_v);
        bench_fmt(r->note, sizeof r->note, "%.3f GB/s",
                  16.0 * BENCH_MIB / (t / c->clk.tick_hz) / 1e9);
        a.size = BENCH_SEED_LEN;
        t = k_ticks(c, k_oneshot, &a, 1, target);
        bench_fmt(s, sizeof s, "%s forced: 14-byte one-shot (fastsha256())", names[b]);
        peer_v = pp ? (pp->ok ? bench_cycles(c, pp->per_hash_14) : 0) : o_14;
        r = k_row(c, s, "cycles/hash", bench_cycles(c, t), peer, peer_v);
        if (ossl)
            bench_fmt(r->note, sizeof r->note, "OpenSSL default path, other APIs: EVP_Digest "
                      "%.0f, SHA256() %.0f cycles/hash", o_14_evp, o_14_sha256);
    }

    /* 5. Hex: per encoder reachable through a backend (auto's, and scalar's
     * portable one), in batches of 1024 digests. */
    for (size_t j = 0; j < 1024; j++) {
        uint8_t m[8];
        memcpy(m, &j, sizeof m < sizeof j ? sizeof m : sizeof j);
        fastsha256(m, sizeof m, a.dig[j]);
    }
    double t_table = k_ticks(c, k_hex_table, &a, a.batch, target);
    double t_ossl_hex = 0;
    if (ossl && bo_buf2hex(a.dig[0], 32, a.hex[0], 65))
        t_ossl_hex = k_ticks(c, k_hex_openssl, &a, a.batch, target);
    const char *hex_seen[BENCH_MAX_BACKENDS];
    size_t nhex = 0;
    const char *all[BENCH_MAX_BACKENDS];
    size_t nall = bench_backends(c, BENCH_SUPPORTED, all);
    for (size_t b = 0; b <= nall; b++) {
        if (b == 0)
            fastsha256_reset_backend();
        else
            fastsha256_set_backend(all[b - 1]);
        const char *h = fastsha256_hex_backend();
        int seen = 0;
        for (size_t k = 0; k < nhex; k++)
            if (strcmp(hex_seen[k], h) == 0)
                seen = 1;
        if (seen || nhex == BENCH_MAX_BACKENDS)
            continue;
        hex_seen[nhex++] = h;
        double t = k_ticks(c, k_hex_many, &a, a.batch, target);
        bench_fmt(s, sizeof s, "hex %s: to_hex_many, batches of 1024 (via %s)", h,
                  fastsha256_backend());
        br_row *r = k_row(c, s, "cycles/digest", bench_cycles(c, t), "OPENSSL_buf2hexstr_ex (upper)",
                          bench_cycles(c, t_ossl_hex));
        bench_fmt(r->note, sizeof r->note, "plain table encoder: %.1f cycles/digest",
                  bench_cycles(c, t_table));
        t = k_ticks(c, k_hex_single, &a, a.batch, target);
        bench_fmt(s, sizeof s, "hex %s: to_hex, one digest per call", h);
        r = k_row(c, s, "cycles/digest", bench_cycles(c, t), "OPENSSL_buf2hexstr_ex (upper)",
                  bench_cycles(c, t_ossl_hex));
        bench_fmt(r->note, sizeof r->note, "plain table encoder: %.1f cycles/digest",
                  bench_cycles(c, t_table));
    }
    if (ossl && (!p_avx2.ok || !p_int.ok))
        bench_progress("  note: OpenSSL's AVX2/integer paths could not be measured (OPENSSL_ia32cap "
                       "probe%s)\n",
#if defined(__x86_64__) || defined(__i386__)
                       " failed"
#else
                       "s are x86-only"
#endif
        );
    fastsha256_reset_backend();
    free(a.dig);
    free(a.hex);
    free(buf);
}

const bench_mode bench_mode_kernels = {
    "kernels",
    "kernel cycle counts (batch lanes, single stream, hex, 14-byte\n"
    "                      one-shot) next to OpenSSL's, measured in the same run",
    run_kernels,
    br_print_kernels,
};
