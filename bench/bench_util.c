/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Timing and noise control for fastsha256-bench (see bench_common.h). */
#define _GNU_SOURCE 1

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "bench_common.h"

/* --- Clocks ---------------------------------------------------------------- */

static uint64_t clock_ns(clockid_t id) {
    struct timespec ts;
    clock_gettime(id, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

uint64_t bench_wall_ns(void) { return clock_ns(CLOCK_MONOTONIC); }
uint64_t bench_thread_cpu_ns(void) { return clock_ns(CLOCK_THREAD_CPUTIME_ID); }

long bench_thread_switches(void) {
    struct rusage ru;
#ifdef RUSAGE_THREAD
    if (getrusage(RUSAGE_THREAD, &ru) != 0)
#endif
        getrusage(RUSAGE_SELF, &ru);
    return ru.ru_nivcsw + ru.ru_nvcsw;
}

#if defined(__x86_64__) || defined(__i386__)
uint64_t bench_ticks(void) {
    uint32_t lo, hi;
    __asm__ __volatile__("lfence\n\trdtsc" : "=a"(lo), "=d"(hi)::"memory");
    return ((uint64_t)hi << 32) | lo;
}
const char *bench_tick_source(void) { return "TSC (rdtsc)"; }
#define BENCH_HAVE_ADD_CHAIN 1
/* 100 dependent register adds per call: 100 core cycles on every x86 core
 * with a 1-cycle ALU add (a register operand, so no renamer shortcut). */
static inline uint64_t add_chain_100(uint64_t x, uint64_t one) {
    __asm__ __volatile__(".rept 100\n\tadd %1, %0\n\t.endr" : "+r"(x) : "r"(one));
    return x;
}
#elif defined(__aarch64__)
uint64_t bench_ticks(void) {
    uint64_t v;
    __asm__ __volatile__("isb\n\tmrs %0, cntvct_el0" : "=r"(v)::"memory");
    return v;
}
const char *bench_tick_source(void) { return "generic timer (cntvct_el0)"; }
#define BENCH_HAVE_ADD_CHAIN 1
static inline uint64_t add_chain_100(uint64_t x, uint64_t one) {
    __asm__ __volatile__(".rept 100\n\tadd %0, %0, %1\n\t.endr" : "+r"(x) : "r"(one));
    return x;
}
#else
uint64_t bench_ticks(void) { return bench_wall_ns(); }
const char *bench_tick_source(void) { return "clock_gettime (ns)"; }
#endif

/* Busy-waits so the core leaves its idle clock before the first row. */
static void bench_spin_ms(unsigned ms) {
    uint64_t end = bench_wall_ns() + (uint64_t)ms * 1000000u;
    volatile uint64_t sink = 0;
    while (bench_wall_ns() < end)
        for (int i = 0; i < 1000; i++)
            sink = sink + (uint64_t)i;
}

static double measure_tick_hz(unsigned ms) {
    uint64_t w0 = bench_wall_ns(), k0 = bench_ticks();
    uint64_t end = w0 + (uint64_t)ms * 1000000u, w1;
    do
        w1 = bench_wall_ns();
    while (w1 < end);
    uint64_t k1 = bench_ticks();
    return (double)(k1 - k0) * 1e9 / (double)(w1 - w0);
}

double bench_estimate_core_hz(double tick_hz, int quick) {
#ifdef BENCH_HAVE_ADD_CHAIN
    /* Best of several short runs: the fastest is the one not disturbed. */
    const uint64_t calls = quick ? 10000 : 40000; /* 1e6 or 4e6 adds */
    const int tries = quick ? 7 : 15;
    uint64_t best = UINT64_MAX, x = 0;
    for (int t = 0; t < tries; t++) {
        uint64_t k0 = bench_ticks();
        for (uint64_t i = 0; i < calls; i++)
            x = add_chain_100(x, 1);
        uint64_t k1 = bench_ticks();
        if (k1 - k0 < best)
            best = k1 - k0;
    }
    if (x != calls * 100 * (uint64_t)tries || best == 0)
        return 0;
    return (double)(calls * 100) * tick_hz / (double)best;
#else
    (void)tick_hz;
    (void)quick;
    return 0;
#endif
}

void bench_calibrate(bench_clock *c, int quick) {
    memset(c, 0, sizeof *c);
    bench_spin_ms(quick ? 20 : 200);
    /* Best agreement of a few runs (a descheduled run only adds wall time,
     * which the tick counter also counts, so any run is fine; take the median). */
    double r[5];
    for (int i = 0; i < 5; i++)
        r[i] = measure_tick_hz(quick ? 4 : 20);
    c->tick_hz = bench_median(r, 5);
    c->core_hz = bench_estimate_core_hz(c->tick_hz, quick);
    c->core_estimated = c->core_hz > 0;
    c->core_per_tick = c->core_estimated ? c->core_hz / c->tick_hz : 1.0;
}

/* --- CPU pinning --------------------------------------------------------- */

static cpu_set_t saved_set;
static int saved_ok;

void bench_affinity_save(void) {
    CPU_ZERO(&saved_set);
    saved_ok = sched_getaffinity(0, sizeof saved_set, &saved_set) == 0;
}

int bench_affinity_count(void) { return saved_ok ? CPU_COUNT(&saved_set) : 1; }

int bench_affinity_has(int cpu) {
    return saved_ok && cpu >= 0 && cpu < CPU_SETSIZE && CPU_ISSET(cpu, &saved_set);
}

int bench_affinity_nth(int n) {
    int count = bench_affinity_count();
    if (!saved_ok || count <= 0)
        return 0;
    n %= count;
    if (n < 0)
        n += count;
    for (int cpu = 0; cpu < CPU_SETSIZE; cpu++)
        if (CPU_ISSET(cpu, &saved_set) && n-- == 0)
            return cpu;
    return 0;
}

int bench_pin_self(int cpu) {
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    return pthread_setaffinity_np(pthread_self(), sizeof set, &set) == 0 ? 0 : -1;
}

void bench_affinity_restore_self(void) {
    if (saved_ok)
        sched_setaffinity(0, sizeof saved_set, &saved_set);
}

/* --- System description ------------------------------------------------------ */

const char *bench_compiler(void) {
#if defined(__clang__)
    return "clang " __clang_version__;
#elif defined(__GNUC__)
    return "gcc " __VERSION__;
#else
    return "unknown compiler";
#endif
}

/* --- Measurement ------------------------------------------------------------
 * Every thread (one: the calling thread itself) runs the chunked loop on its
 * own items, all starting together; a repetition's rate is the sum of the
 * threads' rates over their undisturbed chunks. */

typedef struct rep_stats {
    double ns, ticks;          /* per item over the kept chunks */
    double fastest_ticks;      /* per item, the fastest chunk */
    size_t chunks, discarded;
    int noisy;
    uint64_t acc;
} rep_stats;

static size_t plan_chunk(const bench_plan *plan, size_t *items_out) {
    size_t granule = plan->granule ? plan->granule : 1;
    size_t items = plan->items ? plan->items : 1;
    size_t chunk = plan->chunk ? plan->chunk : items;
    chunk = (chunk + granule - 1) / granule * granule;
    if (chunk > items)
        chunk = items;
    *items_out = items;
    return chunk;
}

/* The warm-up, which also sizes the chunks when plan->chunk_ms is set:
 * returns the chunk size to use. */
static size_t run_warmup(bench_work_fn fn, void *arg, const bench_plan *plan) {
    size_t granule = plan->granule ? plan->granule : 1;
    size_t items, chunk = plan_chunk(plan, &items);
    if (!plan->warmup)
        return chunk;
    size_t w = plan->warmup < chunk ? plan->warmup : chunk;
    w = (w + granule - 1) / granule * granule;
    double best = 0; /* fastest ns per item of the warm-up's pieces */
    for (size_t done = 0; done < plan->warmup && done < items; done += w) {
        size_t n = items - done < w ? items - done : w;
        if (plan->prep)
            plan->prep(arg, done, n);
        uint64_t t0 = bench_wall_ns();
        (void)fn(arg, done, n, BENCH_CHECK_INIT);
        double per = (double)(bench_wall_ns() - t0) / (double)n;
        if (best == 0 || per < best)
            best = per;
    }
    if (plan->chunk_ms > 0 && best > 0) {
        size_t want = (size_t)(plan->chunk_ms * 1e6 / best);
        want = (want + granule - 1) / granule * granule;
        if (want < granule)
            want = granule;
        if (want < chunk)
            chunk = want;
    }
    return chunk;
}

/* One repetition on the calling thread: every item once, chunk by chunk;
 * chunks during which the thread was descheduled are left out. */
static void run_rep(bench_work_fn fn, void *arg, const bench_plan *plan, size_t chunk,
                    rep_stats *st) {
    size_t items;
    (void)plan_chunk(plan, &items);
    uint64_t acc = BENCH_CHECK_INIT;
    uint64_t kept_ns = 0, kept_ticks = 0;
    size_t kept_items = 0;
    double fastest_ns = 0, fastest_ticks = 0; /* per item, any chunk */
    memset(st, 0, sizeof *st);
    for (size_t start = 0; start < items;) {
        size_t n = items - start < chunk ? items - start : chunk;
        if (plan->prep)
            plan->prep(arg, start, n);
        long s0 = bench_thread_switches();
        uint64_t c0 = bench_thread_cpu_ns();
        uint64_t w0 = bench_wall_ns();
        uint64_t k0 = bench_ticks();
        acc = fn(arg, start, n, acc);
        uint64_t k1 = bench_ticks();
        uint64_t w1 = bench_wall_ns();
        uint64_t c1 = bench_thread_cpu_ns();
        long s1 = bench_thread_switches();
        uint64_t wall = w1 - w0, cpu = c1 - c0;
        /* Descheduled (or stolen by the hypervisor, which shows as wall
         * time the thread did not run): drop the chunk. */
        int bad = s1 != s0 || wall > cpu + 20000 + wall / 64;
        double per = (double)wall / (double)n;
        if (fastest_ns == 0 || per < fastest_ns) {
            fastest_ns = per;
            fastest_ticks = (double)(k1 - k0) / (double)n;
        }
        if (!bad) {
            kept_ns += wall;
            kept_ticks += k1 - k0;
            kept_items += n;
        } else {
            st->discarded++;
        }
        st->chunks++;
        start += n;
    }
    if (kept_items == 0) {
        /* Every chunk was disturbed (long chunks on a busy machine): the
         * fastest chunk is the least disturbed one. */
        st->noisy = 1;
        st->ns = fastest_ns;
        st->ticks = fastest_ticks;
    } else {
        st->ns = (double)kept_ns / (double)kept_items;
        st->ticks = (double)kept_ticks / (double)kept_items;
    }
    st->fastest_ticks = fastest_ticks;
    st->acc = acc;
}

typedef struct thread_job {
    bench_work_fn fn;
    void *arg;
    const bench_plan *plan;
    int cpu;
    int reps;
    pthread_barrier_t *start, *stop; /* NULL: one thread, the caller's */
    rep_stats st[BENCH_MAX_REPS];
} thread_job;

static void *thread_main(void *p) {
    thread_job *j = (thread_job *)p;
    if (j->cpu >= 0)
        (void)bench_pin_self(j->cpu);
    size_t chunk = run_warmup(j->fn, j->arg, j->plan);
    for (int r = 0; r < j->reps; r++) {
        if (j->start)
            pthread_barrier_wait(j->start);
        run_rep(j->fn, j->arg, j->plan, chunk, &j->st[r]);
        if (j->stop)
            pthread_barrier_wait(j->stop);
    }
    return NULL;
}

/* The threads' repetitions into out: per repetition the sum of their rates;
 * one thread's checksum as it is, several folded together. */
static void summarize(bench_result *out, const thread_job *jobs, int nthreads, int reps) {
    double ns[BENCH_MAX_REPS], ticks[BENCH_MAX_REPS];
    out->checksum_stable = 1;
    for (int r = 0; r < reps; r++) {
        double rate = 0, tick_rate = 0; /* items per ns, per tick: all threads */
        uint64_t acc = BENCH_CHECK_INIT;
        for (int t = 0; t < nthreads; t++) {
            const rep_stats *st = &jobs[t].st[r];
            rate += st->ns > 0 ? 1.0 / st->ns : 0;
            tick_rate += st->ticks > 0 ? 1.0 / st->ticks : 0;
            acc = nthreads == 1 ? st->acc : (acc ^ st->acc) * 0x100000001b3ull;
            out->chunks += st->chunks;
            out->discarded += st->discarded;
            out->noisy |= st->noisy;
        }
        ns[r] = nthreads == 1 ? jobs[0].st[r].ns : rate > 0 ? 1.0 / rate : 0;
        ticks[r] = nthreads == 1 ? jobs[0].st[r].ticks : tick_rate > 0 ? 1.0 / tick_rate : 0;
        if (nthreads == 1 && (r == 0 || jobs[0].st[r].fastest_ticks < out->ticks_fastest))
            out->ticks_fastest = jobs[0].st[r].fastest_ticks;
        if (r == 0)
            out->checksum = acc;
        else if (acc != out->checksum)
            out->checksum_stable = 0;
    }
    out->reps = reps;
    bench_spread s = bench_spread_of(ns, reps), t = bench_spread_of(ticks, reps);
    out->ns_med = s.med;
    out->ns_best = s.min;
    out->ns_worst = s.max;
    out->outliers = s.outliers;
    out->ticks_med = t.med;
}

void bench_measure(bench_work_fn fn, void *arg, const bench_plan *plan, bench_result *out) {
    bench_measure_threads(fn, &arg, 1, -1, plan, out);
}

void bench_measure_threads(bench_work_fn fn, void *const *args, int nthreads, int first_cpu,
                           const bench_plan *plan, bench_result *out) {
    nthreads = nthreads < 1 ? 1 : nthreads;
    int reps = plan->reps < 1 ? 1 : plan->reps > BENCH_MAX_REPS ? BENCH_MAX_REPS : plan->reps;
    thread_job *jobs = calloc((size_t)nthreads, sizeof *jobs);
    pthread_t *tids = calloc((size_t)nthreads, sizeof *tids);
    pthread_barrier_t start, stop;
    memset(out, 0, sizeof *out);
    if (!jobs || !tids) {
        fprintf(stderr, "fastsha256-bench: out of memory\n");
        exit(1);
    }
    /* The index of first_cpu in the saved set. */
    int base = 0;
    if (first_cpu >= 0)
        for (int i = 0; i < bench_affinity_count(); i++)
            if (bench_affinity_nth(i) == first_cpu)
                base = i;
    int many = nthreads > 1;
    if (many) {
        pthread_barrier_init(&start, NULL, (unsigned)nthreads + 1);
        pthread_barrier_init(&stop, NULL, (unsigned)nthreads + 1);
    }
    for (int t = 0; t < nthreads; t++) {
        jobs[t].fn = fn;
        jobs[t].arg = args[t];
        jobs[t].plan = plan;
        jobs[t].reps = reps;
        jobs[t].cpu = many && first_cpu >= 0 ? bench_affinity_nth(base + t) : -1;
        jobs[t].start = many ? &start : NULL;
        jobs[t].stop = many ? &stop : NULL;
        if (many && pthread_create(&tids[t], NULL, thread_main, &jobs[t]) != 0) {
            fprintf(stderr, "fastsha256-bench: pthread_create: %s\n", strerror(errno));
            exit(1);
        }
    }
    if (!many)
        thread_main(&jobs[0]);
    for (int r = 0; many && r < reps; r++) {
        pthread_barrier_wait(&start);
        pthread_barrier_wait(&stop);
    }
    for (int t = 0; many && t < nthreads; t++)
        pthread_join(tids[t], NULL);
    if (many) {
        pthread_barrier_destroy(&start);
        pthread_barrier_destroy(&stop);
    }
    summarize(out, jobs, nthreads, reps);
    free(jobs);
    free(tids);
}
