/* --kdf: key derivation next to OpenSSL libcrypto in the same run.
 *
 *   PBKDF2-HMAC-SHA256, 600,000 iterations, 32-byte key, one derivation:
 *     fastsha256_pbkdf2 vs PKCS5_PBKDF2_HMAC, and the one-chain floor
 *   fastsha256_pbkdf2_many with 2, 4, 8, 16 derivations, against the
 *     many-chain floor per derivation-iteration
 *   a 64-byte key (two chains of one derivation)
 *   HKDF-SHA256 of 32 and 255 * 32 bytes: fastsha256_hkdf vs EVP_KDF "HKDF"
 *
 * The floors come from sha256rnds2 probes run here (bench_kdf_probe.c): an
 * iteration is two compressions of 32 dependent sha256rnds2 each, so one
 * chain needs at least 64 x its latency; many chains at once at least 64 x
 * its reciprocal throughput each. Times are thread CPU time (a shared
 * machine's descheduled time left out); rows are interleaved repetition by
 * repetition and give the best and the median. Every row's output is
 * checked against fastsha256's. --iterations sets the headline count,
 * --backend forces fastsha256's backend. */
#define _GNU_SOURCE 1

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_common.h"
#include "bench_context.h"
#include "bench_kdf.h"
#include "bench_util.h"
#include "fastsha256.h"

#ifdef FASTSHA256_BENCH_HAVE_OPENSSL
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/opensslv.h>
#if OPENSSL_VERSION_NUMBER >= 0x30000000L
#include <openssl/core_names.h>
#include <openssl/kdf.h>
#include <openssl/params.h>
#define BK_HAVE_EVP_KDF 1
#endif
#endif

enum { BK_MAX_N = 16, BK_MAX_OUT = 255 * 32, BK_MAX_REPS = 64 };

typedef enum bk_kind {
    BK_FAST, BK_OSSL, BK_MANY, BK_HKDF_FAST, BK_HKDF_OSSL
} bk_kind;

typedef struct bk_row {
    const char *name;
    bk_kind kind;
    size_t n;            /* derivations per call */
    size_t outlen;
    uint64_t iterations; /* per derivation; HKDF: calls per timing */
    double ns[BK_MAX_REPS];
    int skipped;
} bk_row;

static const char bk_pw[] = "correct horse battery staple";
static const uint8_t bk_salt[16] = "NaCl-and-pepper!";
static uint8_t bk_out[BK_MAX_N * BK_MAX_OUT];

#ifdef BK_HAVE_EVP_KDF
static EVP_KDF_CTX *bk_hkdf_ctx;

static int ossl_hkdf(uint8_t *out, size_t outlen) {
    OSSL_PARAM params[5], *p = params;
    *p++ = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, (char *)"SHA256", 0);
    *p++ = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_KEY, (void *)bk_pw, sizeof bk_pw - 1);
    *p++ = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT, (void *)bk_salt, sizeof bk_salt);
    *p++ = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_INFO, (void *)"tls13 key", 9);
    *p = OSSL_PARAM_construct_end();
    return EVP_KDF_derive(bk_hkdf_ctx, out, outlen, params) == 1;
}
#endif

/* One timed unit of a row: a derivation call (PBKDF2) or `iterations`
 * calls (HKDF). Returns 0 on a failed call. */
static int bk_run(const bk_row *r, uint8_t *out) {
    const void *pws[BK_MAX_N], *salts[BK_MAX_N];
    size_t pwlens[BK_MAX_N], saltlens[BK_MAX_N];
    switch (r->kind) {
    case BK_FAST:
        return fastsha256_pbkdf2(bk_pw, sizeof bk_pw - 1, bk_salt, sizeof bk_salt, r->iterations,
                                 out, r->outlen) == 0;
    case BK_MANY:
        for (size_t i = 0; i < r->n; i++) {
            pws[i] = bk_pw;
            pwlens[i] = sizeof bk_pw - 1 - i; /* mixed passwords */
            salts[i] = bk_salt;
            saltlens[i] = sizeof bk_salt;
        }
        return fastsha256_pbkdf2_many(pws, pwlens, salts, saltlens, r->n, r->iterations, out,
                                      r->outlen) == 0;
    case BK_HKDF_FAST:
        for (uint64_t i = 0; i < r->iterations; i++)
            if (fastsha256_hkdf(bk_salt, sizeof bk_salt, bk_pw, sizeof bk_pw - 1, "tls13 key", 9,
                                out, r->outlen) != 0)
                return 0;
        return 1;
#ifdef FASTSHA256_BENCH_HAVE_OPENSSL
    case BK_OSSL:
        return PKCS5_PBKDF2_HMAC(bk_pw, (int)sizeof bk_pw - 1, bk_salt, (int)sizeof bk_salt,
                                 (int)r->iterations, EVP_sha256(), (int)r->outlen, out) == 1;
#endif
#ifdef BK_HAVE_EVP_KDF
    case BK_HKDF_OSSL:
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
static int bk_check(const bk_row *r) {
    static uint8_t want[BK_MAX_OUT];
    uint64_t c = r->kind == BK_HKDF_FAST || r->kind == BK_HKDF_OSSL ? 1 : r->iterations;
    bk_row once = *r;
    once.iterations = c;
    if (!bk_run(&once, bk_out))
        return 0;
    for (size_t i = 0; i < (r->kind == BK_MANY ? r->n : 1); i++) {
        if (r->kind == BK_HKDF_FAST || r->kind == BK_HKDF_OSSL)
            fastsha256_hkdf(bk_salt, sizeof bk_salt, bk_pw, sizeof bk_pw - 1, "tls13 key", 9,
                            want, r->outlen);
        else
            fastsha256_pbkdf2(bk_pw, sizeof bk_pw - 1 - (r->kind == BK_MANY ? i : 0), bk_salt,
                              sizeof bk_salt, c, want, r->outlen);
        if (memcmp(bk_out + i * r->outlen, want, r->outlen) != 0)
            return 0;
    }
    return 1;
}

static void bk_stats(const bk_row *r, int reps, double *best, double *med) {
    double v[BK_MAX_REPS];
    memcpy(v, r->ns, sizeof v[0] * (size_t)reps);
    bu_sort_doubles(v, (size_t)reps);
    *best = v[0];
    *med = v[reps / 2];
}

/* Per unit: PBKDF2 per derivation-iteration, HKDF per call. */
static double bk_units(const bk_row *r) {
    if (r->kind == BK_HKDF_FAST || r->kind == BK_HKDF_OSSL)
        return (double)r->iterations;
    return (double)r->iterations * (double)(r->kind == BK_MANY ? r->n : 1);
}

/* The rows, fastsha256 first in each pair. c: the headline iteration count. */
static size_t bk_rows(bk_row *rows, uint64_t c) {
    static char names[8][48];
    size_t n = 0;
    rows[n++] = (bk_row){"fastsha256_pbkdf2 32 B", BK_FAST, 1, 32, c, {0}, 0};
    rows[n++] = (bk_row){"OpenSSL PKCS5_PBKDF2_HMAC 32 B", BK_OSSL, 1, 32, c, {0}, 0};
    rows[n++] = (bk_row){"fastsha256_pbkdf2 64 B", BK_FAST, 1, 64, c / 4, {0}, 0};
    rows[n++] = (bk_row){"OpenSSL PKCS5_PBKDF2_HMAC 64 B", BK_OSSL, 1, 64, c / 4, {0}, 0};
    for (size_t k = 0, m = 2; m <= BK_MAX_N; m *= 2, k++) {
        bench_fmt(names[k], sizeof names[k], "fastsha256_pbkdf2_many n=%zu", m);
        rows[n++] = (bk_row){names[k], BK_MANY, m, 32, c / 2 / m, {0}, 0};
    }
    rows[n++] = (bk_row){"fastsha256_hkdf 32 B", BK_HKDF_FAST, 1, 32, c / 30, {0}, 0};
    rows[n++] = (bk_row){"OpenSSL EVP_KDF HKDF 32 B", BK_HKDF_OSSL, 1, 32, c / 30, {0}, 0};
    rows[n++] = (bk_row){"fastsha256_hkdf 8160 B", BK_HKDF_FAST, 1, BK_MAX_OUT, c / 3000, {0}, 0};
    rows[n++] = (bk_row){"OpenSSL EVP_KDF HKDF 8160 B", BK_HKDF_OSSL, 1, BK_MAX_OUT, c / 3000,
                         {0}, 0};
    return n;
}

static int bk_available(const bench_ctx *c, bk_kind k) {
    if ((k == BK_OSSL || k == BK_HKDF_OSSL) && c->opt.no_openssl)
        return 0;
#ifndef FASTSHA256_BENCH_HAVE_OPENSSL
    if (k == BK_OSSL)
        return 0;
#endif
#ifndef BK_HAVE_EVP_KDF
    if (k == BK_HKDF_OSSL)
        return 0;
#endif
    return 1;
}

/* Floor per unit in ns for row r (0: none): a chain's iteration waits on 64
 * rnds2 in a row (lat each); its chains' two blocks an iteration each cost
 * block_ns of the SHA unit's time. */
static double bk_floor(const bk_row *r, double lat, double block_ns) {
    if (lat <= 0 || block_ns <= 0 || r->kind == BK_OSSL || r->kind >= BK_HKDF_FAST)
        return 0;
    double chains = r->kind == BK_MANY ? (double)r->n : (double)((r->outlen + 31) / 32);
    double chain = 64 * lat, unit = 2 * chains * block_ns;
    return (chain > unit ? chain : unit) / (r->kind == BK_MANY ? (double)r->n : 1.0);
}

typedef struct bk_floors {
    double lat, tput;  /* ns per rnds2: dependent, independent (0: no probe) */
    double lanes;      /* ns per block of the lane kernels on independent streams */
} bk_floors;

enum { BK_RUN, BK_SKIPPED, BK_WRONG }; /* bk_row.skipped */

/* This run, kept for the table (print_kdf). */
static struct {
    bk_row rows[16];
    size_t nrows;
    int reps;
    uint64_t iterations;
    bk_floors floors;
    char backend[32];
} bk;

static void bk_share(char *buf, size_t n, double floor, double per_unit) {
    if (floor > 0)
        bench_fmt(buf, n, "%.0f%%", 100 * floor / per_unit);
    else
        buf[0] = '\0';
}

/* Row i's OpenSSL peer: the row after a fastsha256 row; for batches, the
 * single 32-byte derivation (the same work per derivation-iteration). */
static const bk_row *bk_peer(const bk_row *rows, size_t nrows, size_t i) {
    const bk_row *r = &rows[i];
    if (r->kind == BK_MANY) {
        for (size_t j = 0; j < nrows; j++)
            if (rows[j].kind == BK_OSSL && rows[j].outlen == 32 && !rows[j].skipped)
                return &rows[j];
        return NULL;
    }
    if ((r->kind == BK_FAST || r->kind == BK_HKDF_FAST) && i + 1 < nrows &&
        !rows[i + 1].skipped && rows[i + 1].outlen == r->outlen)
        return &rows[i + 1];
    return NULL;
}

/* What the table and the results show of row i: ns per call (best, median),
 * the floor shares and the ratio to its peer ("" where there is none). */
typedef struct bk_figures {
    double best, med, units;
    char strict[16], lanes[16], vs[16];
    const bk_row *peer;
    double peer_per_unit;
} bk_figures;

static void bk_figures_of(size_t i, bk_figures *g) {
    const bk_row *r = &bk.rows[i];
    g->units = bk_units(r);
    bk_stats(r, bk.reps, &g->best, &g->med);
    double per_unit = g->best / g->units;
    bk_share(g->strict, sizeof g->strict, bk_floor(r, bk.floors.lat, 32 * bk.floors.tput), per_unit);
    bk_share(g->lanes, sizeof g->lanes, bk_floor(r, bk.floors.lat, bk.floors.lanes), per_unit);
    g->vs[0] = '\0';
    g->peer = bk_peer(bk.rows, bk.nrows, i);
    g->peer_per_unit = 0;
    if (g->peer) {
        double pbest, pmed;
        bk_stats(g->peer, bk.reps, &pbest, &pmed);
        g->peer_per_unit = pbest / bk_units(g->peer);
        bench_fmt(g->vs, sizeof g->vs, "%.2fx", g->peer_per_unit / per_unit);
    }
}

static void bk_report(FILE *out) {
    fprintf(out, "\n%-32s %12s %12s %10s %8s %8s %9s\n", "who", "ms/call best", "ns/unit best",
            "ns/unit med", "rnds2 fl", "lanes fl", "vs peer");
    for (size_t i = 0; i < bk.nrows; i++) {
        const bk_row *r = &bk.rows[i];
        if (r->skipped == BK_WRONG)
            fprintf(out, "%-32s WRONG OUTPUT\n", r->name);
        if (r->skipped)
            continue;
        bk_figures g;
        bk_figures_of(i, &g);
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

static void bk_header(FILE *out, double core_hz) {
    const bk_floors *f = &bk.floors;
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

static void print_kdf(FILE *out, const br_meta *m) {
    if (bk.nrows == 0) /* --kdf did not run */
        return;
    bk_header(out, m->core_estimated ? m->core_hz : 0);
    bk_report(out);
}

/* --- The run ------------------------------------------------------------------ */

#ifdef BK_HAVE_EVP_KDF
static EVP_KDF *bk_kdf;
#endif

static void bk_openssl_init(void) {
#ifdef BK_HAVE_EVP_KDF
    bk_kdf = EVP_KDF_fetch(NULL, "HKDF", NULL);
    bk_hkdf_ctx = bk_kdf ? EVP_KDF_CTX_new(bk_kdf) : NULL;
    if (bk_hkdf_ctx == NULL) {
        fprintf(stderr, BENCH_PROG " --kdf: EVP_KDF HKDF unavailable\n");
        exit(1);
    }
#endif
}

static void bk_openssl_free(void) {
#ifdef BK_HAVE_EVP_KDF
    EVP_KDF_CTX_free(bk_hkdf_ctx);
    EVP_KDF_free(bk_kdf);
    bk_hkdf_ctx = NULL;
    bk_kdf = NULL;
#endif
}

static void bk_check_rows(const bench_ctx *c) {
    for (size_t i = 0; i < bk.nrows; i++) {
        bk_row *r = &bk.rows[i];
        if (!bk_available(c, r->kind) || r->iterations == 0)
            r->skipped = BK_SKIPPED;
        else
            r->skipped = bk_check(r) ? BK_RUN : BK_WRONG;
    }
}

/* Repetition by repetition, every row once: noise hits all rows alike. */
static void bk_time_rows(bench_ctx *c) {
    for (int rep = 0; rep < bk.reps; rep++)
        for (size_t i = 0; i < bk.nrows; i++) {
            bk_row *r = &bk.rows[i];
            if (r->skipped)
                continue;
            uint64_t t0 = bu_thread_cpu_ns();
            if (!bk_run(r, bk_out))
                c->failures++;
            r->ns[rep] = (double)(bu_thread_cpu_ns() - t0);
        }
}

static void bk_probe_result(const char *what, const char *unit, double ns) {
    br_row *r = bench_row("kdf", "probe", "", "%s", what);
    bench_fmt(r->unit, sizeof r->unit, "%s", unit);
    r->value = ns;
}

/* The rows of the CSV and JSON: the probes, then each derivation row's ns
 * per unit (value), next to its peer's. */
static void bk_add_results(bench_ctx *c) {
    if (bk.floors.lat > 0) {
        bk_probe_result("sha256rnds2 dependent", "ns", bk.floors.lat);
        bk_probe_result("sha256rnds2 independent", "ns", bk.floors.tput);
    }
    bk_probe_result("lane kernels on 16 streams", "ns/block", bk.floors.lanes);
    char ossl[32];
    bench_openssl_short_version(ossl, sizeof ossl);
    for (size_t i = 0; i < bk.nrows; i++) {
        const bk_row *k = &bk.rows[i];
        if (k->skipped == BK_SKIPPED)
            continue;
        int ours = k->kind != BK_OSSL && k->kind != BK_HKDF_OSSL;
        br_row *r = bench_row("kdf", ours ? "fastsha256" : "openssl", ours ? bk.backend : ossl,
                              "%s", k->name);
        r->size = k->outlen;
        r->count = k->iterations;
        r->reps = bk.reps;
        r->threads = 1;
        bench_row_check(c, r, k->skipped == BK_RUN);
        if (k->skipped)
            continue;
        bk_figures g;
        bk_figures_of(i, &g);
        bench_fmt(r->unit, sizeof r->unit, "%s", k->kind >= BK_HKDF_FAST ? "ns/call" : "ns/iteration");
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
    if (!bk_rnds2_probe(c, &bk.floors.lat, &bk.floors.tput))
        bk.floors.lat = bk.floors.tput = 0;
    bk.floors.lanes = bk_lanes_block_ns(c->opt.quick);
    if (!c->opt.no_openssl)
        bk_openssl_init();
    bk.nrows = bk_rows(bk.rows, bk.iterations);
    bk_check_rows(c);
    bk_time_rows(c);
    bk_add_results(c);
    bk_openssl_free();
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
