/* Known-block A/B (issues 13 and 14): batches whose last block is padding
 * only, run with the lane kernels' rounds-only entry (rounds_wk) and fused
 * HMAC entry (hmac) and, in the same process, with copies of the active
 * backend whose lane kernels lack the HMAC entry, or both (the old path),
 * alternating round by round on one core (run it under `taskset -c N`);
 * OpenSSL's reused HMAC_CTX in the same rounds.
 * Rows: fastsha256_hmac_many (256 messages a call) and fastsha256_many on
 * len-byte messages, TSC ticks per message, best and median of the rounds,
 * and the ratios of the medians. Tags and digests of both sides are
 * compared. Usage: known_block_ab [rounds] [len] [calls] */
#define _GNU_SOURCE
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <x86intrin.h>

#include "fastsha256.h"
#include "internal.h"

enum { BATCH = 256, MAX_LEN = 4096 };

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static uint8_t storage[BATCH][MAX_LEN];
static const void *msgs[BATCH];
static size_t lens[BATCH];
static uint8_t tags[6][BATCH][32]; /* per side */

typedef enum { HMAC_MANY, MANY, OPENSSL_HMAC_CTX } side_kind;

static uint64_t run_side(side_kind kind, const fastsha256_hmac_key *k, HMAC_CTX *ctx,
                         uint32_t calls, uint8_t (*out)[32]) {
    uint64_t t0 = __rdtsc();
    for (uint32_t c = 0; c < calls; c++) {
        if (kind == HMAC_MANY) {
            fastsha256_hmac_many(k, msgs, lens, BATCH, out);
        } else if (kind == MANY) {
            fastsha256_many(msgs, lens, BATCH, out);
        } else {
            for (size_t i = 0; i < BATCH; i++) {
                unsigned int n = 32;
                HMAC_Init_ex(ctx, NULL, 0, NULL, NULL);
                HMAC_Update(ctx, msgs[i], lens[i]);
                HMAC_Final(ctx, out[i], &n);
            }
        }
    }
    return __rdtsc() - t0;
}

int main(int argc, char **argv) {
    int rounds = argc > 1 ? atoi(argv[1]) : 21;
    size_t len = argc > 2 ? (size_t)strtoul(argv[2], NULL, 10) : 64;
    uint32_t calls = argc > 3 ? (uint32_t)strtoul(argv[3], NULL, 10) : 40;
    if (rounds < 1 || rounds > 1000 || len > MAX_LEN || calls < 1) {
        fprintf(stderr, "usage: known_block_ab [rounds] [len <= %d] [calls]\n", MAX_LEN);
        return 2;
    }
    for (size_t i = 0; i < BATCH; i++) {
        for (size_t j = 0; j < len; j++)
            storage[i][j] = (uint8_t)(i * 131 + j * 7 + 1);
        msgs[i] = storage[i];
        lens[i] = len;
    }
    static const uint8_t key_bytes[32] = "a 32-byte key for HMAC-SHA-256!";
    fastsha256_hmac_key key;
    fastsha256_hmac_key_init(&key, key_bytes, sizeof key_bytes);
    HMAC_CTX *ctx = HMAC_CTX_new();
    HMAC_Init_ex(ctx, key_bytes, sizeof key_bytes, EVP_sha256(), NULL);

    /* The old path: the active flavour with rounds_wk and hmac taken out;
     * and with hmac alone taken out. */
    const fsha256_impl *with = fsha256_active();
    fsha256_lane_kernel lanes[2][8];
    size_t n = 0;
    for (; with->lanes[n].width && n < 7; n++) {
        lanes[0][n] = lanes[1][n] = with->lanes[n];
        lanes[0][n].rounds_wk = NULL;
        lanes[0][n].hmac = lanes[1][n].hmac = NULL;
    }
    lanes[0][n] = lanes[1][n] = (fsha256_lane_kernel){0, NULL, NULL, NULL, NULL};
    fsha256_impl without = *with, without_hmac = *with;
    without.lanes = lanes[0];
    without_hmac.lanes = lanes[1];

    static const char *const names[] = {"hmac_many, rounds_wk+hmac", "hmac_many, old path",
                                        "OpenSSL HMAC_CTX reused", "many, rounds_wk",
                                        "many, old path", "hmac_many, rounds_wk only"};
    enum { NSIDES = 6 };
    double *ticks[NSIDES];
    for (int s = 0; s < NSIDES; s++)
        ticks[s] = calloc((size_t)rounds, sizeof(double));
    int mismatch = 0;
    for (int r = -1; r < rounds; r++) { /* round -1 warms up */
        for (int s = 0; s < NSIDES; s++) {
            int old = s == 1 || s == 4 || s == 5;
            side_kind kind = s < 2 || s == 5 ? HMAC_MANY : s == 2 ? OPENSSL_HMAC_CTX : MANY;
            atomic_store(&fsha256_active_impl,
                         s == 5 ? &without_hmac : old ? &without : with);
            uint64_t t = run_side(kind, &key, ctx, calls, tags[s]);
            if (r >= 0)
                ticks[s][r] = (double)t / ((double)calls * BATCH);
        }
        /* Every HMAC side (OpenSSL's too) against the first; many's two. */
        if (memcmp(tags[0], tags[1], sizeof tags[0]) || memcmp(tags[0], tags[2], sizeof tags[0]) ||
            memcmp(tags[0], tags[5], sizeof tags[0]) || memcmp(tags[3], tags[4], sizeof tags[0]))
            mismatch = 1;
    }
    atomic_store(&fsha256_active_impl, with);
    printf("known_block_ab: backend %s, %zu-byte messages, %d rounds x %u calls of %d\n",
           with->name, len, rounds, calls, BATCH);
    double med[NSIDES];
    for (int s = 0; s < NSIDES; s++) {
        qsort(ticks[s], (size_t)rounds, sizeof(double), cmp_double);
        med[s] = ticks[s][rounds / 2];
        printf("%-26s best %8.1f  median %8.1f TSC ticks/message\n", names[s], ticks[s][0],
               med[s]);
    }
    printf("hmac_many vs HMAC_CTX: %.2fx (rounds_wk only %.2fx, old path %.2fx); against the "
           "old path: hmac_many %.3fx (rounds_wk only %.3fx), many %.3fx\n",
           med[2] / med[0], med[2] / med[5], med[2] / med[1], med[1] / med[0], med[1] / med[5],
           med[4] / med[3]);
    printf("tags (OpenSSL's included) and digests of all paths %s\n", mismatch ? "DIFFER" : "match");
    HMAC_CTX_free(ctx);
    fastsha256_hmac_key_wipe(&key);
    return mismatch;
}
