/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* --output DIR: the seed table as a bar chart (seed.png, seed.svg). One bar
 * per row of the answer (createHash, WebCrypto, the fastest built-ins), the
 * fastest of each way fastsha256 is called from a runtime, and C's fastest
 * fastsha256 row next to OpenSSL. Bars are coloured by runtime (grey: C) and
 * fastsha256's are hatched, on a log scale: the rates span orders of
 * magnitude, so a linear axis would flatten the WebCrypto bars to nothing. */
#include "bench_report.h"

#include <string.h>

#include "bench_common.h"

#define CHART_MAX_BARS 48

typedef struct chart_bar {
    const bench_report_row *r;
    char label[112];
    int colour; /* index into colours[] */
    int hatched;
    double x;
} chart_bar;

typedef struct chart {
    chart_bar bar[CHART_MAX_BARS];
    size_t n;
    double next_x;
} chart;

static const char *const runtimes[] = {"node", "bun", "deno"};
static const struct {
    const char *rgb, *name;
} colours[] = {{"#43853d", "node"}, {"#e0892b", "bun"}, {"#3b6fc4", "deno"}, {"#8c8c8c", "C"}};

static int colour_of(const char *who) {
    for (int k = 0; k < 3; k++) {
        size_t n = strlen(runtimes[k]);
        if (strncmp(who, runtimes[k], n) == 0 && (who[n] == '\0' || who[n] == ' '))
            return k;
    }
    return 3;
}

/* A row's bar label: who, and the style up to its arguments; the seed's own
 * styles by their short names. */
static void add_bar(chart *c, const bench_report_row *r, int group) {
    if (c->n == CHART_MAX_BARS)
        return;
    chart_bar *b = &c->bar[c->n++];
    b->r = r;
    b->colour = colour_of(r->who);
    b->hatched = strstr(r->who, "fastsha256") != NULL;
    b->x = c->next_x++;
    if (group == BENCH_GROUP_CREATEHASH || group == BENCH_GROUP_WEBCRYPTO)
        bench_fmt(b->label, sizeof b->label, "%s %s", r->who,
                  group == BENCH_GROUP_WEBCRYPTO ? "WebCrypto" : "createHash");
    else
        bench_fmt(b->label, sizeof b->label, "%s %.*s", r->who, (int)strcspn(r->style, "("),
                  r->style);
}

/* The group's rows, fastest first; with one_per_who, each who's fastest. */
static void add_group(chart *c, int group, int one_per_who) {
    const bench_report_row *rows[CHART_MAX_BARS];
    size_t n = bench_report_ranked(group, rows, CHART_MAX_BARS), shown = 0;
    for (size_t i = 0; i < n; i++) {
        int seen = 0;
        for (size_t p = 0; p < i && one_per_who; p++)
            seen |= strcmp(rows[p]->who, rows[i]->who) == 0;
        if (!seen) {
            add_bar(c, rows[i], group);
            shown++;
        }
    }
    if (shown) /* a gap between groups */
        c->next_x += 0.6;
}

/* C: fastsha256's fastest row and OpenSSL's, the reference. */
static void add_c(chart *c) {
    const bench_report_row *rows[256], *fast = NULL, *ossl = NULL;
    size_t n = bench_report_ranked(BENCH_GROUP_C, rows, 256);
    for (size_t i = 0; i < n; i++) {
        if (!fast && strcmp(rows[i]->who, "fastsha256") == 0)
            fast = rows[i];
        if (!ossl && strcmp(rows[i]->who, "openssl") == 0)
            ossl = rows[i];
    }
    if (fast)
        add_bar(c, fast, BENCH_GROUP_C);
    if (ossl)
        add_bar(c, ossl, BENCH_GROUP_C);
}

static void collect(chart *c) {
    memset(c, 0, sizeof *c);
    add_group(c, BENCH_GROUP_CREATEHASH, 0);
    add_group(c, BENCH_GROUP_WEBCRYPTO, 0);
    add_group(c, BENCH_GROUP_BUILTIN, 0);
    add_group(c, BENCH_GROUP_FROM_JS, 1);
    add_c(c);
}

static void write_dat(FILE *dat, const bench_report_meta *m) {
    chart c;
    collect(&c);
    (void)m;
    fprintf(dat, "# fastsha256-bench seed chart: one bar per line\n"
                 "# columns: x hashes_per_s colour_rgb hatched rate_text\n");
    for (size_t i = 0; i < c.n; i++) {
        unsigned rgb = 0;
        sscanf(colours[c.bar[i].colour].rgb + 1, "%x", &rgb);
        fprintf(dat, "%.1f %.6g %u %d %s\n", c.bar[i].x, c.bar[i].r->hps_med, rgb,
                c.bar[i].hatched, bench_report_rate(c.bar[i].r->hps_med).s);
    }
}

/* The axis: whole decades around the bars, room above for the rates. */
static void write_axes(FILE *gp, const chart *c) {
    double lo = 0, hi = 0;
    for (size_t i = 0; i < c->n; i++) {
        double v = c->bar[i].r->hps_med;
        lo = v > 0 && (lo == 0 || v < lo) ? v : lo;
        hi = v > hi ? v : hi;
    }
    double bottom = 1, top = 10;
    while (bottom * 10 <= lo) /* without libm: decades by steps */
        bottom *= 10;
    while (top < hi * 3)
        top *= 10;
    fprintf(gp, "ymin = %g\nset yrange [ymin:%g]\nset xrange [-0.7:%.1f]\nset xtics (",
            bottom, top, c->next_x);
    for (size_t i = 0; i < c->n; i++) {
        fprintf(gp, "%s", i ? ", " : "");
        bench_report_gp_quote(gp, c->bar[i].label);
        fprintf(gp, " %.1f", c->bar[i].x);
    }
    fprintf(gp, ") rotate by 35 right\n");
}

static void write_title(FILE *gp, const bench_report_meta *m) {
    fprintf(gp, "title_text = \"fastsha256 %s: SHA-256 hex strings of Hello world!!! per "
                "second, one at a time (log scale) - ", m->version);
    bench_report_gp_escape(gp, m->cpu_model);
    fprintf(gp, " (");
    bench_report_gp_escape(gp, m->cpu_id);
    fprintf(gp, "), %s\"\n", m->date);
}

static void write_plot(FILE *gp) {
    fprintf(gp, "  plot \"seed.dat\" using 1:($4 == 0 ? $2 : NaN):($1-0.4):($1+0.4):(ymin):2:3 "
                "with boxxyerror lc rgb variable fs solid 0.9 border notitle, \\\n"
                "    \"seed.dat\" using 1:($4 == 1 ? $2 : NaN):($1-0.4):($1+0.4):(ymin):2:3 "
                "with boxxyerror lc rgb variable fs pattern 4 border notitle, \\\n"
                "    \"seed.dat\" using 1:($2 * 1.25):5 with labels font \",8\" notitle");
    for (size_t k = 0; k < sizeof colours / sizeof colours[0]; k++)
        fprintf(gp, ", \\\n    NaN with boxes fs solid 0.9 lc rgb \"%s\" title \"%s\"",
                colours[k].rgb, colours[k].name);
    fprintf(gp, ", \\\n    NaN with boxes fs pattern 4 lc rgb \"black\" "
                "title \"fastsha256 (hatched)\"\n");
}

/* gnuplot draws the PNG, then the SVG, from seed.dat. */
static void write_gp(FILE *gp, const bench_report_meta *m) {
    chart c;
    collect(&c);
    fprintf(gp, "# fastsha256-bench: the seed table as bars, coloured by runtime.\n"
                "# Regenerate the pictures from seed.dat with: gnuplot seed.gp (in this "
                "folder).\n");
    write_title(gp, m);
    write_axes(gp, &c);
    fprintf(gp, "set logscale y\nset grid ytics mytics\nset key top right font \",9\"\n"
                "set ylabel \"hex strings per second (median)\"\nset bmargin 14\n"
                "set title title_text\n");
    bench_report_gp_pictures(gp, "seed", 1500, 800);
    write_plot(gp);
    fprintf(gp, "  set output\n}\n");
}

int bench_report_write_chart(const char *dir, const bench_report_meta *m, int verbose) {
    chart c;
    collect(&c);
    return c.n ? bench_report_plot(dir, "seed", write_dat, write_gp, m, verbose) : 0;
}
