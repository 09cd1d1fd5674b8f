/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Results of fastsha256-bench: the rows, their cells' formats, and the tables
 * but the seed's (the run's description, the size sweep, the kernels, and the
 * plain table of any other section). */
#include "bench_report.h"

#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "bench_common.h"

static bench_report_row *rows;
static size_t nrows, caprows;

bench_report_row *bench_report_add(void) {
    if (nrows == caprows) {
        size_t cap = caprows ? caprows * 2 : 64;
        bench_report_row *p = realloc(rows, cap * sizeof *p);
        if (!p) {
            fprintf(stderr, "fastsha256-bench: out of memory\n");
            exit(1);
        }
        rows = p;
        caprows = cap;
    }
    memset(&rows[nrows], 0, sizeof rows[nrows]);
    return &rows[nrows++];
}

size_t bench_report_count(void) { return nrows; }
bench_report_row *bench_report_get(size_t i) { return i < nrows ? &rows[i] : NULL; }

static int bench_report_in(const bench_report_row *r, const char *section) {
    return strcmp(r->section, section) == 0;
}

const bench_report_row *bench_report_next(const char *section, size_t *i) {
    while (*i < nrows)
        if (bench_report_in(&rows[(*i)++], section))
            return &rows[*i - 1];
    return NULL;
}

/* --- Cells ---------------------------------------------------------------- */

void bench_report_fmt_rate(char *buf, size_t n, double v) {
    double unit = v >= 1e9 ? 1e9 : v >= 1e6 ? 1e6 : v >= 1e3 ? 1e3 : 1;
    const char *suffix = unit == 1e9 ? "G" : unit == 1e6 ? "M" : unit == 1e3 ? "k" : "";
    if (v > 0)
        bench_fmt(buf, n, "%.*f%s", unit >= 1e6 ? 2 : 1, v / unit, suffix);
    else
        bench_fmt(buf, n, "-");
}

bench_report_cell bench_report_rate(double v) {
    bench_report_cell c;
    bench_report_fmt_rate(c.s, sizeof c.s, v);
    return c;
}

bench_report_cell bench_report_num(double v) {
    bench_report_cell c = {"-"};
    if (v > 0 && isfinite(v)) /* four significant digits, none after the point from 1000 on */
        bench_fmt(c.s, sizeof c.s, "%.*f", v >= 1000 ? 0 : v >= 100 ? 1 : v >= 10 ? 2 : 3, v);
    return c;
}

bench_report_cell bench_report_count_text(double v) {
    bench_report_cell c = {"-"};
    unsigned long long x = (unsigned long long)(v + 0.5);
    char digits[24];
    int n = snprintf(digits, sizeof digits, "%llu", x), k = 0;
    for (int i = 0; i < n && k + 2 < (int)sizeof c.s; i++) {
        if (i && (n - i) % 3 == 0)
            c.s[k++] = ',';
        c.s[k++] = digits[i];
    }
    c.s[k] = '\0';
    return c;
}

bench_report_cell bench_report_ratio(double a, double b) {
    bench_report_cell c = {"-"};
    if (a > 0 && b > 0)
        bench_fmt(c.s, sizeof c.s, "%.*fx", a / b >= 100 ? 0 : 2, a / b);
    return c;
}

static bench_report_cell bench_report_size(size_t s) {
    bench_report_cell c;
    int shift = s >= (1u << 20) && s % (1u << 20) == 0 ? 20 : s >= 1024 && s % 1024 == 0 ? 10 : 0;
    bench_fmt(c.s, sizeof c.s, "%zu %s", s >> shift, shift == 20 ? "MiB" : shift ? "KiB" : "B");
    return c;
}

const char *bench_report_check_text(int check) {
    return check > 0 ? "ok" : check < 0 ? "MISMATCH" : "-";
}

/* --- The run's description ------------------------------------------------ */

void bench_report_print_header(FILE *out, const bench_report_meta *m) {
    fprintf(out, "fastsha256-bench %s (%s) - who hashes the fastest?\n", m->version, m->date);
    fprintf(out, "cpu:        %s%s%s%s, %d cpu%s allowed, %s\n", m->cpu_model,
            m->cpu_id[0] ? " (" : "", m->cpu_id, m->cpu_id[0] ? ")" : "", m->ncpus,
            m->ncpus == 1 ? "" : "s",
            m->pinned_cpu >= 0 ? "benchmark pinned to one cpu" : "not pinned");
    if (m->pinned_cpu >= 0)
        fprintf(out, "pinned:     cpu %d (sched_setaffinity); JS runtimes run unpinned\n",
                m->pinned_cpu);
    fprintf(out, "clock:      %s at %.4f GHz", m->tick_source, m->tick_hz / 1e9);
    if (m->core_estimated) {
        fprintf(out, "; core ~%.3f GHz by a dependent add chain (core/TSC %.3f)", m->core_hz / 1e9,
                m->core_per_tick);
        if (m->core_hz_end > 0)
            fprintf(out, ", %.3f GHz at the end", m->core_hz_end / 1e9);
    } else {
        fprintf(out, "; core clock not estimated here: cycles are counter ticks");
    }
    fprintf(out, "\ncompiler:   %s (%s)\n", m->compiler, m->build);
    fprintf(out, "kernel:     %s\n", m->host_kernel);
    fprintf(out, "fastsha256: %s; backends here: %s; auto: %s, hex encoder: %s\n", m->version,
            m->backends, m->auto_backend, m->hex_backend);
    fprintf(out, "openssl:    %s\n", m->openssl);
    for (int i = 0; i < 3; i++)
        if (m->js[i][0])
            fprintf(out, "%-11s %s\n", i == 0 ? "js:" : "", m->js[i]);
    if (m->python[0])
        fprintf(out, "python:     %s\n", m->python);
    fprintf(out, "method:     %d repetitions per row (median and best); each split into timed "
                 "chunks, chunks with a context switch or a wall/cpu-time gap dropped; "
                 "warm-up first\n",
            m->reps);
}

/* --- The size sweep: series by size, for its table and its plot ----------- */

/* The first BENCH_REPORT_MAX_SIZES sizes measured, kept in ascending order. */
static void add_size(bench_report_sweep *w, size_t size) {
    size_t k = 0;
    while (k < w->nsizes && w->sizes[k] < size)
        k++;
    if ((k < w->nsizes && w->sizes[k] == size) || w->nsizes == BENCH_REPORT_MAX_SIZES)
        return;
    memmove(&w->sizes[k + 1], &w->sizes[k], (w->nsizes++ - k) * sizeof w->sizes[0]);
    w->sizes[k] = size;
}

/* A series is one label: the backend and style for fastsha256 (with the
 * thread count when several), the peer's name and style otherwise; its table
 * heading names a peer only (its API is in the title). Returns r's series,
 * added when new; NULL when BENCH_REPORT_MAX_SERIES are taken. */
static struct bench_report_series *series_of(bench_report_sweep *w, const bench_report_row *r) {
    struct bench_report_series *s = &w->s[w->nseries];
    int ours = strcmp(r->who, "fastsha256") == 0;
    char label[sizeof s->label];
    if (ours && r->threads > 1)
        bench_fmt(label, sizeof label, "%s %s x%d", r->backend, r->style, r->threads);
    else
        bench_fmt(label, sizeof label, "%s %s", ours ? r->backend : r->who, r->style);
    for (size_t k = 0; k < w->nseries; k++)
        if (strcmp(w->s[k].label, label) == 0)
            return &w->s[k];
    if (w->nseries == BENCH_REPORT_MAX_SERIES)
        return NULL;
    w->nseries++;
    memcpy(s->label, label, sizeof label);
    bench_fmt(s->head, sizeof s->head, "%s", ours ? label : r->who);
    return s;
}

void bench_report_sweep_collect(bench_report_sweep *w) {
    memset(w, 0, sizeof *w);
    for (size_t i = 0; i < nrows; i++)
        if (bench_report_in(&rows[i], "sweep"))
            add_size(w, rows[i].size);
    for (size_t i = 0; i < nrows && w->nsizes; i++) {
        struct bench_report_series *s =
            bench_report_in(&rows[i], "sweep") ? series_of(w, &rows[i]) : NULL;
        for (size_t z = 0; s && z < w->nsizes; z++)
            if (w->sizes[z] == rows[i].size)
                s->at[z] = &rows[i];
    }
}

/* One table per quantity, sizes down, series across. */
static const struct sweep_table {
    const char *title;
    size_t at; /* the double shown, in bench_report_row */
    bench_report_cell (*cell)(double v);
} sweep_tables[] = {
    {"throughput, GB/s (1e9 bytes/s)", offsetof(bench_report_row, gbps), bench_report_num},
    {"core cycles per byte", offsetof(bench_report_row, cpb), bench_report_num},
    {"hashes per second", offsetof(bench_report_row, hps_med), bench_report_rate},
};

static void print_sweep_table(FILE *out, const bench_report_sweep *w, const struct sweep_table *t) {
    fprintf(out, "\n%s\n%-8s", t->title, "size");
    for (size_t k = 0; k < w->nseries; k++)
        fprintf(out, " %16.16s", w->s[k].head);
    fprintf(out, "\n");
    for (size_t z = 0; z < w->nsizes; z++) {
        fprintf(out, "%-8s", bench_report_size(w->sizes[z]).s);
        for (size_t k = 0; k < w->nseries; k++) {
            const bench_report_row *r = w->s[k].at[z];
            bench_report_cell v = {"-"};
            if (r)
                v = t->cell(*(const double *)((const char *)r + t->at));
            fprintf(out, " %16s", v.s);
        }
        fprintf(out, "\n");
    }
}

void bench_report_print_sweep(FILE *out, const bench_report_meta *m) {
    bench_report_sweep w;
    bench_report_sweep_collect(&w);
    if (w.nsizes == 0)
        return;
    fprintf(out, "\nSize sweep: one message per call (one-shot) and batches through "
                 "fastsha256_many (batch)%s; OpenSSL SHA256_Init/Update/Final as peer; "
                 "median of %d reps\n",
            m->threads > 1 ? ", batches on several threads" : "", m->reps);
    for (size_t t = 0; t < sizeof sweep_tables / sizeof sweep_tables[0]; t++)
        print_sweep_table(out, &w, &sweep_tables[t]);
}

/* --- Kernels and any other section ---------------------------------------- */

/* One format for each table's heading and rows, so they cannot drift apart. */
#define KERNELS_FMT "%-54.54s %10s %-13s %10s  %-32.32s %s\n"
#define ROWS_FMT "%-10s %-13.13s %-39.39s %-8s %9s %9s %8s %8s %8s %s\n"

static int has_rows(const char *section) {
    size_t i = 0;
    return bench_report_next(section, &i) != NULL;
}

void bench_report_print_kernels(FILE *out, const bench_report_meta *m) {
    if (!has_rows("kernels"))
        return;
    fprintf(out, "\nKernels (core cycles = TSC cycles x %.3f; lower is better), "
                 "OpenSSL measured in the same run:\n",
            m->core_per_tick);
    fprintf(out, "OpenSSL: SHA256_Init/Update/Final (its fastest API for short messages); its "
                 "AVX2 and integer paths are forced with OPENSSL_ia32cap in a child process on "
                 "the same cpu.\n");
    fprintf(out, KERNELS_FMT, "measurement", "fastsha256", "unit", "OpenSSL", "OpenSSL code path",
            "advantage");
    const bench_report_row *r;
    for (size_t i = 0; (r = bench_report_next("kernels", &i));) {
        fprintf(out, KERNELS_FMT, r->style, bench_report_num(r->value).s, r->unit,
                bench_report_num(r->peer_value).s, r->peer[0] ? r->peer : "-",
                bench_report_ratio(r->peer_value, r->value).s);
        if (r->note[0])
            fprintf(out, "    %s\n", r->note);
    }
}

void bench_report_print_rows(FILE *out, const bench_report_meta *m, const char *section) {
    if (!has_rows(section))
        return;
    fprintf(out, "\n%s: median of %d reps\n", section, m->reps);
    fprintf(out, ROWS_FMT, "who", "backend", "style", "size", "hashes/s", "best", "ns/hash",
            "cyc/hash", "GB/s", "check");
    const bench_report_row *r;
    for (size_t i = 0; (r = bench_report_next(section, &i));) {
        fprintf(out, ROWS_FMT, r->who, r->backend, r->style, bench_report_size(r->size).s,
                bench_report_rate(r->hps_med).s, bench_report_rate(r->hps_best).s,
                bench_report_num(r->ns_med).s, bench_report_num(r->cyc_med).s,
                bench_report_num(r->gbps).s, bench_report_check_text(r->check));
        if (r->note[0])
            fprintf(out, "    %s\n", r->note);
    }
}
