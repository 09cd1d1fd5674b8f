/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Timing and noise control for fastsha256-bench: the cycle counter, its
 * calibration against the wall clock, an estimate of the core clock, CPU
 * pinning, the statistics of repetitions, and the chunked measurement loop
 * that drops chunks during which the thread was descheduled. */
#ifndef FASTSHA256_BENCH_UTIL_H
#define FASTSHA256_BENCH_UTIL_H

#include <stddef.h>
#include <stdint.h>

/* --- Clocks ---------------------------------------------------------------- */
uint64_t bench_ticks(void);           /* rdtsc / cntvct_el0 / CLOCK_MONOTONIC ns */
const char *bench_tick_source(void);  /* "TSC (rdtsc)", ... */
uint64_t bench_wall_ns(void);         /* CLOCK_MONOTONIC */
uint64_t bench_thread_cpu_ns(void);   /* CLOCK_THREAD_CPUTIME_ID */
long bench_thread_switches(void);     /* voluntary + involuntary, this thread */

typedef struct bench_clock {
    double tick_hz;        /* counter ticks per second */
    double core_hz;        /* estimated core clock at the start */
    double core_per_tick;  /* core cycles per counter tick, used for all rows */
    int core_estimated;    /* 0: no add-chain estimate here, cycles = ticks */
} bench_clock;

/* Measures the tick rate against CLOCK_MONOTONIC and the core clock with a
 * dependent add chain (one add per core cycle). */
void bench_calibrate(bench_clock *c, int quick);
/* Core clock now, in Hz (0 when not measurable on this architecture). */
double bench_estimate_core_hz(double tick_hz, int quick);

/* --- CPU pinning --------------------------------------------------------- */
/* Saves the process's allowed CPU set (call once, first). */
void bench_affinity_save(void);
int bench_affinity_count(void);           /* CPUs in the saved set */
int bench_affinity_nth(int n);            /* n-th CPU of the saved set, wrapping */
int bench_affinity_has(int cpu);
int bench_pin_self(int cpu);              /* 0 = done */
void bench_affinity_restore_self(void);   /* back to the saved set (for children) */

/* --- System description ------------------------------------------------------ */
const char *bench_compiler(void);

/* --- Statistics ------------------------------------------------------------ */
#define BENCH_MAX_REPS 64

/* A repetition further than this fraction from the median is an outlier:
 * flagged in the row, never part of its rate (the rate is the median). */
#define BENCH_OUTLIER_FRACTION 0.25

typedef struct bench_spread {
    double min, med, max;
    int outliers;
} bench_spread;

bench_spread bench_spread_of(const double *v, int n);
void bench_sort_doubles(double *v, size_t n); /* in place, smallest first */
/* Median of n doubles (sorts a copy; n <= BENCH_MAX_REPS): the mean of the
 * middle two for an even n. */
double bench_median(const double *v, int n);

/* --- Measurement ------------------------------------------------------------ */
/* Processes items [start, start + n) and returns acc updated with a checksum
 * of every output. Items of one run are visited in order, chunk by chunk. */
typedef uint64_t (*bench_work_fn)(void *arg, size_t start, size_t n, uint64_t acc);

/* Untimed preparation of items [start, start + n) before their chunk runs
 * (e.g. writing distinct messages), so that only the hashing is timed. */
typedef void (*bench_prep_fn)(void *arg, size_t start, size_t n);

typedef struct bench_plan {
    size_t items;        /* per repetition */
    size_t chunk;        /* items per timed chunk (rounded to `granule`); with
                            chunk_ms, the most items per chunk */
    double chunk_ms;     /* > 0: size chunks to about this long, from the
                            warm-up's speed (short chunks survive on a busy
                            machine: most fit in one scheduler time slice) */
    size_t granule;      /* chunk sizes are multiples of this (batch size) */
    size_t warmup;       /* items run untimed before the first repetition */
    int reps;
    bench_prep_fn prep;     /* optional; called with the chunk's range */
} bench_plan;

typedef struct bench_result {
    double ns_med, ns_best;       /* wall ns per item, median and best rep */
    double ns_worst;              /* the slowest rep */
    int outliers;                 /* reps far from the median (above) */
    double ticks_med;             /* counter ticks per item */
    double ticks_fastest;         /* per item, the fastest chunk (one thread only) */
    int reps;
    size_t chunks, discarded;     /* over all reps */
    uint64_t checksum;            /* of the first repetition */
    int checksum_stable;          /* every repetition produced it */
    int noisy;                    /* a rep had every chunk discarded: its
                                     value is then its fastest chunk's */
} bench_result;

void bench_measure(bench_work_fn fn, void *arg, const bench_plan *plan, bench_result *out);

/* Runs fn on nthreads threads at once (thread t gets args[t] and `items`
 * items of its own), each thread timed chunk by chunk as in bench_measure; a
 * repetition's rate is the sum of the threads' rates. Thread t is pinned to
 * the t-th CPU of the saved set counting from first_cpu (no pinning when
 * first_cpu < 0). ns/ticks per item are for all threads together. */
void bench_measure_threads(bench_work_fn fn, void *const *args, int nthreads, int first_cpu,
                           const bench_plan *plan, bench_result *out);

#endif /* FASTSHA256_BENCH_UTIL_H */
