/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The seed's answer, first: Node, Bun and Deno in the seed's own two styles
 * and with their fastest built-ins (not in the seed), ranked per style with
 * the spread of the repetitions and the seed article's 2022 figures beside
 * them; then one line per style naming the fastest runtime here. */
#include "bench_report.h"

#include <string.h>

#include "bench_common.h"

static const char *const runtimes[3] = {"node", "bun", "deno"};
static const char *const names[3] = {"Node", "Bun", "Deno"};

/* The seed article's 2022 figures, in thousands of hashes per second; 0:
 * none (Deno then had only WebCrypto). */
static const double ref_2022[2][3] = {{1225, 150, 0}, {123, 0, 77}};

static const struct {
    int group;
    const char *title, *short_name;
} styles[] = {
    {BENCH_GROUP_CREATEHASH, "createHash, the seed's synchronous style", "createHash"},
    {BENCH_GROUP_WEBCRYPTO, "WebCrypto, the seed's asynchronous style", "WebCrypto"},
    {BENCH_GROUP_BUILTIN, "Each runtime's fastest built-in one-shot (not in the seed)",
     "fastest built-in (not in the seed)"},
};

static int runtime_of(const char *who) {
    for (int k = 0; k < 3; k++)
        if (strcmp(who, runtimes[k]) == 0)
            return k;
    return -1;
}

void bench_report_fmt_spread(char *buf, size_t n, const bench_report_row *r) {
    char lo[16], hi[16];
    bench_report_fmt_rate(lo, sizeof lo, r->hps_min > 0 ? r->hps_min : r->hps_med);
    bench_report_fmt_rate(hi, sizeof hi, r->hps_best);
    bench_fmt(buf, n, "%s-%s%s", lo, hi,
              r->outliers ? (r->outliers == 1 ? " (1 outlier rep)" : " (outlier reps)") : "");
}

/* The group's rows, fastest first (insertion sort: a handful of rows). */
size_t bench_report_ranked(int group, const bench_report_row **out, size_t max) {
    size_t n = 0;
    const bench_report_row *r;
    for (size_t i = 0; (r = bench_report_next("seed", &i));) {
        if (r->group != group || n == max)
            continue;
        size_t j = n++;
        while (j > 0 && out[j - 1]->hps_med < r->hps_med) {
            out[j] = out[j - 1];
            j--;
        }
        out[j] = r;
    }
    return n;
}

static void add_style(bench_table *t, size_t s, const bench_report_meta *m) {
    const bench_report_row *rows[16];
    size_t n = bench_report_ranked(styles[s].group, rows, 16);
    char title[160];
    bench_fmt(title, sizeof title, "%s, %s messages%s", styles[s].title,
              bench_report_count_text(styles[s].group == BENCH_GROUP_WEBCRYPTO ? m->js_async_count
                                                                                : m->js_count).s,
              n ? "" : ": no rows");
    bench_table_line(t, title);
    for (size_t i = 0; i < n; i++) {
        const bench_report_row *r = rows[i];
        int k = runtime_of(r->who);
        char rank[8], who[96], spread[64], ref[40] = "";
        bench_fmt(rank, sizeof rank, "%zu", i + 1);
        bench_fmt(who, sizeof who, "%s %s", r->who, r->backend);
        bench_report_fmt_spread(spread, sizeof spread, r);
        if (s < 2 && k >= 0)
            bench_fmt(ref, sizeof ref, "%s%s",
                      ref_2022[s][k] > 0 ? bench_report_count_text(ref_2022[s][k]).s : "-",
                      ref_2022[s][k] > 0 ? "k" : "");
        const char *cells[] = {rank, who, r->style, bench_report_rate(r->hps_med).s, spread,
                               s < 2 ? ref : "(not in the seed)", bench_report_check_text(r->check)};
        bench_table_row(t, cells);
    }
}

void bench_report_js_missing(bench_report_meta *m, int k) {
    m->js_found[k] = 0;
    bench_fmt(m->js[k], sizeof m->js[k], "%s: not found (bench/install-js-runtimes.sh installs %s)",
              runtimes[k], k == 0 ? "bun and deno; node: apt-get install nodejs" : "it");
}

/* "createHash: Bun is the fastest here, 1.08M/s: 1.12x Deno, 2.10x Node." */
static void print_answer_line(FILE *out, const bench_report_meta *m, size_t s) {
    const bench_report_row *rows[16];
    size_t n = bench_report_ranked(styles[s].group, rows, 16);
    if (n == 0)
        return;
    int k = runtime_of(rows[0]->who);
    fprintf(out, "  %s: %s is the fastest here (%s/s", styles[s].short_name,
            k >= 0 ? names[k] : rows[0]->who, bench_report_rate(rows[0]->hps_med).s);
    if (s == 2)
        fprintf(out, ", %s", rows[0]->style);
    fprintf(out, ")");
    int shown = 0;
    for (size_t i = 1; i < n; i++) {
        int j = runtime_of(rows[i]->who), seen = 0;
        for (size_t p = 0; p < i; p++) /* each runtime once: its fastest */
            seen |= strcmp(rows[p]->who, rows[i]->who) == 0;
        if (!seen && j >= 0)
            fprintf(out, "%s %s %s", shown++ ? "," : ":",
                    bench_report_ratio(rows[0]->hps_med, rows[i]->hps_med).s, names[j]);
    }
    for (int j = 0; j < 3; j++) /* a runtime with no row is named, not left out silently */
        if (!m->js_found[j])
            fprintf(out, "; %s not found", names[j]);
    if (s < 2)
        fprintf(out, " (2022: %s)", s == 0 ? "Node 8.2x Bun" : "Node 1.6x Deno");
    fprintf(out, ".\n");
}

void bench_report_print_answer(FILE *out, const bench_report_meta *m) {
    fprintf(out, "\nWho hashes the fastest, Bun, Node.js or Deno? SHA-256 hex strings of "
                 "\"Hello world!!!\", one at a time, on %s\n",
            m->cpu_model);
    bench_table *t = bench_table_new(7, "rllrlrl");
    const char *head[] = {"#", "runtime", "code", "ops/s", "spread (min-max of reps)",
                          "2022 ops/s", "check"};
    bench_table_row(t, head);
    for (size_t s = 0; s < sizeof styles / sizeof styles[0]; s++)
        add_style(t, s, m);
    bench_table_print(t, out, 2);
    for (int k = 0; k < 3; k++)
        if (!m->js_found[k] && m->js[k][0])
            fprintf(out, "  %s\n", m->js[k]);
    fprintf(out, "\nThe answer on this machine (ops/s = median of %d repetitions; 2022 = the "
                 "seed article's figures, another machine):\n", m->reps);
    for (size_t s = 0; s < sizeof styles / sizeof styles[0]; s++)
        print_answer_line(out, m, s);
    fflush(out);
}
