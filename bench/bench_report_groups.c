/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The seed report after its answer: what will run (printed first), then
 * fastsha256 from each runtime against that runtime's fastest built-in and
 * the seed's style, C (fastsha256's backends and OpenSSL), and Python and the
 * npm libraries. */
#include "bench_report.h"

#include <string.h>

#include "bench_common.h"

void bench_report_print_plan(FILE *out, const bench_report_meta *m, int rows, double seconds) {
    char when[32];
    bench_eta_fmt(when, sizeof when, seconds);
    fprintf(out, "run:        %d rows, %s on this machine%s: the seed's styles on each runtime "
                 "(createHash %s, WebCrypto %s messages), fastsha256 from each runtime, C (%s), "
                 "Python, npm libraries; %d repetitions per row\n",
            rows, when, m->full ? " (--full)" : "", bench_report_count_text((double)m->js_count).s,
            bench_report_count_text((double)m->js_async_count).s,
            m->full ? "every backend, every style" : "auto: every style; forced backends: two",
            m->reps);
    fflush(out);
}

/* The group's fastest row of runtime who (exact name), or NULL. */
static const bench_report_row *fastest(int group, const char *who) {
    const bench_report_row *rows[32];
    size_t n = bench_report_ranked(group, rows, 32);
    for (size_t i = 0; i < n; i++)
        if (strcmp(rows[i]->who, who) == 0)
            return rows[i];
    return NULL;
}

/* A row's cells: who, version, style, rate, spread, then two ratios. */
static void add_row(bench_table *t, const bench_report_row *r, const bench_report_row *a,
                    const bench_report_row *b, int two) {
    char spread[64], xa[64] = "-", xb[64] = "-";
    bench_report_fmt_spread(spread, sizeof spread, r);
    if (a)
        bench_fmt(xa, sizeof xa, "%s", bench_report_ratio(r->hps_med, a->hps_med).s);
    if (b)
        bench_fmt(xb, sizeof xb, "%s", bench_report_ratio(r->hps_med, b->hps_med).s);
    const char *cells[] = {r->who, r->backend, r->style, bench_report_rate(r->hps_med).s, spread,
                           xa, two ? xb : bench_report_check_text(r->check),
                           bench_report_check_text(r->check)};
    bench_table_row(t, cells);
}

void bench_report_print_from_js(FILE *out, const bench_report_meta *m) {
    static const char *const rts[3] = {"node", "bun", "deno"};
    bench_table *t = bench_table_new(8, "lllrlrrl");
    const char *head[] = {"who", "version", "call", "ops/s", "spread", "x built-in",
                          "x createHash", "check"};
    bench_table_row(t, head);
    int any = 0;
    for (int k = 0; k < 3; k++) {
        const bench_report_row *builtin = fastest(BENCH_GROUP_BUILTIN, rts[k]);
        const bench_report_row *seed = fastest(BENCH_GROUP_CREATEHASH, rts[k]);
        for (size_t i = 0; i < bench_report_count(); i++) {
            const bench_report_row *r = bench_report_get(i);
            if (r->group == BENCH_GROUP_FROM_JS && strncmp(r->who, rts[k], strlen(rts[k])) == 0 &&
                r->who[strlen(rts[k])] == ' ') {
                add_row(t, r, builtin, seed, 1);
                any = 1;
            }
        }
    }
    fprintf(out, "\nfastsha256 from each runtime (the Node-API addon and the WebAssembly build), "
                 "%s messages; x built-in = against that runtime's fastest built-in, x createHash "
                 "= against its createHash (the seed's style)%s\n",
            bench_report_count_text((double)m->js_count).s, any ? "" : ": no rows");
    bench_table_print(t, out, 2);
    fflush(out);
}

void bench_report_print_c(FILE *out, const bench_report_meta *m) {
    const bench_report_row *rows[256], *ossl = NULL;
    size_t n = bench_report_ranked(BENCH_GROUP_C, rows, 256);
    for (size_t i = 0; i < n && !ossl; i++) /* OpenSSL's fastest way, the reference */
        if (strcmp(rows[i]->who, "openssl") == 0)
            ossl = rows[i];
    bench_table *t = bench_table_new(10, "llllrlrrll");
    const char *head[] = {"who", "backend", "style", "messages", "hashes/s", "spread",
                          "cyc/hash", "x OpenSSL", "dropped", "check"};
    bench_table_row(t, head);
    for (size_t i = 0; i < n; i++) {
        const bench_report_row *r = rows[i];
        char spread[64], drop[32];
        bench_report_fmt_spread(spread, sizeof spread, r);
        bench_fmt(drop, sizeof drop, "%zu/%zu chunks", r->discarded, r->chunks);
        const char *cells[] = {r->who, r->backend, r->style, r->messages,
                               bench_report_rate(r->hps_med).s, spread,
                               bench_report_num(r->cyc_med).s,
                               bench_report_ratio(r->hps_med, ossl ? ossl->hps_med : 0).s, drop,
                               bench_report_check_text(r->check)};
        bench_table_row(t, cells);
    }
    fprintf(out, "\nC: fastsha256 and OpenSSL, %s messages, pinned to one core, hex included; "
                 "x OpenSSL = against %s%s\n",
            bench_report_count_text((double)m->count).s, ossl ? ossl->style : "-",
            n ? "" : ": no rows");
    bench_table_print(t, out, 2);
    fflush(out);
}

void bench_report_print_others(FILE *out, const bench_report_meta *m) {
    bench_table *t = bench_table_new(7, "lllrlrl");
    const char *head[] = {"who", "version", "call", "ops/s", "spread", "x reference", "check"};
    bench_table_row(t, head);
    const bench_report_row *rows[64];
    size_t n = bench_report_ranked(BENCH_GROUP_PYTHON, rows, 64);
    const bench_report_row *hashlib = NULL;
    for (size_t i = 0; i < n; i++)
        if (strncmp(rows[i]->style, "hashlib", 7) == 0)
            hashlib = rows[i];
    for (size_t i = 0; i < n; i++)
        add_row(t, rows[i], hashlib, NULL, 0);
    size_t np = bench_report_ranked(BENCH_GROUP_NPM, rows, 64);
    for (size_t i = 0; i < np; i++) {
        char rt[16];
        bench_fmt(rt, sizeof rt, "%.*s", (int)strcspn(rows[i]->who, " "), rows[i]->who);
        add_row(t, rows[i], fastest(BENCH_GROUP_CREATEHASH, rt), NULL, 0);
    }
    fprintf(out, "\nPython (%s messages; x reference = against hashlib) and the npm libraries (%s "
                 "messages; against the runtime's createHash)%s\n",
            bench_report_count_text((double)m->js_peer_count).s,
            bench_report_count_text((double)m->js_peer_count).s, n + np ? "" : ": no rows");
    bench_table_print(t, out, 2);
    fflush(out);
}
