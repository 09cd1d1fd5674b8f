/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* --limits' floors: the instruction probes (limits_probe.c) run on this CPU,
 * the floor each kind of path gets from them, a path timed in rounds with
 * them, and a path's result row. Apart from the mode (bench_limits.c) so
 * that the paths, which the mode calls, call down into this file and never
 * back into the mode. */
#define _GNU_SOURCE 1

#include <string.h>

#include "bench_limits.h"

static double clock_low, clock_high; /* GHz, over the estimates */

/* Core cycles per counter tick now: the add-chain estimate, taken next to
 * each probe and row (the core clock of a shared machine moves during a
 * run); the lowest and highest seen go in the table's header. */
static double bench_limits_core_per_tick(const bench_ctx *c) {
    if (!c->clk.core_estimated)
        return c->clk.core_per_tick;
    /* An estimate far below the start's was itself disturbed (the add
     * chain switched out every try): once more, then the start's value. */
    double hz = bench_estimate_core_hz(c->clk.tick_hz, 1);
    if (hz < 0.85 * c->clk.core_hz)
        hz = bench_estimate_core_hz(c->clk.tick_hz, 1);
    if (hz < 0.85 * c->clk.core_hz)
        return c->clk.core_per_tick;
    if (clock_low == 0 || hz / 1e9 < clock_low)
        clock_low = hz / 1e9;
    if (hz / 1e9 > clock_high)
        clock_high = hz / 1e9;
    return hz / c->clk.tick_hz;
}

/* --- Probes --------------------------------------------------------------- */

static int isa_supported(const char *isa) {
    if (!isa[0])
        return 1;
    if (strcmp(isa, "ssse3") == 0)
        return bench_backend_supported("shani") || bench_backend_supported("avx2");
    return bench_backend_supported(isa);
}

/* Rows: the table's probe rows at full repetitions; else a round's quick
 * pass (one repetition of short chunks, the best chunk kept). */
static void run_probes(const bench_ctx *c, bench_limits_floors *f, double core_per_tick, int rows) {
    const int reps = rows ? (c->opt.quick ? 3 : 9) : 1;
    const double ms = rows ? (c->opt.quick ? 0.5 : 3.0) : 1.2;
    for (size_t i = 0; bench_probes[i] && f->nprobe < BENCH_LIMITS_MAX_PROBES; i++) {
        const bench_probe *p = bench_probes[i];
        if (!isa_supported(p->isa))
            continue;
        double med, best;
        double cpt = core_per_tick != 0 ? core_per_tick : bench_limits_core_per_tick(c);
        bench_probe_run(p, cpt, reps, ms, &med, &best);
        f->probe_name[f->nprobe] = p->name;
        /* A floor from the best chunk: disturbance only ever slows a probe. */
        f->probe[f->nprobe++] = best;
        if (!rows)
            continue;
        bench_report_row *r = bench_row("limits", "probe", p->isa, "%s", p->name);
        bench_fmt(r->unit, sizeof r->unit, "cycles/%s", p->unit);
        r->value = med;
        r->reps = reps;
        bench_fmt(r->note, sizeof r->note, "best %.2f", best);
        bench_progress("  probe %-40s %8.2f cycles/%s (best %.2f)\n", p->name, med, p->unit, best);
    }
}

/* A probe's best by name; 0 when it did not run. */
static double bench_limits_probe(const bench_limits_floors *f, const char *name) {
    for (int i = 0; i < f->nprobe; i++)
        if (strcmp(f->probe_name[i], name) == 0)
            return f->probe[i];
    return 0;
}

static double max2(double a, double b) { return a > b ? a : b; }

/* Floor per block of a backend's lanes with n streams: the busiest unit,
 * or the chain spread over the streams when there are too few to hide it
 * (a vector of w lanes with n < w busy costs as much as a full one). */
static double bench_limits_lanes_floor(const bench_limits_floors *f, const char *backend,
                                       unsigned n) {
    if (n == 0)
        return 0;
    if (strcmp(backend, "shani") == 0 && f->shani_many > 0)
        return max2(f->shani_many, f->shani_one / n);
    if (strcmp(backend, "armv8") == 0 && f->arm_many > 0)
        return max2(f->arm_many, f->arm_one / n);
    if (strcmp(backend, "avx2") == 0 && f->avx2_mix > 0) {
        unsigned busy = n < 8 ? n : 8;
        return max2(f->avx2_mix, f->avx2_chain / 8) * 8 / busy;
    }
    if (strcmp(backend, "avx512") == 0 && f->avx512_mix > 0) {
        unsigned w = n >= 32 ? 32 : 16, busy = n < w ? n : w;
        return max2(f->avx512_mix, f->avx512_chain / w) * w / busy;
    }
    return 0;
}

/* The floors per block from the probes (0: not on this CPU). */
static void derive_floors(bench_limits_floors *f) {
    double rnds2 = bench_limits_probe(f, "sha256rnds2 latency");
    if (rnds2 > 0) {
        f->shani_block_lat = 32 * rnds2;
        f->shani_one = f->shani_block_lat + bench_limits_probe(f, "paddd latency");
        f->shani_many = bench_limits_probe(f, "SHA-NI block mix, 5 streams");
    }
    double h = max2(bench_limits_probe(f, "sha256h latency"),
                    bench_limits_probe(f, "sha256h2 latency"));
    if (h > 0) {
        f->arm_block_lat = 16 * h;
        f->arm_one = f->arm_block_lat;
        f->arm_many = bench_limits_probe(f, "ARMv8 block mix, 4 streams");
    }
    f->avx2_mix = bench_limits_probe(f, "AVX2 lane mix (4 rounds + 3 sched)");
    f->avx2_chain = 64 * bench_limits_probe(f, "AVX2 round chain (e to e)");
    f->avx512_mix = bench_limits_probe(f, "AVX-512 lane mix (4 rounds + 3 sched)");
    f->avx512_chain = 64 * bench_limits_probe(f, "AVX-512 round chain (e to e)");
    f->hex256 = bench_limits_probe(f, "hex, 256-bit encoder mix");
    f->hex128 = bench_limits_probe(f, "hex, 128-bit encoder mix");
    f->int_mix = bench_limits_probe(f, "integer round mix (portable C)");
    /* The CPU's limits: the best any backend allows. */
    f->one = f->shani_one > 0 ? f->shani_one : f->arm_one;
    f->block_lat = f->shani_block_lat > 0 ? f->shani_block_lat : f->arm_block_lat;
    const char *lanes[] = {"shani", "armv8", "avx2", "avx512"};
    const unsigned widths[] = {16, 16, 8, 32};
    for (size_t i = 0; i < 4; i++) {
        double v = bench_limits_lanes_floor(f, lanes[i], widths[i]);
        if (v > 0 && (f->many == 0 || v < f->many))
            f->many = v;
    }
}

void bench_limits_measure_floors(const bench_ctx *c, bench_limits_floors *f, double core_per_tick,
                                 int rows) {
    memset(f, 0, sizeof *f);
    run_probes(c, f, core_per_tick, rows);
    derive_floors(f);
}

static double hex_floor(const bench_limits_floors *f) {
    const char *h = fastsha256_hex_backend();
    return strcmp(h, "avx2") == 0 ? f->hex256 : strcmp(h, "ssse3") == 0 ? f->hex128 : 0;
}

double bench_limits_path_units(const bench_limits_path *p) {
    if (p->units > 0)
        return p->units;
    return (double)(p->nmsg ? p->nmsg : 1) * (double)(p->size / 64 + 1);
}

/* The floor of p per unit in f's units (0: none on this CPU). */
static double bench_limits_path_floor(const bench_limits_floors *f, const bench_limits_path *p) {
    switch (p->floor) {
    case BENCH_LIMITS_F_ONE: return f->one;
    case BENCH_LIMITS_F_BLOCK_LAT: return f->block_lat;
    case BENCH_LIMITS_F_MANY: return f->many;
    case BENCH_LIMITS_F_LANES:
        return bench_limits_lanes_floor(f, p->backend ? p->backend : fastsha256_backend(),
                                        (unsigned)p->nmsg);
    case BENCH_LIMITS_F_SEED: return f->many > 0 ? f->many + hex_floor(f) : 0;
    case BENCH_LIMITS_F_HEX: return hex_floor(f);
    case BENCH_LIMITS_F_HMAC: return 3 * f->many;
    case BENCH_LIMITS_F_KDF_ONE: return 2 * f->one;
    case BENCH_LIMITS_F_KDF_MANY: return 2 * f->many;
    case BENCH_LIMITS_F_NONE: break;
    }
    return 0;
}

/* --- Rounds --------------------------------------------------------------------
 * A path is timed in rounds, each the probes its floor comes from (short, in
 * counter ticks) and then the path. On a shared host the SHA unit, the clock
 * and the memory system change from one second to the next: the probes run
 * next to every path and its floor is the fastest they ran in its rounds.
 * Shares are ratios of ticks, so the core clock estimate does not enter
 * them. */

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

/* --- Rows and table ---------------------------------------------------------- */

bench_report_row *bench_limits_row(const char *backend, const bench_limits_path *p,
                                   const bench_limits_measured *m, double units) {
    const double value = m->median / units, floor = m->share * value;
    bench_report_row *r = bench_row("limits", "fastsha256", backend, "%s", p->label);
    bench_fmt(r->unit, sizeof r->unit, "%s", p->unit);
    r->value = value;
    r->peer_value = floor;
    bench_fmt(r->peer, sizeof r->peer, "%s", floor > 0 ? p->basis : "no floor here");
    bench_fmt(r->messages, sizeof r->messages, "%s", p->target ? p->target : "");
    r->threads = 1;
    r->reps = m->rounds;
    /* The best round's value, as the best share has it (the floor and the
     * shares are in ticks; value and best in cycles at each round's clock). */
    r->cyc_med = m->best_share > 0 ? floor / m->best_share : m->best / units;
    bench_fmt(r->note, sizeof r->note, "%s", m->note);
    bench_progress("  %-52s %10.2f %-14s floor %8.2f  share %5.1f%%\n", p->label, value, p->unit,
                   floor, floor > 0 && value > 0 ? 100 * floor / value : 0);
    return r;
}

void bench_limits_clock_range(double *low, double *high) {
    *low = clock_low;
    *high = clock_high;
}
