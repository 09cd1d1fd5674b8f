/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* --hmac (bench/README.md): fastsha256's HMAC styles next to OpenSSL's, ns
 * per message; the table adds the ratios that judge them. Every
 * row's tags are checked against fastsha256_hmac. */
#define _GNU_SOURCE 1

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_context.h"

#ifdef FASTSHA256_BENCH_HAVE_OPENSSL
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/opensslv.h>
#if OPENSSL_VERSION_NUMBER >= 0x30000000L
#include <openssl/core_names.h>
#include <openssl/params.h>
#define BENCH_HMAC_HAVE_EVP_MAC 1
#endif
#endif

enum { BENCH_HMAC_KEY_LEN = 32, BENCH_HMAC_MAX_LEN = 1024 };

typedef enum bench_hmac_style {
    BENCH_HMAC_ONESHOT, BENCH_HMAC_PREPARED, BENCH_HMAC_MANY,
    BENCH_HMAC_OSSL_HMAC, BENCH_HMAC_OSSL_CTX, BENCH_HMAC_OSSL_EVP_MAC, BENCH_HMAC_STYLES
} bench_hmac_style;

static const char *const bench_hmac_names[BENCH_HMAC_STYLES] = {
    "fastsha256_hmac (new key)", "fastsha256 prepared key", "fastsha256_hmac_many",
    "OpenSSL HMAC() (new key)", "OpenSSL HMAC_CTX reused", "OpenSSL EVP_MAC reused",
};

static const size_t bench_hmac_sizes[] = {14, 64, BENCH_HMAC_MAX_LEN};
static size_t bench_hmac_batch; /* of this run, for the table */

typedef struct bench_hmac_arg {
    bench_hmac_style style;
    size_t len, batch;
    uint8_t key[BENCH_HMAC_KEY_LEN];
    uint8_t *msgs;            /* batch records of len bytes, distinct */
    const void **ptrs;
    size_t *lens;
    uint8_t (*tags)[32];
    fastsha256_hmac_key prepared;
#ifdef FASTSHA256_BENCH_HAVE_OPENSSL
    HMAC_CTX *hctx;
#endif
#ifdef BENCH_HMAC_HAVE_EVP_MAC
    EVP_MAC *mac;
    EVP_MAC_CTX *mctx;
#endif
} bench_hmac_arg;

/* Items are messages; message i is record i % batch. */
static uint64_t bench_hmac_work(void *p, size_t start, size_t n, uint64_t acc) {
    bench_hmac_arg *a = (bench_hmac_arg *)p;
    uint8_t tag[32];
    if (a->style == BENCH_HMAC_MANY) {
        /* Whole batches (the plan's granule is the batch size). */
        for (size_t done = 0; done < n; done += a->batch) {
            fastsha256_hmac_many(&a->prepared, a->ptrs, a->lens, a->batch, a->tags);
            acc = bench_fold_digest(acc, a->tags[(start + done) / a->batch % a->batch]);
        }
        return acc;
    }
    for (size_t i = start; i < start + n; i++) {
        const uint8_t *m = a->msgs + (i % a->batch) * a->len;
        switch (a->style) {
        case BENCH_HMAC_ONESHOT:
            fastsha256_hmac(a->key, BENCH_HMAC_KEY_LEN, m, a->len, tag);
            break;
        case BENCH_HMAC_PREPARED: {
            fastsha256_hmac_ctx c;
            fastsha256_hmac_init(&c, &a->prepared);
            fastsha256_hmac_update(&c, m, a->len);
            fastsha256_hmac_final(&c, tag);
            break;
        }
#ifdef FASTSHA256_BENCH_HAVE_OPENSSL
        case BENCH_HMAC_OSSL_HMAC: {
            unsigned int tl = 0;
            HMAC(EVP_sha256(), a->key, BENCH_HMAC_KEY_LEN, m, a->len, tag, &tl);
            break;
        }
        case BENCH_HMAC_OSSL_CTX: {
            unsigned int tl = 0;
            HMAC_Init_ex(a->hctx, NULL, 0, NULL, NULL);
            HMAC_Update(a->hctx, m, a->len);
            HMAC_Final(a->hctx, tag, &tl);
            break;
        }
#endif
#ifdef BENCH_HMAC_HAVE_EVP_MAC
        case BENCH_HMAC_OSSL_EVP_MAC: {
            size_t tl = 0;
            EVP_MAC_init(a->mctx, NULL, 0, NULL);
            EVP_MAC_update(a->mctx, m, a->len);
            EVP_MAC_final(a->mctx, tag, &tl, sizeof tag);
            break;
        }
#endif
        default:
            memset(tag, 0, sizeof tag);
            break;
        }
        acc = bench_fold_digest(acc, tag);
    }
    return acc;
}

static int bench_hmac_available(const bench_ctx *c, bench_hmac_style s) {
    if (s < BENCH_HMAC_OSSL_HMAC)
        return 1;
    if (c->opt.no_openssl)
        return 0;
#if defined(BENCH_HMAC_HAVE_EVP_MAC)
    return 1;
#elif defined(FASTSHA256_BENCH_HAVE_OPENSSL)
    return s != BENCH_HMAC_OSSL_EVP_MAC;
#else
    return 0;
#endif
}

/* Tag of record i in style s, to check every style against fastsha256_hmac. */
static int bench_hmac_check(bench_hmac_arg *a) {
    uint8_t want[32];
    size_t i = a->batch - 1;
    fastsha256_hmac(a->key, BENCH_HMAC_KEY_LEN, a->msgs + i * a->len, a->len, want);
    if (a->style == BENCH_HMAC_MANY) {
        fastsha256_hmac_many(&a->prepared, a->ptrs, a->lens, a->batch, a->tags);
        return memcmp(a->tags[i], want, 32) == 0;
    }
    uint64_t got = bench_hmac_work(a, i, 1, 0), expect = bench_fold_digest(0, want);
    return got == expect;
}

/* OpenSSL's reused contexts, keyed once. */
static void bench_hmac_openssl_init(bench_hmac_arg *a) {
#ifdef FASTSHA256_BENCH_HAVE_OPENSSL
    a->hctx = HMAC_CTX_new();
    HMAC_Init_ex(a->hctx, a->key, BENCH_HMAC_KEY_LEN, EVP_sha256(), NULL);
#endif
#ifdef BENCH_HMAC_HAVE_EVP_MAC
    a->mac = EVP_MAC_fetch(NULL, "HMAC", NULL);
    a->mctx = a->mac ? EVP_MAC_CTX_new(a->mac) : NULL;
    OSSL_PARAM params[] = {
        OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, (char *)"SHA256", 0),
        OSSL_PARAM_construct_end()};
    if (!a->mctx || !EVP_MAC_init(a->mctx, a->key, BENCH_HMAC_KEY_LEN, params)) {
        fprintf(stderr, BENCH_PROG " --hmac: EVP_MAC HMAC unavailable\n");
        exit(1);
    }
#endif
    (void)a;
}

static void bench_hmac_init(const bench_ctx *c, bench_hmac_arg *a, size_t batch) {
    memset(a, 0, sizeof *a);
    for (size_t i = 0; i < BENCH_HMAC_KEY_LEN; i++)
        a->key[i] = (uint8_t)(0xa0 + i);
    a->batch = batch;
    a->msgs = bench_xmalloc(batch * BENCH_HMAC_MAX_LEN);
    a->ptrs = bench_xmalloc(batch * sizeof *a->ptrs);
    a->lens = bench_xmalloc(batch * sizeof *a->lens);
    a->tags = bench_xmalloc(batch * sizeof *a->tags);
    bench_fill_pattern(a->msgs, batch * BENCH_HMAC_MAX_LEN, 0x484d4143);
    fastsha256_hmac_key_init(&a->prepared, a->key, BENCH_HMAC_KEY_LEN);
    if (!c->opt.no_openssl)
        bench_hmac_openssl_init(a);
}

static void bench_hmac_free(bench_hmac_arg *a) {
    fastsha256_hmac_key_wipe(&a->prepared);
#ifdef FASTSHA256_BENCH_HAVE_OPENSSL
    HMAC_CTX_free(a->hctx);
#endif
#ifdef BENCH_HMAC_HAVE_EVP_MAC
    EVP_MAC_CTX_free(a->mctx);
    EVP_MAC_free(a->mac);
#endif
    free(a->msgs);
    free(a->ptrs);
    free(a->lens);
    free(a->tags);
}

/* Records of len bytes from now on. */
static void bench_hmac_set_len(bench_hmac_arg *a, size_t len) {
    a->len = len;
    for (size_t i = 0; i < a->batch; i++) {
        a->ptrs[i] = a->msgs + i * len;
        a->lens[i] = len;
    }
}

/* One row: a->style at a->len bytes, its tags checked first. */
static void bench_hmac_row(bench_ctx *c, bench_hmac_arg *a, const char *label, int reps) {
    int ours = a->style < BENCH_HMAC_OSSL_HMAC;
    bench_report_row *r =
        bench_row("hmac", ours ? "fastsha256" : "openssl",
                  ours ? label : bench_openssl_short_version(), "%s", bench_hmac_names[a->style]);
    r->size = a->len;
    if (!bench_hmac_check(a)) {
        bench_row_check(c, r, 0);
        bench_progress("  hmac %-6zu %-28s WRONG TAG\n", a->len, r->style);
        return;
    }
    size_t items = c->opt.quick ? 20000 : (a->len > 512 ? 200000 : 1000000);
    items = (items + a->batch - 1) / a->batch * a->batch;
    bench_plan plan = {items, a->batch * 64, 2.0, a->style == BENCH_HMAC_MANY ? a->batch : 1,
                       items / 10 / a->batch * a->batch + a->batch, reps, NULL};
    bench_result res;
    bench_measure(bench_hmac_work, a, &plan, &res);
    r->count = items;
    bench_row_measured(c, r, &res, a->len, 1);
    bench_row_check(c, r, 1);
    if (res.noisy)
        bench_fmt(r->note, sizeof r->note, "noisy: every chunk of a repetition was disturbed");
    bench_progress("  hmac %-6zu %-28s %10.1f ns/msg\n", a->len, r->style, r->ns_med);
}

static void run_hmac(bench_ctx *c) {
    bench_hmac_batch = c->opt.batch_given ? c->opt.batch : 256;
    int reps = c->opt.reps_given ? c->opt.reps : c->opt.quick ? 3 : 7;
    char label[32];
    bench_use_backend(c->opt.backend ? c->opt.backend : "auto", label, sizeof label);
    bench_progress("hmac: %zu sizes, batches of %zu, %d reps\n",
                   sizeof bench_hmac_sizes / sizeof bench_hmac_sizes[0], bench_hmac_batch, reps);
    bench_hmac_arg a;
    bench_hmac_init(c, &a, bench_hmac_batch);
    for (size_t s = 0; s < sizeof bench_hmac_sizes / sizeof bench_hmac_sizes[0]; s++) {
        bench_hmac_set_len(&a, bench_hmac_sizes[s]);
        for (int st = 0; st < BENCH_HMAC_STYLES; st++) {
            a.style = (bench_hmac_style)st;
            if (bench_hmac_available(c, a.style))
                bench_hmac_row(c, &a, label, reps);
        }
    }
    bench_hmac_free(&a);
    fastsha256_reset_backend();
}

/* --- Table ------------------------------------------------------------------- */

/* Best ns per message of style st at size bytes; 0: no verified row. */
static double bench_hmac_best(size_t size, bench_hmac_style st) {
    const bench_report_row *r;
    for (size_t i = 0; (r = bench_report_next("hmac", &i));)
        if (r->size == size && r->check > 0 && strcmp(r->style, bench_hmac_names[st]) == 0)
            return r->ns_best;
    return 0;
}

static void print_ratios(FILE *out, size_t size) {
    double best[BENCH_HMAC_STYLES];
    for (int st = 0; st < BENCH_HMAC_STYLES; st++)
        best[st] = bench_hmac_best(size, (bench_hmac_style)st);
    if (best[BENCH_HMAC_OSSL_HMAC] > 0 && best[BENCH_HMAC_OSSL_CTX] > 0)
        fprintf(out, "%-6zu ratios (best): hmac/HMAC() %.1fx; prepared/HMAC_CTX %.2fx; "
                     "hmac_many/HMAC_CTX %.1fx; hmac_many/EVP_MAC %.1fx\n",
                size, best[BENCH_HMAC_OSSL_HMAC] / best[BENCH_HMAC_ONESHOT],
                best[BENCH_HMAC_OSSL_CTX] / best[BENCH_HMAC_PREPARED],
                best[BENCH_HMAC_OSSL_CTX] / best[BENCH_HMAC_MANY],
                best[BENCH_HMAC_OSSL_EVP_MAC] > 0
                    ? best[BENCH_HMAC_OSSL_EVP_MAC] / best[BENCH_HMAC_MANY]
                    : 0.0);
}

/* The rows by size, each size's ratios after its rows. */
static void print_hmac(FILE *out, const bench_report_meta *m) {
    int head = 0;
    (void)m;
    for (size_t s = 0; s < sizeof bench_hmac_sizes / sizeof bench_hmac_sizes[0]; s++) {
        const bench_report_row *r;
        for (size_t i = 0; (r = bench_report_next("hmac", &i));) {
            if (r->size != bench_hmac_sizes[s])
                continue;
            if (!head++)
                fprintf(out, "\nHMAC-SHA256, %d-byte key: backend %s, hmac_many batches of %zu, "
                             "%d reps\n%-6s %-28s %12s %12s %10s\n", BENCH_HMAC_KEY_LEN, r->backend,
                        bench_hmac_batch, r->reps, "bytes", "who", "ns/msg med", "ns/msg best",
                        "Mmsg/s");
            if (r->check < 0)
                fprintf(out, "%-6zu %-28s  WRONG TAG\n", r->size, r->style);
            else
                fprintf(out, "%-6zu %-28s %12.1f %12.1f %10.2f%s\n", r->size, r->style, r->ns_med,
                        r->ns_best, 1e3 / r->ns_med, r->note[0] ? "  (noisy)" : "");
        }
        print_ratios(out, bench_hmac_sizes[s]);
    }
}

const bench_mode bench_mode_hmac = {
    "hmac",
    "HMAC-SHA256 of 14, 64 and 1024 bytes under a 32-byte key: fastsha256\n"
    "                      (new key, prepared key, hmac_many batches) next to OpenSSL\n"
    "                      (HMAC(), a reused HMAC_CTX, a reused EVP_MAC), ns per message",
    run_hmac,
    print_hmac,
};
