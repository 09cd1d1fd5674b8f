/* fastsha256-bench --hmac: HMAC-SHA256 per message, fastsha256 next to
 * OpenSSL libcrypto in the same run, at 14, 64 and 1024 bytes:
 *
 *   fastsha256_hmac        a new key every call (key blocks + message)
 *   prepared key           fastsha256_hmac_init/update/final per message
 *   fastsha256_hmac_many   batches under one prepared key
 *   HMAC()                 OpenSSL's one-shot, a new key every call
 *   HMAC_CTX reused        HMAC_Init_ex(ctx, NULL, ...) + Update + Final
 *   EVP_MAC reused         EVP_MAC_init(ctx, NULL key) + update + final
 *
 * Rows give the median and best ns per message over the repetitions
 * (bu_measure: chunked, descheduled chunks dropped), and the ratios the
 * issue sets targets for. Every row's tags are checked against
 * fastsha256_hmac. Options: --quick, --reps N, --batch N, --cpu N|none. */
#define _GNU_SOURCE 1

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_context.h"
#include "bench_hmac.h"
#include "bench_util.h"
#include "fastsha256.h"

#ifdef FASTSHA256_BENCH_HAVE_OPENSSL
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/opensslv.h>
#if OPENSSL_VERSION_NUMBER >= 0x30000000L
#include <openssl/core_names.h>
#include <openssl/params.h>
#define BH_HAVE_EVP_MAC 1
#endif
#endif

enum { BH_MAX_BATCH = 4096, BH_KEY_LEN = 32 };

typedef enum bh_style {
    BH_ONESHOT, BH_PREPARED, BH_MANY, BH_OSSL_HMAC, BH_OSSL_CTX, BH_OSSL_EVP_MAC, BH_STYLES
} bh_style;

static const char *const bh_names[BH_STYLES] = {
    "fastsha256_hmac (new key)", "fastsha256 prepared key", "fastsha256_hmac_many",
    "OpenSSL HMAC() (new key)", "OpenSSL HMAC_CTX reused", "OpenSSL EVP_MAC reused",
};

typedef struct bh_arg {
    bh_style style;
    size_t len, batch;
    uint8_t key[BH_KEY_LEN];
    uint8_t *msgs;            /* batch records of len bytes, distinct */
    const void **ptrs;
    size_t *lens;
    uint8_t (*tags)[32];
    fastsha256_hmac_key prepared;
#ifdef FASTSHA256_BENCH_HAVE_OPENSSL
    HMAC_CTX *hctx;
#endif
#ifdef BH_HAVE_EVP_MAC
    EVP_MAC_CTX *mctx;
#endif
} bh_arg;

static uint64_t fold(uint64_t acc, const uint8_t *tag) {
    uint64_t v;
    memcpy(&v, tag, sizeof v);
    return (acc ^ v) * 0x100000001b3ull;
}

/* Items are messages; message i is record i % batch. */
static uint64_t bh_work(void *p, size_t start, size_t n, uint64_t acc) {
    bh_arg *a = (bh_arg *)p;
    uint8_t tag[32];
    if (a->style == BH_MANY) {
        /* Whole batches (the plan's granule is the batch size). */
        for (size_t done = 0; done < n; done += a->batch) {
            fastsha256_hmac_many(&a->prepared, a->ptrs, a->lens, a->batch, a->tags);
            acc = fold(acc, a->tags[(start + done) / a->batch % a->batch]);
        }
        return acc;
    }
    for (size_t i = start; i < start + n; i++) {
        const uint8_t *m = a->msgs + (i % a->batch) * a->len;
        switch (a->style) {
        case BH_ONESHOT:
            fastsha256_hmac(a->key, BH_KEY_LEN, m, a->len, tag);
            break;
        case BH_PREPARED: {
            fastsha256_hmac_ctx c;
            fastsha256_hmac_init(&c, &a->prepared);
            fastsha256_hmac_update(&c, m, a->len);
            fastsha256_hmac_final(&c, tag);
            break;
        }
#ifdef FASTSHA256_BENCH_HAVE_OPENSSL
        case BH_OSSL_HMAC: {
            unsigned int tl = 0;
            HMAC(EVP_sha256(), a->key, BH_KEY_LEN, m, a->len, tag, &tl);
            break;
        }
        case BH_OSSL_CTX: {
            unsigned int tl = 0;
            HMAC_Init_ex(a->hctx, NULL, 0, NULL, NULL);
            HMAC_Update(a->hctx, m, a->len);
            HMAC_Final(a->hctx, tag, &tl);
            break;
        }
#endif
#ifdef BH_HAVE_EVP_MAC
        case BH_OSSL_EVP_MAC: {
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
        acc = fold(acc, tag);
    }
    return acc;
}

static int bh_available(bh_style s) {
    switch (s) {
    case BH_OSSL_HMAC:
    case BH_OSSL_CTX:
#ifdef FASTSHA256_BENCH_HAVE_OPENSSL
        return 1;
#else
        return 0;
#endif
    case BH_OSSL_EVP_MAC:
#ifdef BH_HAVE_EVP_MAC
        return 1;
#else
        return 0;
#endif
    default:
        return 1;
    }
}

/* Tag of record i in style s, to check every style against fastsha256_hmac. */
static int bh_check(bh_arg *a) {
    uint8_t want[32];
    size_t i = a->batch - 1;
    fastsha256_hmac(a->key, BH_KEY_LEN, a->msgs + i * a->len, a->len, want);
    if (a->style == BH_MANY) {
        fastsha256_hmac_many(&a->prepared, a->ptrs, a->lens, a->batch, a->tags);
        return memcmp(a->tags[i], want, 32) == 0;
    }
    uint64_t got = bh_work(a, i, 1, 0), expect = fold(0, want);
    return got == expect;
}

static void bh_usage(void) {
    printf("Usage: fastsha256-bench --hmac [--quick] [--reps N] [--batch N] [--cpu N|none]\n"
           "HMAC-SHA256 of 14-, 64- and 1024-byte messages under a 32-byte key: fastsha256\n"
           "(new key per call, prepared key per call, hmac_many batches) next to OpenSSL\n"
           "(HMAC(), a reused HMAC_CTX, a reused EVP_MAC), ns per message, median and best.\n");
}

int bh_main(int argc, char **argv) {
    int quick = 0, reps = 7, cpu = -1;
    size_t batch = 256;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--quick") == 0) {
            quick = 1;
        } else if (strcmp(argv[i], "--reps") == 0 && i + 1 < argc) {
            reps = atoi(argv[++i]);
        } else if (strcmp(argv[i], "--batch") == 0 && i + 1 < argc) {
            batch = strtoul(argv[++i], NULL, 10);
        } else if (strcmp(argv[i], "--cpu") == 0 && i + 1 < argc) {
            i++;
            cpu = strcmp(argv[i], "none") == 0 ? -2 : atoi(argv[i]);
        } else if (strcmp(argv[i], "--help") == 0) {
            bh_usage();
            return 0;
        } else {
            fprintf(stderr, "fastsha256-bench --hmac: unknown option '%s' (try --hmac --help)\n",
                    argv[i]);
            return 2;
        }
    }
    if (reps < 1 || reps > 64 || batch < 1 || batch > BH_MAX_BATCH) {
        fprintf(stderr, "fastsha256-bench --hmac: --reps 1..64, --batch 1..%d\n", BH_MAX_BATCH);
        return 2;
    }
    if (quick)
        reps = 3;
    bu_affinity_save();
    if (cpu != -2) {
        int c = cpu >= 0 ? cpu : bu_affinity_nth(bu_affinity_count() - 1);
        if (bu_pin_self(c) != 0)
            fprintf(stderr, "fastsha256-bench --hmac: could not pin to cpu %d\n", c);
        cpu = c;
    }
    char model[128];
    bu_cpu_model(model, sizeof model);
    printf("fastsha256-bench --hmac: %s, backend %s, pinned to cpu %d, batch %zu, %d reps\n",
           model, fastsha256_backend(), cpu, batch, reps);
#ifdef FASTSHA256_BENCH_HAVE_OPENSSL
    printf("OpenSSL: %s\n", OpenSSL_version(OPENSSL_VERSION));
#else
    printf("OpenSSL: not built in (no comparison rows)\n");
#endif
    bu_spin_ms(quick ? 20 : 200);

    static const size_t sizes[] = {14, 64, 1024};
    bh_arg a;
    memset(&a, 0, sizeof a);
    for (size_t i = 0; i < BH_KEY_LEN; i++)
        a.key[i] = (uint8_t)(0xa0 + i);
    a.batch = batch;
    a.msgs = malloc(batch * 1024);
    a.ptrs = malloc(batch * sizeof *a.ptrs);
    a.lens = malloc(batch * sizeof *a.lens);
    a.tags = malloc(batch * sizeof *a.tags);
    for (size_t i = 0; i < batch * 1024; i++)
        a.msgs[i] = (uint8_t)(i * 131 + (i >> 8));
    fastsha256_hmac_key_init(&a.prepared, a.key, BH_KEY_LEN);
#ifdef FASTSHA256_BENCH_HAVE_OPENSSL
    a.hctx = HMAC_CTX_new();
    HMAC_Init_ex(a.hctx, a.key, BH_KEY_LEN, EVP_sha256(), NULL);
#endif
#ifdef BH_HAVE_EVP_MAC
    EVP_MAC *mac = EVP_MAC_fetch(NULL, "HMAC", NULL);
    a.mctx = mac ? EVP_MAC_CTX_new(mac) : NULL;
    OSSL_PARAM params[] = {
        OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, (char *)"SHA256", 0),
        OSSL_PARAM_construct_end()};
    if (!a.mctx || !EVP_MAC_init(a.mctx, a.key, BH_KEY_LEN, params)) {
        fprintf(stderr, "fastsha256-bench --hmac: EVP_MAC HMAC unavailable\n");
        return 1;
    }
#endif

    int failed = 0;
    printf("\n%-6s %-28s %12s %12s %10s\n", "bytes", "who", "ns/msg med", "ns/msg best", "Mmsg/s");
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        double best[BH_STYLES] = {0};
        a.len = sizes[s];
        for (size_t i = 0; i < batch; i++) {
            a.ptrs[i] = a.msgs + i * a.len;
            a.lens[i] = a.len;
        }
        for (int st = 0; st < BH_STYLES; st++) {
            a.style = (bh_style)st;
            if (!bh_available(a.style))
                continue;
            if (!bh_check(&a)) {
                printf("%-6zu %-28s  WRONG TAG\n", a.len, bh_names[st]);
                failed = 1;
                continue;
            }
            size_t items = quick ? 20000 : (a.len > 512 ? 200000 : 1000000);
            items = (items + batch - 1) / batch * batch;
            bu_plan plan = {items, batch * 64, 2.0, a.style == BH_MANY ? batch : 1,
                            items / 10 / batch * batch + batch, reps, NULL};
            bu_result r;
            bu_measure(bh_work, &a, &plan, &r);
            best[st] = r.ns_best;
            printf("%-6zu %-28s %12.1f %12.1f %10.2f%s\n", a.len, bh_names[st], r.ns_med,
                   r.ns_best, 1e3 / r.ns_med, r.noisy ? "  (noisy)" : "");
        }
        if (best[BH_OSSL_HMAC] > 0 && best[BH_OSSL_CTX] > 0)
            printf("%-6zu ratios (best): hmac/HMAC() %.1fx; prepared/HMAC_CTX %.2fx; "
                   "hmac_many/HMAC_CTX %.1fx; hmac_many/EVP_MAC %.1fx\n",
                   a.len, best[BH_OSSL_HMAC] / best[BH_ONESHOT],
                   best[BH_OSSL_CTX] / best[BH_PREPARED], best[BH_OSSL_CTX] / best[BH_MANY],
                   best[BH_OSSL_EVP_MAC] > 0 ? best[BH_OSSL_EVP_MAC] / best[BH_MANY] : 0.0);
    }
    fastsha256_hmac_key_wipe(&a.prepared);
#ifdef FASTSHA256_BENCH_HAVE_OPENSSL
    HMAC_CTX_free(a.hctx);
#endif
#ifdef BH_HAVE_EVP_MAC
    EVP_MAC_CTX_free(a.mctx);
    EVP_MAC_free(mac);
#endif
    free(a.msgs);
    free(a.ptrs);
    free(a.lens);
    free(a.tags);
    return failed;
}

const bench_program bench_program_hmac = {
    "hmac",
    "hmac [...]",
    "HMAC-SHA256 vs OpenSSL (alone, first; --hmac --help)",
    bh_main,
};
