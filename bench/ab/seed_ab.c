/* Seed A/B (issue 14's first row): 1M distinct 14-byte messages
 * ("Hello 00000000", ...) to hex strings, in chunks of 4096, by
 * fastsha256_many (pointer array) + fastsha256_to_hex_many against OpenSSL's
 * SHA256_Init/Update/Final + a 256-entry table hex encoder, alternating in
 * one run on one core (run it under `taskset -c N`). Prints messages/s
 * (best and median of the rounds) and the median of the per-round ratios.
 * Usage: seed_ab [rounds] [messages] */
#define _GNU_SOURCE
#include <openssl/sha.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "fastsha256.h"

enum { CHUNK = 4096, MLEN = 14 };

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static char table[256][2];

static uint64_t fold(const char *hex) {
    uint64_t a, b;
    memcpy(&a, hex, 8);
    memcpy(&b, hex + 56, 8);
    return a ^ (b * 31);
}

static const void **ptrs;
static size_t *lens;

static uint64_t run_ours(const uint8_t *msgs, size_t n) {
    static uint8_t dig[CHUNK][32];
    static char hex[CHUNK][65];
    uint64_t acc = 0;
    (void)msgs;
    for (size_t done = 0; done < n; done += CHUNK) {
        size_t k = n - done < CHUNK ? n - done : CHUNK;
        fastsha256_many(ptrs + done, lens + done, k, dig);
        fastsha256_to_hex_many((const uint8_t(*)[32])dig, k, hex);
        for (size_t i = 0; i < k; i++)
            acc += fold(hex[i]);
    }
    return acc;
}

static uint64_t run_ossl(const uint8_t *msgs, size_t n) {
    uint64_t acc = 0;
    for (size_t i = 0; i < n; i++) {
        SHA256_CTX c;
        uint8_t d[32];
        char hex[65];
        SHA256_Init(&c);
        SHA256_Update(&c, msgs + i * 16, MLEN);
        SHA256_Final(d, &c);
        for (int j = 0; j < 32; j++)
            memcpy(hex + 2 * j, table[d[j]], 2);
        hex[64] = 0;
        acc += fold(hex);
    }
    return acc;
}

int main(int argc, char **argv) {
    int rounds = argc > 1 ? atoi(argv[1]) : 7;
    size_t n = argc > 2 ? (size_t)atol(argv[2]) : 1000000;
    if (rounds < 1 || rounds > 1000 || n < 1 || n > 100000000) {
        fprintf(stderr, "usage: seed_ab [rounds 1..1000] [messages]\n");
        return 2;
    }
    static const char digits[] = "0123456789abcdef";
    for (int i = 0; i < 256; i++) {
        table[i][0] = digits[i >> 4];
        table[i][1] = digits[i & 15];
    }
    uint8_t *msgs = malloc(n * 16);
    double *ours = calloc((size_t)rounds, sizeof *ours), *ossl = calloc((size_t)rounds, sizeof *ossl);
    double *pair = calloc((size_t)rounds, sizeof *pair);
    ptrs = malloc(n * sizeof *ptrs);
    lens = malloc(n * sizeof *lens);
    if (!msgs || !ours || !ossl || !pair || !ptrs || !lens)
        return 1;
    for (size_t i = 0; i < n; i++) {
        ptrs[i] = msgs + i * 16;
        lens[i] = MLEN;
        char m[16];
        snprintf(m, sizeof m, "Hello %08zx", i & 0xffffffffu);
        memcpy(msgs + i * 16, m, 16);
    }
    if (run_ours(msgs, n) != run_ossl(msgs, n)) {
        fprintf(stderr, "hex strings differ between fastsha256 and OpenSSL\n");
        return 1;
    }
    for (int r = 0; r < rounds; r++) {
        double t0 = now();
        uint64_t a = run_ours(msgs, n);
        double t1 = now();
        uint64_t b = run_ossl(msgs, n);
        double t2 = now();
        if (a != b)
            return 1;
        ours[r] = (double)n / (t1 - t0);
        ossl[r] = (double)n / (t2 - t1);
        pair[r] = ours[r] / ossl[r];
    }
    qsort(ours, (size_t)rounds, sizeof *ours, cmp_double);
    qsort(ossl, (size_t)rounds, sizeof *ossl, cmp_double);
    qsort(pair, (size_t)rounds, sizeof *pair, cmp_double);
    printf("seed: %zu distinct 14-byte messages to hex, chunks of %d, %d rounds (backend %s, hex %s)\n",
           n, CHUNK, rounds, fastsha256_backend(), fastsha256_hex_backend());
    printf("fastsha256_many + to_hex_many:        best %6.2f M/s  median %6.2f M/s\n",
           ours[rounds - 1] / 1e6, ours[rounds / 2] / 1e6);
    printf("SHA256_Init/Update/Final + table hex:  best %6.2f M/s  median %6.2f M/s\n",
           ossl[rounds - 1] / 1e6, ossl[rounds / 2] / 1e6);
    printf("ratio: median of per-round ratios %.2fx, of bests %.2fx\n", pair[rounds / 2],
           ours[rounds - 1] / ossl[rounds - 1]);
    free(msgs);
    free(ours);
    free(ossl);
    free(pair);
    free(ptrs);
    free(lens);
    return 0;
}
