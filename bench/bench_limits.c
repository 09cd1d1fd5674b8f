/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* --limits: every path fastsha256 has, measured against this CPU's own
 * limit. The instruction probes (limits_probe.c) give each path's floor:
 * one stream is bound by its latency chain, many streams by the busiest
 * unit; bench_limits_floors.c derives the floors and bench_limits_paths.c
 * measures the paths. Rows are section "limits":
 * probes carry their cycles, paths their cycles next to the floor (peer),
 * and share = floor / measured. */
#define _GNU_SOURCE 1

#include <stdio.h>
#include <string.h>

#include "bench_limits.h"

static char cpu_id[160], cpu_stem[64];

static void print_limits(FILE *out, const bench_report_meta *m) {
    int head = 0;
    double clock_low, clock_high;
    bench_limits_clock_range(&clock_low, &clock_high);
    const bench_report_row *r;
    for (size_t i = 0; (r = bench_report_next("limits", &i));) {
        int probe = strcmp(r->who, "probe") == 0;
        if (!head) {
            fprintf(out, "\nLimits of this CPU: %s, %s\n", cpu_id, m->cpu_model);
            fprintf(out, "(core cycles: the core clock estimated next to every probe and row, "
                         "%.3f-%.3f GHz;\n each path timed in rounds, each round after the probes of its floor; floor = "
                         "the fastest probes\n of its rounds; share = floor / measured (median round), "
                         "and floor / best (its fastest\n half-millisecond chunk, or item where items "
                         "are timed alone))\n", clock_low, clock_high);
            (void)m;
            fprintf(out, "%-44s %10s %-16s %s\n", "probe", "median", "unit", "best");
            head = 1;
        } else if (head == 1 && !probe) {
            fprintf(out, "\n%-44s %-7s %9s %9s %-13s %8s %6s %6s %-9s %s\n", "path",
                    "backend", "measured", "best", "unit", "floor", "share", "best", "target",
                    "floor basis");
            head = 2;
        }
        if (probe) {
            fprintf(out, "%-44.44s %10.2f %-16s %s\n", r->style, r->value, r->unit, r->note);
            continue;
        }
        char share[16] = "-", best[16] = "-";
        if (r->peer_value > 0 && r->value > 0) {
            bench_fmt(share, sizeof share, "%.0f%%", 100 * r->peer_value / r->value);
            bench_fmt(best, sizeof best, "%.0f%%", 100 * r->peer_value / r->cyc_med);
        }
        fprintf(out, "%-44.44s %-7.7s %9.2f %9.2f %-13s %8.2f %6s %6s %-9s %s\n", r->style,
                r->backend, r->value, r->cyc_med, r->unit, r->peer_value, share, best,
                r->messages[0] ? r->messages : "-", r->peer);
        if (r->note[0])
            fprintf(out, "    %s\n", r->note);
    }
}

static void print_floors(const bench_limits_floors *f) {
    bench_progress("limits: floors per block: one stream %.1f (block latency %.1f), many "
                   "streams %.1f; SHA-NI %.1f / %.1f, AVX2 mix %.1f chain %.1f, AVX-512 mix "
                   "%.1f chain %.1f, ARMv8 %.1f / %.1f; hex %.1f (256-bit) %.1f (128-bit)\n",
                   f->one, f->block_lat, f->many, f->shani_one, f->shani_many, f->avx2_mix,
                   f->avx2_chain, f->avx512_mix, f->avx512_chain, f->arm_one, f->arm_many,
                   f->hex256, f->hex128);
}

static void run_limits(bench_ctx *c) {
    bench_machine_cpu_stem(cpu_id, sizeof cpu_id, cpu_stem, sizeof cpu_stem);
    bench_progress("limits: %s (%s); results file name: bench/results/cpus/%s.txt\n", cpu_id,
                   c->meta.cpu_model, cpu_stem);
    bench_progress("limits: core cycles = TSC cycles x %.3f\n", c->clk.core_per_tick);
    bench_limits_floors f;
    bench_limits_measure_floors(c, &f, 0, 1);
    print_floors(&f);
    bench_limits_run_paths(c, &f);
}

const bench_mode bench_mode_limits = {
    "limits",
    "every path against this CPU's own limit: instruction probes (SHA-NI,\n"
    "                      AVX2/AVX-512 lane mixes, hex, ARMv8), the floors they give,\n"
    "                      each path's cycles and its share of the floor",
    run_limits,
    print_limits,
};
