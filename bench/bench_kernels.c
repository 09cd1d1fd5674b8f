/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* --kernels: kernel-level cycle counts (a single stream per backend,
 * hex, the 14-byte one-shot) next to OpenSSL's, measured in the same run;
 * OpenSSL's AVX2 and integer paths in a child process (--openssl-probe). */
#define _GNU_SOURCE 1

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench_context.h"

/* The messages first: a kern_arg is also the bench_msgs of the work
 * functions of bench_context.h. */
typedef struct kern_arg {
    bench_msgs m;
    char (*hex)[65];
    size_t batch;
} kern_arg;

/* Hex kernels: n digests in batches; one string per batch goes into the
 * checksum (the encoders are what is measured, not the fold). */
static uint64_t k_hex_many(void *p, size_t start, size_t n, uint64_t acc) {
    kern_arg *a = (kern_arg *)p;
    (void)start;
    for (size_t done = 0; done < n; done += a->batch) {
        fastsha256_to_hex_many((const uint8_t(*)[32])a->m.dig, a->batch, a->hex);
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
            encode(a->m.dig[j], a->hex[j]);
        acc = bench_fold_hex(acc, a->hex[done / a->batch % a->batch]);
    }
    return acc;
}

static void hex_fastsha256(const uint8_t *digest, char *hex) { fastsha256_to_hex(digest, 32, hex); }
static void hex_table(const uint8_t *digest, char *hex) { bench_table_hex(digest, 32, hex); }
static void hex_openssl(const uint8_t *digest, char *hex) {
    (void)bench_openssl_buf2hex(digest, 32, hex, 65);
}

#define K_HEX_EACH(fn, encode)                                                                     \
    static uint64_t fn(void *p, size_t start, size_t n, uint64_t acc) {                            \
        (void)start;                                                                               \
        return k_hex_each((const kern_arg *)p, n, acc, encode);                                    \
    }
K_HEX_EACH(k_hex_single, hex_fastsha256)
K_HEX_EACH(k_hex_table, hex_table)
K_HEX_EACH(k_hex_openssl, hex_openssl)

/* Median ticks per item of fn over about target_ms per repetition. */
static double k_ticks(const bench_ctx *c, bench_work_fn fn, kern_arg *a, size_t granule,
                      double target_ms) {
    void *args[1] = {a};
    bench_result res;
    bench_measure_for(c, fn, args, 1, granule, target_ms, c->opt.quick ? 400.0 : 4000.0, &res);
    return res.ticks_med;
}

/* 16 MiB of data, also seen as 16 buffers of 1 MiB, and 1024 digests. */
static void k_init(kern_arg *a) {
    memset(a, 0, sizeof *a);
    uint8_t *buf = bench_xmalloc(16 * BENCH_MIB);
    bench_fill_pattern(buf, 16 * BENCH_MIB, 0x16);
    a->m.buf = buf;
    a->batch = 1024;
    a->hex = bench_xmalloc(1024 * sizeof *a->hex);
    a->m.ostyle = BENCH_OPENSSL_LOW_LEVEL;
    bench_msgs_set(&a->m, BENCH_MIB, 16);
}

static void k_free(kern_arg *a) {
    free(a->hex);
    free((void *)a->m.buf);
}

int bench_openssl_probe_main(bench_ctx *c) {
    if (!bench_openssl_available() || !bench_openssl_style_available(BENCH_OPENSSL_LOW_LEVEL))
        return 1;
    kern_arg a;
    k_init(&a);
    double target = c->opt.quick ? 20 : 150;
    a.m.size = 16 * BENCH_MIB;
    double t16 = k_ticks(c, bench_work_openssl, &a, 1, target) / (double)(16 * BENCH_MIB);
    a.m.size = BENCH_SEED_LEN;
    double t14 = k_ticks(c, bench_work_openssl, &a, 1, target);
    printf("openssl-probe %.6f %.6f\n", t16, t14);
    k_free(&a);
    return 0;
}

bench_ossl_probe bench_run_openssl_probe(const bench_ctx *c, const char *ia32cap) {
    bench_ossl_probe p;
    memset(&p, 0, sizeof p);
#if defined(__x86_64__) || defined(__i386__)
    char self[BENCH_PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0)
        return p;
    self[n] = '\0';
    char quoted[BENCH_PATH_MAX + 64], cmd[BENCH_PATH_MAX + 160];
    static char out[4096];
    bench_proc_quote(quoted, sizeof quoted, self);
    /* Same CPU as this process: the child inherits the pinning. */
    bench_fmt(cmd, sizeof cmd, "OPENSSL_ia32cap='%s' %s --openssl-probe %s", ia32cap, quoted,
              c->opt.quick ? "--quick" : "--reps 5");
    int st = bench_proc_capture(cmd, out, sizeof out);
    const char *line = strstr(out, "openssl-probe ");
    if (st == 0 && line &&
        sscanf(line + 14, "%lf %lf", &p.per_byte_16m, &p.per_hash_14) == 2)
        p.ok = 1;
#else
    (void)c;
    (void)ia32cap;
#endif
    return p;
}

static bench_report_row *k_row(const bench_ctx *c, const char *style, const char *unit,
                               double value, const char *peer, double peer_value) {
    bench_report_row *r = bench_row("kernels", "fastsha256", fastsha256_backend(), "%s", style);
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

/* OpenSSL's figures the rows stand next to, in core cycles (0: not
 * measured): its default path in this process, its AVX2 and integer paths
 * in a child (OPENSSL_ia32cap). */
typedef struct k_peers {
    int ossl;
    bench_ossl_probe avx2, integer;
    double per_byte_16m, per_hash_14;
    char def[48];      /* its default path's name */
} k_peers;

static const char k_avx2[] = "AVX2 path (ia32cap: no SHA-NI)";
static const char k_int[] = "integer path (ia32cap: no SIMD)";
static const char k_hex_peer[] = "OPENSSL_buf2hexstr_ex (upper)";

static double k_target(const bench_ctx *c) { return c->opt.quick ? 10 : 120; }

/* Cycles per one-shot of a->m.size bytes through OpenSSL's style st. */
static double k_ossl_cycles(const bench_ctx *c, kern_arg *a, bench_openssl_style st) {
    a->m.ostyle = st;
    double cycles = bench_cycles(c, k_ticks(c, bench_work_openssl, a, 1, k_target(c)));
    a->m.ostyle = BENCH_OPENSSL_LOW_LEVEL;
    return cycles;
}

static void k_measure_openssl(const bench_ctx *c, kern_arg *a, k_peers *p) {
    memset(p, 0, sizeof *p);
    bench_fmt(p->def, sizeof p->def, "default path%s",
              bench_backend_supported("shani") ? " (SHA-NI here)" : "");
    p->ossl = bench_openssl_usable(c);
    if (!p->ossl)
        return;
    /* OPENSSL_ia32cap masks: no SHA extensions; no SSSE3, SHA, AVX2, BMI
     * (empty probes off x86). */
    p->avx2 = bench_run_openssl_probe(c, ":~0x20000000");
    p->integer = bench_run_openssl_probe(c, "~0x20000000000:~0x20000128");
    /* Through SHA256_Init/Update/Final, its fastest API for short messages
     * (OpenSSL 3's SHA256() and EVP_Digest fetch the algorithm on every call). */
    a->m.size = 16 * BENCH_MIB;
    p->per_byte_16m = k_ossl_cycles(c, a, BENCH_OPENSSL_LOW_LEVEL) / (double)(16 * BENCH_MIB);
    a->m.size = BENCH_SEED_LEN;
    p->per_hash_14 = k_ossl_cycles(c, a, BENCH_OPENSSL_LOW_LEVEL);
}

/* Per forced backend: a single 16 MiB stream and the 14-byte one-shot, each
 * next to OpenSSL's path of the same kind (its AVX2 path for avx2, its
 * integer path for scalar, else its default path). */
static void k_rows_backend(const bench_ctx *c, kern_arg *a, const k_peers *p, const char *name) {
    fastsha256_set_backend(name);
    int avx2 = strcmp(name, "avx2") == 0, scalar = strcmp(name, "scalar") == 0;
    const bench_ossl_probe *pp = avx2 ? &p->avx2 : scalar ? &p->integer : NULL;
    const char *peer = avx2 ? k_avx2 : scalar ? k_int : p->def;
    char s[96];
    a->m.size = 16 * BENCH_MIB;
    double t = k_ticks(c, bench_work_oneshot, a, 1, k_target(c));
    bench_fmt(s, sizeof s, "%s forced, single stream: 16 MiB one-shot", name);
    double peer_v = pp ? (pp->ok ? bench_cycles(c, pp->per_byte_16m) : 0) : p->per_byte_16m;
    bench_report_row *r = k_row(c, s, "cycles/byte", bench_cycles(c, t) / (double)(16 * BENCH_MIB),
                                peer, peer_v);
    bench_fmt(r->note, sizeof r->note, "%.3f GB/s", 16.0 * BENCH_MIB / (t / c->clk.tick_hz) / 1e9);
    a->m.size = BENCH_SEED_LEN;
    t = k_ticks(c, bench_work_oneshot, a, 1, k_target(c));
    bench_fmt(s, sizeof s, "%s forced: 14-byte one-shot (fastsha256())", name);
    peer_v = pp ? (pp->ok ? bench_cycles(c, pp->per_hash_14) : 0) : p->per_hash_14;
    k_row(c, s, "cycles/hash", bench_cycles(c, t), peer, peer_v);
}

/* The hex encoder h (the active backend's): batches and one per call, next
 * to OpenSSL's and the plain table encoder. */
static void k_rows_hex_encoder(const bench_ctx *c, kern_arg *a, const char *h, double t_ossl,
                               double t_table) {
    char s[96];
    for (int single = 0; single < 2; single++) {
        double t = k_ticks(c, single ? k_hex_single : k_hex_many, a, a->batch, k_target(c));
        if (single)
            bench_fmt(s, sizeof s, "hex %s: to_hex, one digest per call", h);
        else
            bench_fmt(s, sizeof s, "hex %s: to_hex_many, batches of 1024 (via %s)", h,
                      fastsha256_backend());
        bench_report_row *r = k_row(c, s, "cycles/digest", bench_cycles(c, t), k_hex_peer,
                                    bench_cycles(c, t_ossl));
        bench_fmt(r->note, sizeof r->note, "plain table encoder: %.1f cycles/digest",
                  bench_cycles(c, t_table));
    }
}

/* Hex: each encoder reachable through a backend once (auto's first, then
 * each supported backend's), in batches of 1024 digests. */
static void k_rows_hex(const bench_ctx *c, kern_arg *a, const k_peers *p) {
    bench_fill_pattern(a->m.dig[0], sizeof a->m.dig, 0x4e5); /* digests to encode */
    double t_table = k_ticks(c, k_hex_table, a, a->batch, k_target(c));
    double t_ossl = 0;
    if (p->ossl && bench_openssl_buf2hex(a->m.dig[0], 32, a->hex[0], 65))
        t_ossl = k_ticks(c, k_hex_openssl, a, a->batch, k_target(c));
    const char *seen[BENCH_MAX_BACKENDS + 1], *all[BENCH_MAX_BACKENDS];
    size_t nseen = 0, nall = bench_backends(c, BENCH_SUPPORTED, all);
    for (size_t b = 0; b <= nall; b++) {
        if (b == 0)
            fastsha256_reset_backend();
        else
            fastsha256_set_backend(all[b - 1]);
        const char *h = fastsha256_hex_backend();
        int again = 0;
        for (size_t k = 0; k < nseen; k++)
            again |= strcmp(seen[k], h) == 0;
        if (again)
            continue;
        seen[nseen++] = h;
        k_rows_hex_encoder(c, a, h, t_ossl, t_table);
    }
}

static void run_kernels(bench_ctx *c) {
    kern_arg a;
    k_init(&a);
    bench_progress("kernels: core cycles = TSC cycles x %.3f\n", c->clk.core_per_tick);
    k_peers p;
    k_measure_openssl(c, &a, &p);
    const char *names[BENCH_MAX_BACKENDS];
    size_t nb = bench_backends(c, BENCH_FORCED, names);
    for (size_t b = 0; b < nb; b++)
        k_rows_backend(c, &a, &p, names[b]);
    k_rows_hex(c, &a, &p);
    fastsha256_reset_backend();
    k_free(&a);
}

const bench_mode bench_mode_kernels = {
    "kernels",
    "kernel cycle counts (single stream, hex, 14-byte one-shot) next\n"
    "                      to OpenSSL's, measured in the same run (the batch lanes:\n"
    "                      --limits)",
    run_kernels,
    bench_report_print_kernels,
};
