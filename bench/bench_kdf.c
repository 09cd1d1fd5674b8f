/* fastsha256-bench --kdf: key derivation next to OpenSSL libcrypto in the
 * same run.
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
 * checked against fastsha256's. Options: --quick, --reps N, --iterations N,
 * --cpu N|none. */
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

static void bk_usage(void) {
    printf("Usage: fastsha256-bench --kdf [--quick] [--reps N] [--iterations N] [--cpu N|none]\n"
           "PBKDF2-HMAC-SHA256 (600,000 iterations by default, 32- and 64-byte keys, one and\n"
           "2/4/8/16 derivations at once) and HKDF-SHA256 (32 and 8160 bytes), fastsha256 next\n"
           "to OpenSSL (PKCS5_PBKDF2_HMAC, EVP_KDF), with the sha256rnds2 floors measured here.\n");
}

static int bk_options(int argc, char **argv, int *quick, int *reps, uint64_t *c, int *cpu) {
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--quick") == 0) {
            *quick = 1;
        } else if (strcmp(argv[i], "--reps") == 0 && i + 1 < argc) {
            *reps = atoi(argv[++i]);
        } else if (strcmp(argv[i], "--iterations") == 0 && i + 1 < argc) {
            *c = strtoull(argv[++i], NULL, 10);
        } else if (strcmp(argv[i], "--cpu") == 0 && i + 1 < argc) {
            i++;
            *cpu = strcmp(argv[i], "none") == 0 ? -2 : atoi(argv[i]);
        } else if (strcmp(argv[i], "--help") == 0) {
            bk_usage();
            exit(0);
        } else {
            fprintf(stderr, "fastsha256-bench --kdf: unknown option '%s' (try --kdf --help)\n",
                    argv[i]);
            return 0;
        }
    }
    if (*reps < 1 || *reps > BK_MAX_REPS || *c < 16 || *c > 100000000) {
        fprintf(stderr, "fastsha256-bench --kdf: --reps 1..%d, --iterations 16..100000000\n",
                BK_MAX_REPS);
        return 0;
    }
    return 1;
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

static int bk_available(bk_kind k) {
#ifndef FASTSHA256_BENCH_HAVE_OPENSSL
    if (k == BK_OSSL)
        return 0;
#endif
#ifndef BK_HAVE_EVP_KDF
    if (k == BK_HKDF_OSSL)
        return 0;
#endif
    (void)k;
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

static void bk_report(bk_row *rows, size_t nrows, int reps, const bk_floors *f) {
    printf("\n%-32s %12s %12s %10s %8s %8s %9s\n", "who", "ms/call best", "ns/unit best",
           "ns/unit med", "rnds2 fl", "lanes fl", "vs peer");
    for (size_t i = 0; i < nrows; i++) {
        bk_row *r = &rows[i];
        if (r->skipped)
            continue;
        double best, med, units = bk_units(r);
        bk_stats(r, reps, &best, &med);
        char strict[16], lanes[16], vs[16] = "";
        bk_share(strict, sizeof strict, bk_floor(r, f->lat, 32 * f->tput), best / units);
        bk_share(lanes, sizeof lanes, bk_floor(r, f->lat, f->lanes), best / units);
        const bk_row *peer = bk_peer(rows, nrows, i);
        if (peer) {
            double pbest, pmed;
            bk_stats(peer, reps, &pbest, &pmed);
            bench_fmt(vs, sizeof vs, "%.2fx", (pbest / bk_units(peer)) / (best / units));
        }
        printf("%-32s %12.3f %12.1f %10.1f %8s %8s %9s\n", r->name, best / 1e6, best / units,
               med / units, strict, lanes, vs);
    }
    printf("units: PBKDF2 ns per derivation-iteration (two compressions), HKDF ns per call.\n"
           "rnds2 fl: share of the floor set by sha256rnds2 alone (64 in a row per chain, or\n"
           "its throughput for many chains); lanes fl: the same with the lane kernels' measured\n"
           "block throughput as the many-chain bound. vs peer: OpenSSL's best time over\n"
           "fastsha256's per unit, same output (batches: against one PKCS5_PBKDF2_HMAC\n"
           "derivation after another).\n");
}

static void bk_header(int cpu, int reps, uint64_t c, const bk_floors *f, double core_hz) {
    char model[128];
    bu_cpu_model(model, sizeof model);
    printf("fastsha256-bench --kdf: %s, backend %s, pinned to cpu %d, %d reps, %llu iterations\n",
           model, fastsha256_backend(), cpu, reps, (unsigned long long)c);
#ifdef FASTSHA256_BENCH_HAVE_OPENSSL
    printf("OpenSSL: %s\n", OpenSSL_version(OPENSSL_VERSION));
#else
    printf("OpenSSL: not built in (no comparison rows)\n");
#endif
    if (f->lat <= 0) {
        printf("sha256rnds2 probe: no SHA-NI here, no floor columns\n");
        return;
    }
    printf("sha256rnds2 probe: %.3f ns dependent, %.3f ns independent", f->lat, f->tput);
    if (core_hz > 0)
        printf(" (%.2f and %.2f cycles at ~%.2f GHz)", f->lat * core_hz / 1e9,
               f->tput * core_hz / 1e9, core_hz / 1e9);
    printf(";\nlane kernels on 16 independent streams: %.2f ns per block", f->lanes);
    if (core_hz > 0)
        printf(" (%.1f cycles)", f->lanes * core_hz / 1e9);
    printf(".\nFloors per derivation-iteration: one chain %.1f ns; many chains %.1f ns\n"
           "(rnds2 throughput), %.1f ns (lane kernels)\n",
           64 * f->lat, 64 * f->tput, 2 * f->lanes);
}

int bk_main(int argc, char **argv) {
    int quick = 0, reps = 5, cpu = -1;
    uint64_t c = 600000;
    if (!bk_options(argc, argv, &quick, &reps, &c, &cpu))
        return 2;
    if (quick) {
        reps = reps > 3 ? 3 : reps;
        c = c > 30000 ? 30000 : c;
    }
    bu_affinity_save();
    if (cpu != -2) {
        int want = cpu >= 0 ? cpu : bu_affinity_nth(bu_affinity_count() - 1);
        if (bu_pin_self(want) != 0)
            fprintf(stderr, "fastsha256-bench --kdf: could not pin to cpu %d\n", want);
        cpu = want;
    }
    bu_spin_ms(quick ? 20 : 200);
    bu_clock clk;
    bu_calibrate(&clk, quick);
    bk_floors floors = {0, 0, 0};
    if (!bk_rnds2_probe(&floors.lat, &floors.tput, quick))
        floors.lat = floors.tput = 0;
    floors.lanes = bk_lanes_block_ns(quick);
    bk_header(cpu, reps, c, &floors, clk.core_estimated ? clk.core_hz : 0);
#ifdef BK_HAVE_EVP_KDF
    EVP_KDF *kdf = EVP_KDF_fetch(NULL, "HKDF", NULL);
    bk_hkdf_ctx = kdf ? EVP_KDF_CTX_new(kdf) : NULL;
    if (bk_hkdf_ctx == NULL) {
        fprintf(stderr, "fastsha256-bench --kdf: EVP_KDF HKDF unavailable\n");
        return 1;
    }
#endif
    bk_row rows[16];
    size_t nrows = bk_rows(rows, c);
    int failed = 0;
    for (size_t i = 0; i < nrows; i++) {
        rows[i].skipped = !bk_available(rows[i].kind) || rows[i].iterations == 0;
        if (!rows[i].skipped && !bk_check(&rows[i])) {
            printf("%-32s WRONG OUTPUT\n", rows[i].name);
            rows[i].skipped = failed = 1;
        }
    }
    /* Repetition by repetition, every row once: noise hits all rows alike. */
    for (int rep = 0; rep < reps; rep++)
        for (size_t i = 0; i < nrows; i++) {
            if (rows[i].skipped)
                continue;
            uint64_t t0 = bu_thread_cpu_ns();
            if (!bk_run(&rows[i], bk_out))
                failed = 1;
            rows[i].ns[rep] = (double)(bu_thread_cpu_ns() - t0);
        }
    bk_report(rows, nrows, reps, &floors);
#ifdef BK_HAVE_EVP_KDF
    EVP_KDF_CTX_free(bk_hkdf_ctx);
    EVP_KDF_free(kdf);
#endif
    return failed;
}

const bench_program bench_program_kdf = {
    "kdf",
    "kdf [...]",
    "PBKDF2 and HKDF vs OpenSSL, with the rnds2 floors (alone; --kdf --help)",
    bk_main,
};
