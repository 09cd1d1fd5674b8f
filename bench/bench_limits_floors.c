/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* --limits' floors: the instruction probes (limits_probe.c) run on this CPU,
 * the floor each kind of path gets from them, and a path's result row. Apart
 * from the mode (bench_limits.c) so that the paths and their rounds, which
 * the mode calls, call down into this file and never back into the mode. */
#define _GNU_SOURCE 1

#include <string.h>

#include "bench_limits.h"

static double clock_low, clock_high; /* GHz, over the estimates */

double bench_limits_core_per_tick(const bench_ctx *c) {
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

/* Floor per block of a backend's lanes with n streams: the busiest unit,
 * or the chain spread over the streams when there are too few to hide it
 * (a vector of w lanes with n < w busy costs as much as a full one). */
double bench_limits_lanes_floor(const bench_limits_floors *f, const char *backend, unsigned n) {
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

double bench_limits_path_floor(const bench_limits_floors *f, const bench_limits_path *p) {
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
