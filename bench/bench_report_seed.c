/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The seed report's end: with --all-rows the long list of every row and
 * fastsha256's best against each peer; distinct against repeated messages;
 * the checksums. The whole seed report in order (results.txt). */
#include "bench_report.h"

#include <stdlib.h>
#include <string.h>

#include "bench_common.h"

typedef struct seed_view {
    const bench_report_row **rows;       /* the seed rows in the order measured */
    const bench_report_row **sorted;     /* the same, fastest first */
    size_t n;
    const bench_report_row *node, *ossl; /* what "x node" and "x OpenSSL" compare with */
} seed_view;

static int starts(const char *s, const char *prefix) {
    return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* The first row of list by who, and by the start of its backend, style and
 * messages ("": any). */
static const bench_report_row *first_of(const bench_report_row *const *list, size_t n,
                                        const char *who, const char *backend, const char *style,
                                        const char *messages) {
    for (size_t i = 0; i < n; i++)
        if (strcmp(list[i]->who, who) == 0 && starts(list[i]->backend, backend) &&
            starts(list[i]->style, style) && starts(list[i]->messages, messages))
            return list[i];
    return NULL;
}

static int cmp_rate_desc(const void *a, const void *b) {
    const bench_report_row *x = *(const bench_report_row *const *)a;
    const bench_report_row *y = *(const bench_report_row *const *)b;
    return (x->hps_med < y->hps_med) - (x->hps_med > y->hps_med);
}

/* 0 when there are no seed rows (or no memory for the view). */
static int view_seed(seed_view *v) {
    memset(v, 0, sizeof *v);
    v->rows = calloc(2 * bench_report_count() + 1, sizeof *v->rows);
    if (!v->rows)
        return 0;
    for (size_t i = 0; (v->rows[v->n] = bench_report_next("seed", &i));)
        v->n++;
    v->sorted = v->rows + v->n;
    memcpy(v->sorted, v->rows, v->n * sizeof *v->rows);
    qsort(v->sorted, v->n, sizeof *v->sorted, cmp_rate_desc);
    /* "x node" compares with Node in the seed's own style, createHash. */
    v->node = first_of(v->rows, v->n, "node", "", "createHash", "");
    v->ossl = first_of(v->sorted, v->n, "openssl", "", "", ""); /* its fastest way */
    return v->n > 0;
}

static void print_board(FILE *out, const bench_report_meta *m, const seed_view *v) {
    double node = v->node ? v->node->hps_med : 0, ossl = v->ossl ? v->ossl->hps_med : 0;
    fprintf(out, "\nEvery seed row, fastest first: %zu x SHA-256 hex string of \"Hello world!!!\" "
                 "(14 bytes); batches of %zu; JS: createHash %zu, WebCrypto %zu messages; "
                 "x OpenSSL = against %s\n",
            m->count, m->batch, m->js_count, m->js_async_count, v->ossl ? v->ossl->style : "-");
    bench_table *t = bench_table_new(12, "rlllrrrrrrrl");
    const char *head[] = {"#", "who", "backend", "style", "hashes/s", "min", "ns/hash", "cyc/hash",
                          "x node createHash", "x OpenSSL", "dropped", "check"};
    bench_table_row(t, head);
    for (size_t i = 0; i < v->n; i++) {
        const bench_report_row *r = v->sorted[i];
        char rank[24], drop[40] = "self-timed", style[96];
        bench_fmt(rank, sizeof rank, "%zu", i + 1);
        bench_fmt(style, sizeof style, "%s%s%s", r->style, r->messages[0] ? ", " : "", r->messages);
        if (r->chunks)
            bench_fmt(drop, sizeof drop, "%zu/%zu", r->discarded, r->chunks);
        const char *cells[] = {rank, r->who, r->backend, style, bench_report_rate(r->hps_med).s,
                               bench_report_rate(r->hps_min).s, bench_report_num(r->ns_med).s,
                               bench_report_num(r->cyc_med).s,
                               bench_report_ratio(r->hps_med, node).s,
                               bench_report_ratio(r->hps_med, ossl).s, drop,
                               bench_report_check_text(r->check)};
        bench_table_row(t, cells);
    }
    bench_table_print(t, out, 0);
}

/* fastsha256's fastest row against every peer. */
static void print_fastest(FILE *out, const seed_view *v) {
    const bench_report_row *best = first_of(v->sorted, v->n, "fastsha256", "", "", "");
    if (!best)
        return;
    fprintf(out, "\nFastest: fastsha256 %s, %s (%s hashes/s). Against each peer:\n",
            best->backend, best->style, bench_report_rate(best->hps_med).s);
    for (size_t i = 0; i < v->n; i++) {
        const bench_report_row *r = v->sorted[i];
        if (strcmp(r->who, "fastsha256") != 0)
            fprintf(out, "  %8s faster than %s %s %s (%s/s)\n",
                    bench_report_ratio(best->hps_med, r->hps_med).s, r->who, r->backend, r->style,
                    bench_report_rate(r->hps_med).s);
    }
    /* And the plain one-call-per-message style, which is what the seed
     * snippets do. */
    const bench_report_row *one =
        first_of(v->sorted, v->n, "fastsha256", "auto", "one-shot", "same");
    if (one && v->node)
        fprintf(out, "  one call per message (%s, %s): %s node %s\n", one->backend, one->style,
                bench_report_ratio(one->hps_med, v->node->hps_med).s, v->node->style);
}

/* Distinct messages must run at the speed of the repeated one: each distinct
 * row against the same-message row of its who, backend and style, one line
 * per backend. */
static void print_distinct(FILE *out, const seed_view *v) {
    const char *backend = NULL;
    for (size_t i = 0; i < v->n; i++)
        for (size_t j = 0; j < v->n; j++) {
            const bench_report_row *d = v->rows[i], *s = v->rows[j];
            if (strcmp(d->messages, "distinct") != 0 || strcmp(s->messages, "same") != 0 ||
                strcmp(s->who, d->who) != 0 || strcmp(s->backend, d->backend) != 0 ||
                strcmp(s->style, d->style) != 0)
                continue;
            if (!backend)
                fprintf(out, "\nDistinct messages (a counter in each, same 14 bytes) vs the "
                             "repeated message, speed ratio (1.00x = same speed):");
            if (!backend || strcmp(backend, d->backend) != 0)
                fprintf(out, "\n  %-13s", d->backend);
            else
                fputc(';', out);
            backend = d->backend;
            fprintf(out, " %s %s", d->style, bench_report_ratio(d->hps_med, s->hps_med).s);
        }
    if (backend)
        fprintf(out, "\n");
}

/* Every row of one kind of message made the same checksum; the one shown is
 * the last, fastest first. */
static void print_checksums(FILE *out, const seed_view *v) {
    unsigned long long sum[2] = {0, 0};
    int agree[2] = {1, 1}, failed = 0;
    for (size_t i = 0; i < v->n; i++) {
        const bench_report_row *r = v->sorted[i];
        int k = strcmp(r->messages, "same") == 0 ? 0 : strcmp(r->messages, "distinct") ? -1 : 1;
        failed |= r->check < 0;
        if (k < 0 || !r->checksum)
            continue;
        agree[k] &= !sum[k] || sum[k] == r->checksum;
        sum[k] = r->checksum;
    }
    fprintf(out, "\nChecksum of all hex outputs (64-bit FNV-style fold): repeated message "
                 "0x%016llx (%s), distinct 0x%016llx (%s)%s\n",
            sum[0], agree[0] ? "all C rows agree" : "ROWS DISAGREE", sum[1],
            agree[1] ? "all C rows agree" : "ROWS DISAGREE",
            failed ? "; SOME ROWS FAILED THEIR CHECK" : "");
    fprintf(out, "JS and Python rows: check = the last digest printed is the right one; rate = "
                 "median of the repetitions' rates.\n");
}

void bench_report_print_seed_rest(FILE *out, const bench_report_meta *m) {
    seed_view v;
    if (view_seed(&v)) {
        if (m->all_rows) {
            print_board(out, m, &v);
            print_fastest(out, &v);
        }
        print_distinct(out, &v);
        print_checksums(out, &v);
    }
    free(v.rows);
}

void bench_report_print_seed(FILE *out, const bench_report_meta *m) {
    size_t i = 0;
    if (!bench_report_next("seed", &i))
        return;
    bench_report_print_answer(out, m);
    bench_report_print_from_js(out, m);
    bench_report_print_c(out, m);
    bench_report_print_others(out, m);
    bench_report_print_seed_rest(out, m);
}
