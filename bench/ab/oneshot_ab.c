/* One-call A/B: 14-byte fastsha256() against OpenSSL's SHA256_Init/Update/
 * Final, alternating in one run on one core (run it under `taskset -c N`).
 * Each round times `calls` messages per side on the TSC (256 distinct
 * ones, `HHHHHH00000000`.. for 14 bytes, or with `fresh` one rewritten
 * before each call); the digests are folded so nothing is skipped. Prints the
 * best and median TSC and core cycles per call of each side and the ratio of
 * the medians. Core cycles come from the core/TSC ratio of a chain of
 * dependent adds (one per core cycle). Usage: oneshot_ab [rounds] [calls] [len] [fresh] */
#define _GNU_SOURCE
#include <openssl/sha.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <x86intrin.h>

#include "fastsha256.h"

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Core cycles per TSC tick: 2^20 dependent adds take 2^20 core cycles. */
static double core_per_tsc(void) {
    double best = 0;
    for (int r = 0; r < 3; r++) {
        uint64_t x = 0, n = 1u << 20;
        uint64_t t0 = __rdtsc();
        for (uint64_t i = 0; i < n; i++)
            __asm__ volatile("add $1, %0" : "+r"(x));
        uint64_t t = __rdtsc() - t0;
        double ratio = (double)n / (double)t;
        if (ratio > best)
            best = ratio;
    }
    return best;
}

static void make_msg(uint8_t *m, size_t len, uint32_t i) {
    static const char hex[] = "0123456789abcdef";
    memset(m, 'H', len);
    for (int d = 0; d < 8 && (size_t)d < len; d++)
        m[len - 1 - d] = (uint8_t)hex[(i >> (4 * d)) & 15];
}

/* Messages: 256 distinct ones, 64 bytes apart (16 KiB, L1-resident), written
 * once; or, with `fresh`, one buffer whose last byte is rewritten before each
 * call (a message just built by the caller: its byte store then feeds the
 * hash's wider loads, which store-to-load forwarding cannot serve). */
enum { NMSG = 256, MSG_STRIDE = 64 };
static uint8_t msgs[NMSG * MSG_STRIDE];
static int fresh;

static uint64_t run_ours(uint32_t calls, size_t len) {
    uint8_t d[32];
    uint64_t acc = 0;
    for (uint32_t i = 0; i < calls; i++) {
        uint8_t *m = msgs + (fresh ? 0 : (i % NMSG) * MSG_STRIDE);
        if (fresh)
            m[len - 1] = (uint8_t)('0' + (i & 7));
        fastsha256(m, len, d);
        uint64_t w;
        memcpy(&w, d, 8);
        acc += w;
    }
    return acc;
}

static uint64_t run_ossl(uint32_t calls, size_t len) {
    uint8_t d[32];
    uint64_t acc = 0;
    for (uint32_t i = 0; i < calls; i++) {
        SHA256_CTX c;
        uint8_t *m = msgs + (fresh ? 0 : (i % NMSG) * MSG_STRIDE);
        if (fresh)
            m[len - 1] = (uint8_t)('0' + (i & 7));
        SHA256_Init(&c);
        SHA256_Update(&c, m, len);
        SHA256_Final(d, &c);
        uint64_t w;
        memcpy(&w, d, 8);
        acc += w;
    }
    return acc;
}

int main(int argc, char **argv) {
    int rounds = argc > 1 ? atoi(argv[1]) : 11;
    uint32_t calls = argc > 2 ? (uint32_t)atoi(argv[2]) : 20000;
    size_t len = argc > 3 ? (size_t)atoi(argv[3]) : 14;
    fresh = argc > 4 && strcmp(argv[4], "fresh") == 0;
    if (rounds < 1 || rounds > 1000 || calls < 1 || len < 1 || len > 64) {
        fprintf(stderr, "usage: oneshot_ab [rounds 1..1000] [calls] [len 1..64] [fresh]\n");
        return 2;
    }
    for (uint32_t i = 0; i < NMSG; i++)
        make_msg(msgs + i * MSG_STRIDE, len, i);
    double *ours = calloc((size_t)rounds, sizeof *ours), *ossl = calloc((size_t)rounds, sizeof *ossl);
    double *ours_core = calloc((size_t)rounds, sizeof *ours), *ossl_core = calloc((size_t)rounds, sizeof *ossl);
    double *ratios = calloc((size_t)rounds, sizeof *ratios);
    double *pair = calloc((size_t)rounds, sizeof *pair); /* OpenSSL / ours, per round */
    uint64_t a1 = 0, a2 = 0;
    a1 += run_ours(calls, len); /* warm-up, and the first-use dispatch */
    a2 += run_ossl(calls, len);
    for (int r = 0; r < rounds; r++) {
        double ratio = core_per_tsc();
        uint64_t t0 = __rdtsc();
        a1 += run_ours(calls, len);
        uint64_t t1 = __rdtsc();
        a2 += run_ossl(calls, len);
        uint64_t t2 = __rdtsc();
        ours[r] = (double)(t1 - t0) / calls;
        ossl[r] = (double)(t2 - t1) / calls;
        ratio = (ratio + core_per_tsc()) / 2;
        ratios[r] = ratio;
        pair[r] = ossl[r] / ours[r];
        ours_core[r] = ours[r] * ratio;
        ossl_core[r] = ossl[r] * ratio;
    }
    if (a1 != a2) {
        fprintf(stderr, "digest mismatch between fastsha256 and OpenSSL\n");
        return 1;
    }
    qsort(ours, (size_t)rounds, sizeof *ours, cmp_double);
    qsort(ossl, (size_t)rounds, sizeof *ossl, cmp_double);
    qsort(ours_core, (size_t)rounds, sizeof *ours, cmp_double);
    qsort(ossl_core, (size_t)rounds, sizeof *ossl, cmp_double);
    qsort(ratios, (size_t)rounds, sizeof *ratios, cmp_double);
    qsort(pair, (size_t)rounds, sizeof *pair, cmp_double);
    double ratio = ratios[rounds / 2];
    double mo = ours[rounds / 2], ms = ossl[rounds / 2];
    printf("backend %s, %zu-byte messages (%s), %d rounds x %u calls, core/TSC median %.3f\n",
           fastsha256_backend(), len, fresh ? "one, rewritten before each call" : "256 distinct",
           rounds, calls, ratio);
    printf("fastsha256():             TSC cycles best %6.1f median %6.1f; core cycles best %6.1f median %6.1f\n",
           ours[0], mo, ours_core[0], ours_core[rounds / 2]);
    printf("SHA256_Init/Update/Final: TSC cycles best %6.1f median %6.1f; core cycles best %6.1f median %6.1f\n",
           ossl[0], ms, ossl_core[0], ossl_core[rounds / 2]);
    printf("ratio (OpenSSL / fastsha256): median of per-round ratios %.2fx, of medians %.2fx, of bests %.2fx\n",
           pair[rounds / 2], ms / mo, ossl[0] / ours[0]);
    free(ours);
    free(ossl);
    free(ours_core);
    free(ossl_core);
    free(ratios);
    free(pair);
    return 0;
}
