/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* --limits, the rounds: a path is timed in rounds, each the probes its floor
 * comes from (short, in counter ticks) and then the path. On a shared host
 * the SHA unit, the clock and the memory system change from one second to
 * the next: the probes run next to every path and its floor is the fastest
 * they ran in its rounds. Shares are ratios of ticks, so the core clock
 * estimate does not enter them. */
#define _GNU_SOURCE 1

#include <string.h>

#include "bench_limits.h"

#define BENCH_LIMITS_MAX_ROUNDS 31

static int round_count(const bench_ctx *c) {
    int n = c->opt.quick ? 3 : 2 * c->opt.reps + 1;
    return n > BENCH_LIMITS_MAX_ROUNDS ? BENCH_LIMITS_MAX_ROUNDS : n;
}

/* An item of a millisecond or more outlasts a scheduler slice, so no chunk
 * of it runs undisturbed: it is timed alone in the thread's CPU time, after
 * an untimed one that brings its data back from where the probes left it. */
static double item_ticks_cpu_time(const bench_ctx *c, const bench_limits_path *p,
                                  bench_limits_arg *a, uint64_t *acc) {
    *acc = p->fn(a, 0, 1, *acc);
    uint64_t t0 = bench_thread_cpu_ns();
    *acc = p->fn(a, 0, 1, *acc);
    return (double)(bench_thread_cpu_ns() - t0) * 1e-9 * c->clk.tick_hz;
}

/* The same by the wall clock: the faster of two items after a warm one. */
static double item_ticks_wall(const bench_limits_path *p, bench_limits_arg *a, uint64_t *acc) {
    double best = 0;
    *acc = p->fn(a, 0, 1, *acc);
    for (int i = 0; i < 2; i++) {
        uint64_t t0 = bench_ticks();
        *acc = p->fn(a, 0, 1, *acc);
        double t = (double)(bench_ticks() - t0);
        best = best == 0 || t < best ? t : best;
    }
    return best;
}

/* Short items: one repetition of bench_measure_for (chunks of about half a
 * millisecond, those with a context switch dropped); one_rep has reps 1.
 * *fastest gets the fastest chunk's ticks per item: the probes' floors are
 * their fastest chunks of a fifth of a millisecond, so the path's best is
 * taken at a like grain. */
static double chunks_ticks(const bench_ctx *one_rep, const bench_limits_path *p,
                           bench_limits_arg *a, double *fastest) {
    void *args[1] = {a};
    bench_result res;
    bench_measure_for(one_rep, p->fn, args, 1, p->granule, one_rep->opt.quick ? 2.0 : 25.0, 1e9,
                      &res);
    *fastest = res.ticks_fastest > 0 ? res.ticks_fastest : res.ticks_med;
    return res.ticks_med;
}

typedef enum {
    BENCH_LIMITS_T_CHUNKS, BENCH_LIMITS_T_CPU_TIME, BENCH_LIMITS_T_WALL
} bench_limits_timing;

static bench_limits_timing choose_timing(const bench_limits_path *p, bench_limits_arg *a,
                                         int wall) {
    if (p->granule != 1)
        return BENCH_LIMITS_T_CHUNKS;
    uint64_t w0 = bench_wall_ns();
    (void)p->fn(a, 0, 1, BENCH_CHECK_INIT);
    if (bench_wall_ns() - w0 <= 1000000)
        return BENCH_LIMITS_T_CHUNKS;
    return wall ? BENCH_LIMITS_T_WALL : BENCH_LIMITS_T_CPU_TIME;
}

/* Per-round values: path ticks per item (the round's, and its fastest
 * chunk's), floor ticks per item, and core cycles per tick estimated after
 * the round. */
typedef struct bench_limits_round_log {
    int n;
    double path[BENCH_LIMITS_MAX_ROUNDS], fastest[BENCH_LIMITS_MAX_ROUNDS];
    double floor[BENCH_LIMITS_MAX_ROUNDS], cpt[BENCH_LIMITS_MAX_ROUNDS];
} bench_limits_round_log;

/* The floor is the fastest any round's probes ran (interference only ever
 * slows a probe); both shares are ratios of ticks. */
static void summarise(const bench_limits_round_log *r, bench_limits_measured *m) {
    double cyc[BENCH_LIMITS_MAX_ROUNDS] = {0}, floor = 0, fastest = 0;
    m->best = 0;
    for (int i = 0; i < r->n; i++) {
        cyc[i] = r->path[i] * r->cpt[i];
        if (r->floor[i] > 0 && (floor == 0 || r->floor[i] < floor))
            floor = r->floor[i];
        if (fastest == 0 || r->fastest[i] < fastest) {
            fastest = r->fastest[i];
            m->best = r->fastest[i] * r->cpt[i];
        }
    }
    m->rounds = r->n;
    m->median = bench_median(cyc, r->n);
    double path = bench_median(r->path, r->n);
    m->share = path > 0 ? floor / path : 0;
    m->best_share = fastest > 0 ? floor / fastest : 0;
}

/* One item's ticks by the chosen timing (*fastest: the same, or the
 * fastest chunk's). */
static double path_ticks(const bench_ctx *one_rep, const bench_limits_path *p, bench_limits_arg *a,
                         bench_limits_timing t, uint64_t *acc, double *fastest) {
    if (t == BENCH_LIMITS_T_CHUNKS)
        return chunks_ticks(one_rep, p, a, fastest);
    *fastest = t == BENCH_LIMITS_T_CPU_TIME ? item_ticks_cpu_time(one_rep, p, a, acc)
                                            : item_ticks_wall(p, a, acc);
    return *fastest;
}

void bench_limits_measure_path(const bench_ctx *c, const bench_limits_path *p, bench_limits_arg *a,
                               const bench_limits_floors *f, bench_limits_measured *m) {
    memset(m, 0, sizeof *m);
    bench_limits_timing timing = choose_timing(p, a, 0);
    bench_ctx one_rep = *c;
    one_rep.opt.reps = 1;
    bench_limits_round_log r;
    r.n = round_count(c);
    uint64_t acc = BENCH_CHECK_INIT;
    for (int i = 0; i < r.n; i++) {
        r.floor[i] = 0;
        if (bench_limits_path_floor(f, p) > 0) {
            bench_limits_floors now;
            bench_limits_measure_floors(c, &now, 1.0, 0);
            r.floor[i] = bench_limits_path_floor(&now, p) * bench_limits_path_units(p);
        }
        r.path[i] = path_ticks(&one_rep, p, a, timing, &acc, &r.fastest[i]);
        r.cpt[i] = bench_limits_core_per_tick(c);
    }
    summarise(&r, m);
    if (timing == BENCH_LIMITS_T_CPU_TIME)
        bench_fmt(m->note, sizeof m->note, "%d items, each timed in thread CPU time "
                  "(checksum %016llx)", r.n, (unsigned long long)acc);
}

void bench_limits_measure_against_openssl(const bench_ctx *c, const bench_limits_path *p,
                                          bench_limits_arg *a, int peer, bench_limits_measured *m) {
    memset(m, 0, sizeof *m);
    /* The child's run is the round's floor: its short form each round. */
    bench_ctx quick = *c;
    quick.opt.quick = 1;
    bench_limits_round_log r;
    r.n = c->opt.quick ? 1 : (c->opt.reps < 2 ? 2 : c->opt.reps);
    uint64_t acc = BENCH_CHECK_INIT;
    for (int i = 0; i < r.n; i++) {
        r.floor[i] = 0;
        if (peer) {
            bench_ossl_probe o = bench_run_openssl_probe(&quick, "~0x20000000000:~0x20000128");
            r.floor[i] = o.ok ? o.per_byte_16m * (double)p->size : 0;
        }
        r.path[i] = r.fastest[i] = item_ticks_wall(p, a, &acc);
        r.cpt[i] = bench_limits_core_per_tick(c);
    }
    summarise(&r, m);
}
