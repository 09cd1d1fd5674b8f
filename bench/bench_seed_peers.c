/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* --seed, the peers' rows: bench/peers.sh finds node, bun, deno and python3
 * and runs their programs (bench/js, bench/python/seed.py), one command per
 * group of the report; this reads their lines as they come: a line naming
 * the next row, then the row (it timed itself), or why it cannot run. The
 * JavaScript runtimes run as users run them, on every allowed CPU with their
 * JIT and GC threads; Python pinned like the C rows. */
#include <string.h>

#include "bench_context.h"

void bench_seed_row_progress(const bench_report_row *r) {
    char rate[16];
    bench_report_fmt_rate(rate, sizeof rate, r->hps_med);
    bench_progress("      %s hashes/s%s%s\n", rate, r->outliers ? ", an outlier repetition" : "",
                   r->check < 0 ? "  CHECK FAILED" : "");
}

static const char *const kinds[3] = {"node", "bun", "deno"};

typedef struct peer_group {
    bench_ctx *c;
    int group;
    const char *name;   /* peers.sh's name of the group */
    int rows_per_name;  /* rows after each naming line (seed.py prints four) */
    double rate;        /* rough messages per second of a row, for the plan */
    int named, rows;    /* a row was named; rows read since */
    char who[48], label[96], err[256];
} peer_group;

static peer_group groups[] = {
    {NULL, BENCH_GROUP_CREATEHASH, "createhash", 1, 6e5, 0, 0, "", "", ""},
    {NULL, BENCH_GROUP_WEBCRYPTO, "webcrypto", 1, 4e4, 0, 0, "", "", ""},
    {NULL, BENCH_GROUP_BUILTIN, "builtin", 1, 2e6, 0, 0, "", "", ""},
    {NULL, BENCH_GROUP_FROM_JS, "from_js", 1, 5e6, 0, 0, "", "", ""},
    {NULL, BENCH_GROUP_PYTHON, "python", 4, 1e6, 0, 0, "", "", ""},
    {NULL, BENCH_GROUP_NPM, "npm", 1, 1.5e6, 0, 0, "", "", ""},
};

static peer_group *group_of(int group) {
    for (size_t i = 0; i < sizeof groups / sizeof groups[0]; i++)
        if (groups[i].group == group)
            return &groups[i];
    return NULL;
}

static size_t count_of(const bench_ctx *c, int group) {
    switch (group) {
    case BENCH_GROUP_WEBCRYPTO: return c->opt.js_async_count;
    case BENCH_GROUP_NPM:
    case BENCH_GROUP_PYTHON: return c->opt.js_peer_count;
    default: return c->opt.js_count;
    }
}

/* Seconds a naming line's rows are expected to take: start-up, the warm-up
 * (0.4 of the count) and the count. */
static double expected(const bench_ctx *c, const peer_group *g) {
    return g->rows_per_name * (0.3 + 1.4 * (double)count_of(c, g->group) / g->rate);
}

static void on_version(void *arg, const char *line) {
    bench_ctx *c = (bench_ctx *)arg;
    bench_peer_row pr;
    int kind = bench_peer_parse(line, &pr);
    for (int k = 0; k < 3 && kind; k++) {
        if (strcmp(pr.runtime, kinds[k]) != 0)
            continue;
        if (kind == 2 || !pr.path[0]) {
            bench_report_js_missing(&c->meta, k);
            continue;
        }
        c->meta.js_found[k] = 1;
        bench_fmt(c->meta.js[k], sizeof c->meta.js[k], "%s %s (%s)", kinds[k], pr.version,
                  pr.path);
    }
}

void bench_seed_peers_discover(bench_ctx *c) {
    if (bench_peers_run(c, on_version, c, "versions") < 0)
        bench_fmt(c->meta.js[0], sizeof c->meta.js[0],
                  "bench/peers.sh not found (it runs the JS peers): use --js-dir");
}

static void count_named(void *arg, const char *line) {
    bench_peer_row pr;
    if (bench_peer_parse(line, &pr) == 3 && pr.who[0])
        ++*(int *)arg;
}

void bench_seed_peers_plan(const bench_ctx *c, int group) {
    peer_group *g = group_of(group);
    int named = 0;
    bench_peers_run(c, count_named, &named, "--list %s %zu %d", g->name, count_of(c, group),
                    c->opt.reps);
    if (named)
        bench_eta_plan(named * g->rows_per_name, named * expected(c, g));
}

/* The row named last printed none: say why. */
static void finish_named(peer_group *g) {
    if (g->named && g->rows == 0)
        bench_progress("      FAILED: %s\n", g->err[0] ? g->err : "no row printed");
    g->named = 0;
}

/* A row a peer program measured: the rates of its repetitions, the check of
 * its last hex digest. */
static void add_row(peer_group *g, const bench_peer_row *pr) {
    bench_report_row *r = bench_row("seed", g->who, pr->version, "%s",
                                    g->label[0] ? g->label : pr->style);
    bench_spread sp = bench_spread_of(pr->rate, pr->nreps);
    bench_fmt(r->messages, sizeof r->messages, "same");
    r->group = g->group;
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
    r->cyc_med = r->ns_med * g->c->clk.core_hz / 1e9;
    r->chunks = 0; /* not filtered: the runtimes time themselves */
    bench_fmt(r->note, sizeof r->note, "%s; %zu messages in %d repetitions",
              g->group == BENCH_GROUP_PYTHON ? "pinned" : "unpinned", pr->count, pr->nreps);
    bench_row_check(g->c, r, strcmp(pr->last, BENCH_SEED_HEX) == 0);
    bench_seed_row_progress(r);
    g->rows++;
}

static void on_line(void *arg, const char *line) {
    peer_group *g = (peer_group *)arg;
    bench_peer_row pr;
    switch (bench_peer_parse(line, &pr)) {
    case 1:
        add_row(g, &pr);
        return;
    case 2:
        bench_progress("      left out: %s\n", pr.missing);
        g->named = 0;
        return;
    case 3:
        if (!pr.who[0])
            return;
        finish_named(g);
        bench_fmt(g->who, sizeof g->who, "%s", pr.who);
        bench_fmt(g->label, sizeof g->label, "%s", pr.label);
        g->named = 1;
        g->rows = 0;
        g->err[0] = '\0';
        bench_eta_step(g->rows_per_name, expected(g->c, g), "%s %s", g->who,
                       g->label[0] ? g->label : "(bench/python/seed.py)");
        return;
    default:
        if (line[0]) /* a runtime's error message */
            bench_fmt(g->err, sizeof g->err, "%.200s", line);
    }
}

void bench_seed_peers_group(bench_ctx *c, int group) {
    peer_group *g = group_of(group);
    g->c = c;
    g->named = 0;
    bench_peers_run(c, on_line, g, "%s %zu %d", g->name, count_of(c, group), c->opt.reps);
    finish_named(g);
}

