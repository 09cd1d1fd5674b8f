/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The seed rows' common steps, called by bench_seed.c and by the runtimes'
 * parts (bench_seed_js.c, bench_seed_python.c): apart from bench_seed.c so
 * that the parts it calls never call back into it. */
#include "bench_seed.h"

#include <string.h>

#include "bench_common.h"
#include "bench_stats.h"

void bench_seed_row_progress(const bench_report_row *r) {
    char rate[16];
    bench_report_fmt_rate(rate, sizeof rate, r->hps_med);
    bench_progress("      %s hashes/s%s%s\n", rate, r->outliers ? ", an outlier repetition" : "",
                   r->check < 0 ? "  CHECK FAILED" : "");
}

bench_report_row *bench_seed_runtime_row(bench_ctx *c, const char *who, int group,
                                         const char *style, const bench_peer_row *pr) {
    bench_report_row *r = bench_row("seed", who, pr->version, "%s", style);
    bench_spread sp = bench_spread_of(pr->rate, pr->nreps);
    bench_fmt(r->messages, sizeof r->messages, "same");
    r->group = group;
    r->size = BENCH_SEED_LEN;
    r->count = pr->count;
    r->threads = 1;
    r->reps = pr->nreps;
    r->hps_med = sp.med;
    r->hps_best = sp.max;
    r->hps_min = sp.min;
    r->outliers = sp.outliers;
    r->ns_med = sp.med > 0 ? 1e9 / sp.med : 0;
    r->ns_best = sp.max > 0 ? 1e9 / sp.max : 0;
    r->cyc_med = r->ns_med * c->clk.core_hz / 1e9;
    r->chunks = 0; /* not filtered: the runtimes time themselves */
    bench_row_check(c, r, strcmp(pr->last, BENCH_SEED_HEX) == 0);
    bench_seed_row_progress(r);
    return r;
}
