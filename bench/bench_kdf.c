/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* --kdf (bench/README.md): PBKDF2 and HKDF next to OpenSSL libcrypto in the
 * same run. The floors come from limits_probe.c's sha256rnds2 probes run
 * here, so no clock frequency is assumed: an iteration is two compressions
 * of 32 dependent sha256rnds2 each, so one chain needs at least 64 x its
 * latency; many chains at once at least 64 x its reciprocal throughput each,
 * and in practice the library's lane kernels' block time (their schedule
 * work shares the SHA unit with the rounds). Times are
 * thread CPU time (a shared machine's descheduled time left out); rows are
 * interleaved repetition by repetition and give the best and the median.
 * Every row's output is checked against fastsha256's. */
#define _GNU_SOURCE 1

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_limits.h"

#ifdef FASTSHA256_BENCH_HAVE_OPENSSL
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/opensslv.h>
#if OPENSSL_VERSION_NUMBER >= 0x30000000L
#include <openssl/core_names.h>
#include <openssl/kdf.h>
#include <openssl/params.h>
#define BENCH_KDF_HAVE_EVP_KDF 1
#endif
#endif

enum { BENCH_KDF_MAX_N = 16, BENCH_KDF_MAX_OUT = 255 * 32, BENCH_KDF_MAX_REPS = 64 };

typedef enum bench_kdf_kind {
    BENCH_KDF_FAST, BENCH_KDF_OSSL, BENCH_KDF_MANY, BENCH_KDF_HKDF_FAST, BENCH_KDF_HKDF_OSSL
} bench_kdf_kind;

typedef struct bench_kdf_row {
    const char *name;
    bench_kdf_kind kind;
    size_t n;            /* derivations per call */
    size_t outlen;
    uint64_t iterations; /* per derivation; HKDF: calls per timing */
    double ns[BENCH_KDF_MAX_REPS];
    int skipped;
} bench_kdf_row;

static const char bench_kdf_pw[] = "correct horse battery staple";
static const uint8_t bench_kdf_salt[16] = "NaCl-and-pepper!";
static uint8_t bench_kdf_out[BENCH_KDF_MAX_N * BENCH_KDF_MAX_OUT];

#ifdef BENCH_KDF_HAVE_EVP_KDF
static EVP_KDF_CTX *bench_kdf_hkdf_ctx;

static int ossl_hkdf(uint8_t *out, size_t outlen) {
    OSSL_PARAM params[5], *p = params;
    *p++ = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, (char *)"SHA256", 0);
    *p++ = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_KEY, (void *)bench_kdf_pw,
                                             sizeof bench_kdf_pw - 1);
    *p++ = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT, (void *)bench_kdf_salt,
                                             sizeof bench_kdf_salt);
    *p++ = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_INFO, (void *)"tls13 key", 9);
    *p = OSSL_PARAM_construct_end();
    return EVP_KDF_derive(bench_kdf_hkdf_ctx, out, outlen, params) == 1;
}
#endif

/* One timed unit of a row: a derivation call (PBKDF2) or `iterations`
 * calls (HKDF). Returns 0 on a failed call. */
static int bench_kdf_run(const bench_kdf_row *r, uint8_t *out) {
    const void *pws[BENCH_KDF_MAX_N], *salts[BENCH_KDF_MAX_N];
    size_t pwlens[BENCH_KDF_MAX_N], saltlens[BENCH_KDF_MAX_N];
    switch (r->kind) {
    case BENCH_KDF_FAST:
        return fastsha256_pbkdf2(bench_kdf_pw, sizeof bench_kdf_pw - 1, bench_kdf_salt,
                                 sizeof bench_kdf_salt, r->iterations, out, r->outlen) == 0;
    case BENCH_KDF_MANY:
        for (size_t i = 0; i < r->n; i++) {
            pws[i] = bench_kdf_pw;
            pwlens[i] = sizeof bench_kdf_pw - 1 - i; /* mixed passwords */
            salts[i] = bench_kdf_salt;
            saltlens[i] = sizeof bench_kdf_salt;
        }
        return fastsha256_pbkdf2_many(pws, pwlens, salts, saltlens, r->n, r->iterations, out,
                                      r->outlen) == 0;
    case BENCH_KDF_HKDF_FAST:
        for (uint64_t i = 0; i < r->iterations; i++)
            if (fastsha256_hkdf(bench_kdf_salt, sizeof bench_kdf_salt, bench_kdf_pw,
                                sizeof bench_kdf_pw - 1, "tls13 key", 9, out, r->outlen) != 0)
                return 0;
        return 1;
#ifdef FASTSHA256_BENCH_HAVE_OPENSSL
    case BENCH_KDF_OSSL:
        return PKCS5_PBKDF2_HMAC(bench_kdf_pw, (int)sizeof bench_kdf_pw - 1, bench_kdf_salt,
                                 (int)sizeof bench_kdf_salt, (int)r->iterations, EVP_sha256(),
                                 (int)r->outlen, out) == 1;
#endif
#ifdef BENCH_KDF_HAVE_EVP_KDF
    case BENCH_KDF_HKDF_OSSL:
        for (uint64_t i = 0; i < r->iterations; i++)
            if (!ossl_hkdf(out, r->outlen))
                return 0;
        return 1;
#endif
    default:
        return 0;
    }
}

/* A row's output against fastsha256's own single derivations. */
static int bench_kdf_check(const bench_kdf_row *r) {
    static uint8_t want[BENCH_KDF_MAX_OUT];
    int hkdf = r->kind == BENCH_KDF_HKDF_FAST || r->kind == BENCH_KDF_HKDF_OSSL;
    uint64_t c = hkdf ? 1 : r->iterations;
    bench_kdf_row once = *r;
    once.iterations = c;
    if (!bench_kdf_run(&once, bench_kdf_out))
        return 0;
    for (size_t i = 0; i < (r->kind == BENCH_KDF_MANY ? r->n : 1); i++) {
        if (hkdf)
            fastsha256_hkdf(bench_kdf_salt, sizeof bench_kdf_salt, bench_kdf_pw,
                            sizeof bench_kdf_pw - 1, "tls13 key", 9, want, r->outlen);
        else
            fastsha256_pbkdf2(bench_kdf_pw,
                              sizeof bench_kdf_pw - 1 - (r->kind == BENCH_KDF_MANY ? i : 0),
                              bench_kdf_salt, sizeof bench_kdf_salt, c, want, r->outlen);
        if (memcmp(bench_kdf_out + i * r->outlen, want, r->outlen) != 0)
            return 0;
    }
    return 1;
}

/* Per unit: PBKDF2 per derivation-iteration, HKDF per call. */
static double bench_kdf_units(const bench_kdf_row *r) {
    if (r->kind == BENCH_KDF_HKDF_FAST || r->kind == BENCH_KDF_HKDF_OSSL)
        return (double)r->iterations;
    return (double)r->iterations * (double)(r->kind == BENCH_KDF_MANY ? r->n : 1);
}

/* The rows, fastsha256 first in each pair. c: the headline iteration count. */
static size_t bench_kdf_rows(bench_kdf_row *rows, uint64_t c) {
    static char names[8][48];
    size_t n = 0;
    rows[n++] = (bench_kdf_row){"fastsha256_pbkdf2 32 B", BENCH_KDF_FAST, 1, 32, c, {0}, 0};
    rows[n++] = (bench_kdf_row){"OpenSSL PKCS5_PBKDF2_HMAC 32 B", BENCH_KDF_OSSL, 1, 32, c, {0}, 0};
    rows[n++] = (bench_kdf_row){"fastsha256_pbkdf2 64 B", BENCH_KDF_FAST, 1, 64, c / 4, {0}, 0};
    rows[n++] = (bench_kdf_row){"OpenSSL PKCS5_PBKDF2_HMAC 64 B", BENCH_KDF_OSSL, 1, 64, c / 4,
                                {0}, 0};
    for (size_t k = 0, m = 2; m <= BENCH_KDF_MAX_N; m *= 2, k++) {
        bench_fmt(names[k], sizeof names[k], "fastsha256_pbkdf2_many n=%zu", m);
        rows[n++] = (bench_kdf_row){names[k], BENCH_KDF_MANY, m, 32, c / 2 / m, {0}, 0};
    }
    rows[n++] = (bench_kdf_row){"fastsha256_hkdf 32 B", BENCH_KDF_HKDF_FAST, 1, 32, c / 30, {0}, 0};
    rows[n++] = (bench_kdf_row){"OpenSSL EVP_KDF HKDF 32 B", BENCH_KDF_HKDF_OSSL, 1, 32, c / 30,
                                {0}, 0};
    rows[n++] = (bench_kdf_row){"fastsha256_hkdf 8160 B", BENCH_KDF_HKDF_FAST, 1, BENCH_KDF_MAX_OUT,
                                c / 3000, {0}, 0};
    rows[n++] = (bench_kdf_row){"OpenSSL EVP_KDF HKDF 8160 B", BENCH_KDF_HKDF_OSSL, 1,
                                BENCH_KDF_MAX_OUT, c / 3000, {0}, 0};
    return n;
}

static int bench_kdf_available(const bench_ctx *c, bench_kdf_kind k) {
    if ((k == BENCH_KDF_OSSL || k == BENCH_KDF_HKDF_OSSL) && c->opt.no_openssl)
        return 0;
#ifndef FASTSHA256_BENCH_HAVE_OPENSSL
    if (k == BENCH_KDF_OSSL)
        return 0;
#endif
#ifndef BENCH_KDF_HAVE_EVP_KDF
    if (k == BENCH_KDF_HKDF_OSSL)
        return 0;
#endif
    return 1;
}

/* Floor per unit in ns for row r (0: none): a chain's iteration waits on 64
 * rnds2 in a row (lat each); its chains' two blocks an iteration each cost
 * block_ns of the SHA unit's time. */
static double bench_kdf_floor(const bench_kdf_row *r, double lat, double block_ns) {
    if (lat <= 0 || block_ns <= 0 || r->kind == BENCH_KDF_OSSL || r->kind >= BENCH_KDF_HKDF_FAST)
        return 0;
    double chains = r->kind == BENCH_KDF_MANY ? (double)r->n : (double)((r->outlen + 31) / 32);
    double chain = 64 * lat, unit = 2 * chains * block_ns;
    return (chain > unit ? chain : unit) / (r->kind == BENCH_KDF_MANY ? (double)r->n : 1.0);
}

typedef struct bench_kdf_floors {
    double lat, tput;  /* ns per rnds2: dependent, independent (0: no probe) */
    double lanes;      /* ns per block of the lane kernels on independent streams */
} bench_kdf_floors;

enum { BENCH_KDF_RUN, BENCH_KDF_SKIPPED, BENCH_KDF_WRONG }; /* bench_kdf_row.skipped */

/* This run, kept for the table (print_kdf). */
static struct {
    bench_kdf_row rows[16];
    size_t nrows;
    int reps;
    uint64_t iterations;
    bench_kdf_floors floors;
    char backend[32];
} bk;

static void bench_kdf_share(char *buf, size_t n, double floor, double per_unit) {
    if (floor > 0)
        bench_fmt(buf, n, "%.0f%%", 100 * floor / per_unit);
    else
        buf[0] = '\0';
}

/* Row i's OpenSSL peer: the row after a fastsha256 row; for batches, the
 * single 32-byte derivation (the same work per derivation-iteration). */
static const bench_kdf_row *bench_kdf_peer(const bench_kdf_row *rows, size_t nrows, size_t i) {
    const bench_kdf_row *r = &rows[i];
    if (r->kind == BENCH_KDF_MANY) {
        for (size_t j = 0; j < nrows; j++)
            if (rows[j].kind == BENCH_KDF_OSSL && rows[j].outlen == 32 && !rows[j].skipped)
                return &rows[j];
        return NULL;
    }
    if ((r->kind == BENCH_KDF_FAST || r->kind == BENCH_KDF_HKDF_FAST) && i + 1 < nrows &&
        !rows[i + 1].skipped && rows[i + 1].outlen == r->outlen)
        return &rows[i + 1];
    return NULL;
}

/* What the table and the results show of row i: ns per call (best, median),
 * the floor shares and the ratio to its peer ("" where there is none). */
typedef struct bench_kdf_figures {
    double best, med, units;
    char strict[16], lanes[16], vs[16];
    const bench_kdf_row *peer;
    double peer_per_unit;
} bench_kdf_figures;

static void bench_kdf_figures_of(size_t i, bench_kdf_figures *g) {
    const bench_kdf_row *r = &bk.rows[i];
    g->units = bench_kdf_units(r);
    const bench_spread s = bench_spread_of(r->ns, bk.reps);
    g->best = s.min;
    g->med = s.med;
    double per_unit = g->best / g->units;
    bench_kdf_share(g->strict, sizeof g->strict,
                    bench_kdf_floor(r, bk.floors.lat, 32 * bk.floors.tput), per_unit);
    bench_kdf_share(g->lanes, sizeof g->lanes,
                    bench_kdf_floor(r, bk.floors.lat, bk.floors.lanes), per_unit);
    g->vs[0] = '\0';
    g->peer = bench_kdf_peer(bk.rows, bk.nrows, i);
    g->peer_per_unit = 0;
    if (g->peer) {
        g->peer_per_unit = bench_spread_of(g->peer->ns, bk.reps).min / bench_kdf_units(g->peer);
        bench_fmt(g->vs, sizeof g->vs, "%.2fx", g->peer_per_unit / per_unit);
    }
}

static void bench_kdf_report(FILE *out) {
    fprintf(out, "\n%-32s %12s %12s %10s %8s %8s %9s\n", "who", "ms/call best", "ns/unit best",
            "ns/unit med", "rnds2 fl", "lanes fl", "vs peer");
    for (size_t i = 0; i < bk.nrows; i++) {
        const bench_kdf_row *r = &bk.rows[i];
        if (r->skipped == BENCH_KDF_WRONG)
            fprintf(out, "%-32s WRONG OUTPUT\n", r->name);
        if (r->skipped)
            continue;
        bench_kdf_figures g;
        bench_kdf_figures_of(i, &g);
        fprintf(out, "%-32s %12.3f %12.1f %10.1f %8s %8s %9s\n", r->name, g.best / 1e6,
                g.best / g.units, g.med / g.units, g.strict, g.lanes, g.vs);
    }
    fprintf(out, "units: PBKDF2 ns per derivation-iteration (two compressions), HKDF ns per call.\n"
                 "rnds2 fl: share of the floor set by sha256rnds2 alone (64 in a row per chain, or\n"
                 "its throughput for many chains); lanes fl: the same with the lane kernels' measured\n"
                 "block throughput as the many-chain bound. vs peer: OpenSSL's best time over\n"
                 "fastsha256's per unit, same output (batches: against one PKCS5_PBKDF2_HMAC\n"
                 "derivation after another).\n");
}

static void bench_kdf_header(FILE *out, double core_hz) {
    const bench_kdf_floors *f = &bk.floors;
    fprintf(out, "\nKey derivation: backend %s, %d reps, %llu iterations\n", bk.backend, bk.reps,
            (unsigned long long)bk.iterations);
    if (f->lat <= 0) {
        fprintf(out, "sha256rnds2 probe: no SHA-NI here, no floor columns\n");
        return;
    }
    fprintf(out, "sha256rnds2 probe: %.3f ns dependent, %.3f ns independent", f->lat, f->tput);
    if (core_hz > 0)
        fprintf(out, " (%.2f and %.2f cycles at ~%.2f GHz)", f->lat * core_hz / 1e9,
                f->tput * core_hz / 1e9, core_hz / 1e9);
    fprintf(out, ";\nlane kernels on 16 independent streams: %.2f ns per block", f->lanes);
    if (core_hz > 0)
        fprintf(out, " (%.1f cycles)", f->lanes * core_hz / 1e9);
    fprintf(out, ".\nFloors per derivation-iteration: one chain %.1f ns; many chains %.1f ns\n"
                 "(rnds2 throughput), %.1f ns (lane kernels)\n",
            64 * f->lat, 64 * f->tput, 2 * f->lanes);
}

static void print_kdf(FILE *out, const bench_report_meta *m) {
    if (bk.nrows == 0) /* --kdf did not run */
        return;
    bench_kdf_header(out, m->core_estimated ? m->core_hz : 0);
    bench_kdf_report(out);
    bench_kdf_runtimes_print(out);
}

/* --- The floors ---------------------------------------------------------------- */

/* ns per block of the library's own lane kernels on independent streams:
 * 16 messages of 64 KiB through fastsha256_many (framing negligible), the
 * best repetition. */
static double bench_kdf_lanes_block_ns(const bench_ctx *c) {
    enum { MSGS = 16, LEN = 64 * 1024 };
    static bench_msgs m;
    uint8_t *buf = bench_xmalloc(MSGS * LEN);
    bench_fill_pattern(buf, MSGS * LEN, 0x1a9e5);
    m.buf = buf;
    bench_msgs_set(&m, LEN, MSGS);
    void *args[1] = {&m};
    bench_result res;
    bench_measure_for(c, bench_work_many, args, 1, 1, c->opt.quick ? 20 : 200, 2000, &res);
    free(buf);
    return res.ns_best / (MSGS * LEN / 64);
}

/* A probe's best chunk in ns; 0 when this build has no such probe. */
static double bench_kdf_probe_ns(const char *name, double ns_per_tick, int quick) {
    for (size_t i = 0; bench_probes[i]; i++) {
        if (strcmp(bench_probes[i]->name, name) != 0)
            continue;
        double median, best;
        bench_probe_run(bench_probes[i], ns_per_tick, quick ? 3 : 7, quick ? 0.5 : 3.0,
                        &median, &best);
        return best;
    }
    return 0;
}

/* One sha256rnds2 in a dependent chain and its reciprocal throughput, in
 * ns; 0 where there is no SHA-NI. */
static int bench_kdf_rnds2_probe(const bench_ctx *c, double *latency_ns, double *throughput_ns) {
    if (!bench_backend_supported("shani"))
        return 0;
    const double ns_per_tick = 1e9 / c->clk.tick_hz;
    *latency_ns = bench_kdf_probe_ns("sha256rnds2 latency", ns_per_tick, c->opt.quick);
    *throughput_ns = bench_kdf_probe_ns("sha256rnds2 recip. throughput", ns_per_tick, c->opt.quick);
    return *latency_ns > 0 && *throughput_ns > 0;
}

/* --- The run ------------------------------------------------------------------ */

#ifdef BENCH_KDF_HAVE_EVP_KDF
static EVP_KDF *bench_kdf_kdf;
#endif

static void bench_kdf_openssl_init(void) {
#ifdef BENCH_KDF_HAVE_EVP_KDF
    bench_kdf_kdf = EVP_KDF_fetch(NULL, "HKDF", NULL);
    bench_kdf_hkdf_ctx = bench_kdf_kdf ? EVP_KDF_CTX_new(bench_kdf_kdf) : NULL;
    if (bench_kdf_hkdf_ctx == NULL) {
        fprintf(stderr, BENCH_PROG " --kdf: EVP_KDF HKDF unavailable\n");
        exit(1);
    }
#endif
}

static void bench_kdf_openssl_free(void) {
#ifdef BENCH_KDF_HAVE_EVP_KDF
    EVP_KDF_CTX_free(bench_kdf_hkdf_ctx);
    EVP_KDF_free(bench_kdf_kdf);
    bench_kdf_hkdf_ctx = NULL;
    bench_kdf_kdf = NULL;
#endif
}

static void bench_kdf_check_rows(const bench_ctx *c) {
    for (size_t i = 0; i < bk.nrows; i++) {
        bench_kdf_row *r = &bk.rows[i];
        if (!bench_kdf_available(c, r->kind) || r->iterations == 0)
            r->skipped = BENCH_KDF_SKIPPED;
        else
            r->skipped = bench_kdf_check(r) ? BENCH_KDF_RUN : BENCH_KDF_WRONG;
    }
}

/* Repetition by repetition, every row once: noise hits all rows alike. */
static void bench_kdf_time_rows(bench_ctx *c) {
    for (int rep = 0; rep < bk.reps; rep++)
        for (size_t i = 0; i < bk.nrows; i++) {
            bench_kdf_row *r = &bk.rows[i];
            if (r->skipped)
                continue;
            uint64_t t0 = bench_thread_cpu_ns();
            if (!bench_kdf_run(r, bench_kdf_out))
                c->failures++;
            r->ns[rep] = (double)(bench_thread_cpu_ns() - t0);
        }
}

static void bench_kdf_probe_result(const char *what, const char *unit, double ns) {
    bench_report_row *r = bench_row("kdf", "probe", "", "%s", what);
    bench_fmt(r->unit, sizeof r->unit, "%s", unit);
    r->value = ns;
}

/* The rows of the CSV and JSON: the probes, then each derivation row's ns
 * per unit (value), next to its peer's. */
static void bench_kdf_add_results(bench_ctx *c) {
    if (bk.floors.lat > 0) {
        bench_kdf_probe_result("sha256rnds2 dependent", "ns", bk.floors.lat);
        bench_kdf_probe_result("sha256rnds2 independent", "ns", bk.floors.tput);
    }
    bench_kdf_probe_result("lane kernels on 16 streams", "ns/block", bk.floors.lanes);
    const char *ossl = bench_openssl_short_version();
    for (size_t i = 0; i < bk.nrows; i++) {
        const bench_kdf_row *k = &bk.rows[i];
        if (k->skipped == BENCH_KDF_SKIPPED)
            continue;
        int ours = k->kind != BENCH_KDF_OSSL && k->kind != BENCH_KDF_HKDF_OSSL;
        bench_report_row *r = bench_row("kdf", ours ? "fastsha256" : "openssl",
                                        ours ? bk.backend : ossl, "%s", k->name);
        r->size = k->outlen;
        r->count = k->iterations;
        r->reps = bk.reps;
        r->threads = 1;
        bench_row_check(c, r, k->skipped == BENCH_KDF_RUN);
        if (k->skipped)
            continue;
        bench_kdf_figures g;
        bench_kdf_figures_of(i, &g);
        bench_fmt(r->unit, sizeof r->unit, "%s",
                  k->kind >= BENCH_KDF_HKDF_FAST ? "ns/call" : "ns/iteration");
        r->value = r->ns_best = g.best / g.units;
        r->ns_med = g.med / g.units;
        if (g.peer)
            bench_fmt(r->peer, sizeof r->peer, "%s", g.peer->name);
        r->peer_value = g.peer_per_unit;
        if (g.strict[0])
            bench_fmt(r->note, sizeof r->note, "floor shares: rnds2 %s / lanes %s", g.strict,
                      g.lanes);
    }
}

static void run_kdf(bench_ctx *c) {
    bk.reps = c->opt.reps;
    bk.iterations = c->opt.iterations;
    bench_use_backend(c->opt.backend ? c->opt.backend : "auto", bk.backend, sizeof bk.backend);
    bench_progress("kdf: probes, then %d reps of every row (%llu iterations)\n", bk.reps,
                   (unsigned long long)bk.iterations);
    if (!bench_kdf_rnds2_probe(c, &bk.floors.lat, &bk.floors.tput))
        bk.floors.lat = bk.floors.tput = 0;
    bk.floors.lanes = bench_kdf_lanes_block_ns(c);
    if (!c->opt.no_openssl)
        bench_kdf_openssl_init();
    bk.nrows = bench_kdf_rows(bk.rows, bk.iterations);
    bench_kdf_check_rows(c);
    bench_kdf_time_rows(c);
    bench_kdf_add_results(c);
    bench_kdf_openssl_free();
    bench_kdf_runtimes_run(c, bk.iterations);
    fastsha256_reset_backend();
}

const bench_mode bench_mode_kdf = {
    "kdf",
    "PBKDF2-HMAC-SHA256 (32- and 64-byte keys, one and 2/4/8/16 derivations\n"
    "                      at once) and HKDF-SHA256 (32 and 8160 bytes) next to OpenSSL,\n"
    "                      with the sha256rnds2 floors measured here (--iterations)",
    run_kdf,
    print_kdf,
};
