/* How much can interleaving SHA-NI streams gain on this CPU? One stream's
 * blocks are a chain of 32 dependent sha256rnds2, so it runs at rnds2's
 * latency; independent streams (fastsha256_many, fastsha256_update_many)
 * can at best run at rnds2's throughput. This probe times both on the TSC,
 * plus rnds2 mixed with sha256msg1/msg2 in a block's proportion (12 + 12 per
 * 32 rnds2), and prints the per-block floors and the ceiling of the lanes'
 * gain (latency / throughput). Run it under `taskset -c N`.
 *   fastsha256-shani-probe [rounds=15]
 * x86-64 only (it uses xmm8..xmm15); exits 77 without SHA-NI. */
#include <cpuid.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <x86intrin.h>

#define ITERS 200000
#define PER_ITER 64 /* rnds2 per loop iteration in every probe */

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static int have_shani(void) {
    unsigned a, b, c, d;
    return __get_cpuid_count(7, 0, &a, &b, &c, &d) && (b & (1u << 29));
}

/* One chain: each rnds2 waits for the previous one (xmm1 <-> xmm2). */
static double rnds2_latency(void) {
    uint64_t t = __rdtsc();
    for (int i = 0; i < ITERS; i++)
        __asm__ volatile(".rept 32\n\t"
                         "sha256rnds2 %%xmm0, %%xmm1, %%xmm2\n\t"
                         "sha256rnds2 %%xmm0, %%xmm2, %%xmm1\n\t"
                         ".endr" ::: "xmm0", "xmm1", "xmm2");
    return (double)(__rdtsc() - t) / ((double)ITERS * PER_ITER);
}

/* Eight independent chains: rnds2's issue rate. */
static double rnds2_throughput(void) {
    uint64_t t = __rdtsc();
    for (int i = 0; i < ITERS; i++)
        __asm__ volatile(".rept 8\n\t"
                         "sha256rnds2 %%xmm0, %%xmm1, %%xmm2\n\t"
                         "sha256rnds2 %%xmm0, %%xmm3, %%xmm4\n\t"
                         "sha256rnds2 %%xmm0, %%xmm5, %%xmm6\n\t"
                         "sha256rnds2 %%xmm0, %%xmm7, %%xmm8\n\t"
                         "sha256rnds2 %%xmm0, %%xmm9, %%xmm10\n\t"
                         "sha256rnds2 %%xmm0, %%xmm11, %%xmm12\n\t"
                         "sha256rnds2 %%xmm0, %%xmm13, %%xmm14\n\t"
                         "sha256rnds2 %%xmm0, %%xmm15, %%xmm1\n\t"
                         ".endr" ::: "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6",
                         "xmm7", "xmm8", "xmm9", "xmm10", "xmm11", "xmm12", "xmm13", "xmm14",
                         "xmm15");
    return (double)(__rdtsc() - t) / ((double)ITERS * PER_ITER);
}

/* Four rnds2 chains with a block's share of schedule work (3 msg1 and 3
 * msg2 per 8 rnds2), all independent: the SHA unit's rate on a real block
 * mix, per rnds2. */
static double rnds2_with_schedule(void) {
    uint64_t t = __rdtsc();
    for (int i = 0; i < ITERS; i++)
        __asm__ volatile(".rept 8\n\t"
                         "sha256rnds2 %%xmm0, %%xmm1, %%xmm2\n\t"
                         "sha256msg1 %%xmm0, %%xmm9\n\t"
                         "sha256rnds2 %%xmm0, %%xmm3, %%xmm4\n\t"
                         "sha256msg2 %%xmm0, %%xmm10\n\t"
                         "sha256rnds2 %%xmm0, %%xmm5, %%xmm6\n\t"
                         "sha256msg1 %%xmm0, %%xmm11\n\t"
                         "sha256rnds2 %%xmm0, %%xmm7, %%xmm8\n\t"
                         "sha256rnds2 %%xmm0, %%xmm2, %%xmm1\n\t"
                         "sha256msg2 %%xmm0, %%xmm12\n\t"
                         "sha256rnds2 %%xmm0, %%xmm4, %%xmm3\n\t"
                         "sha256msg1 %%xmm0, %%xmm13\n\t"
                         "sha256rnds2 %%xmm0, %%xmm6, %%xmm5\n\t"
                         "sha256msg2 %%xmm0, %%xmm14\n\t"
                         "sha256rnds2 %%xmm0, %%xmm8, %%xmm7\n\t"
                         ".endr" ::: "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6",
                         "xmm7", "xmm8", "xmm9", "xmm10", "xmm11", "xmm12", "xmm13", "xmm14");
    return (double)(__rdtsc() - t) / ((double)ITERS * PER_ITER);
}

int main(int argc, char **argv) {
    int rounds = argc > 1 ? atoi(argv[1]) : 15;
    if (rounds < 1 || rounds > 1000) {
        fprintf(stderr, "usage: %s [rounds 1-1000]\n", argv[0]);
        return 2;
    }
    if (!have_shani()) {
        printf("no SHA-NI on this CPU\n");
        return 77;
    }
    double *lat = malloc(3 * (size_t)rounds * sizeof *lat);
    if (lat == NULL)
        return 1;
    double *tput = lat + rounds, *mixed = tput + rounds;
    for (int r = 0; r < rounds; r++) { /* interleaved, so load changes hit all three */
        lat[r] = rnds2_latency();
        tput[r] = rnds2_throughput();
        mixed[r] = rnds2_with_schedule();
    }
    qsort(lat, (size_t)rounds, sizeof *lat, cmp_double);
    qsort(tput, (size_t)rounds, sizeof *tput, cmp_double);
    qsort(mixed, (size_t)rounds, sizeof *mixed, cmp_double);
    double l = lat[rounds / 2], t = tput[rounds / 2], m = mixed[rounds / 2];
    printf("TSC ticks per sha256rnds2, median (best) of %d rounds:\n", rounds);
    printf("  latency (one chain)                  %6.2f (%.2f)\n", l, lat[0]);
    printf("  throughput (8 chains)                %6.2f (%.2f)\n", t, tput[0]);
    printf("  throughput with msg1/msg2 mixed in   %6.2f (%.2f)\n", m, mixed[0]);
    printf("per 64-byte block (32 rnds2): one stream >= %.1f, lanes >= %.1f (%.1f with the "
           "schedule)\n", 32 * l, 32 * t, 32 * m);
    printf("ceiling of the lanes' gain over one stream: %.2fx (%.2fx with the schedule)\n", l / t,
           l / m);
    free(lat);
    return 0;
}
