/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Instruction probes for fastsha256-bench --limits: on the running CPU, the
 * latency and reciprocal throughput of the instructions that bound each
 * path, and the throughput of each kernel's instruction mix with enough
 * independent work to fill every unit. Each probe is inline assembly run in
 * a timed loop; bench_probe_run turns it into core cycles per unit (median
 * and best of several repetitions). */
#ifndef FASTSHA256_BENCH_LIMITS_PROBE_H
#define FASTSHA256_BENCH_LIMITS_PROBE_H

#include <stddef.h>
#include <stdint.h>

/* Runs `iters` loop iterations, returns counter ticks. */
typedef uint64_t (*bench_probe_loop_fn)(uint64_t iters);

typedef struct bench_probe {
    const char *name;       /* "sha256rnds2 latency" */
    const char *isa;        /* "shani", "avx2", "avx512", "armv8", "" (always) */
    bench_probe_loop_fn loop;
    double units_per_iter;  /* instructions, rounds, blocks or digests per iteration */
    const char *unit;       /* what one unit is, for the table */
} bench_probe;

/* Every probe this build has for its architecture, NULL-terminated. */
extern const bench_probe *const bench_probes[];

/* Core cycles per unit of p: median and best of reps, each about ms long. */
void bench_probe_run(const bench_probe *p, double core_per_tick, int reps, double ms,
                     double *median, double *best);

#endif /* FASTSHA256_BENCH_LIMITS_PROBE_H */
