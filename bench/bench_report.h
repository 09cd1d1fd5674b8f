/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Results of fastsha256-bench: rows, the run's description, and the table,
 * CSV, JSON and gnuplot writers. */
#ifndef FASTSHA256_BENCH_REPORT_H
#define FASTSHA256_BENCH_REPORT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef struct bench_report_row {
    char section[12];    /* "seed", "sweep", "kernels" */
    char who[40];        /* "fastsha256", "openssl", "node", "node + fastsha256 (wasm)", ... */
    char backend[32];    /* backend ("auto=shani"), or the peer's version */
    char style[64];      /* how it hashes, e.g. "one-shot + to_hex" */
    char messages[12];   /* "same", "distinct" (seed), "" */
    size_t size;         /* message bytes */
    size_t count;        /* hashes per repetition (per thread) */
    int threads, reps;
    double hps_med, hps_best;  /* hashes per second (all threads) */
    double hps_min;            /* the slowest repetition's */
    int outliers;              /* repetitions far from the median (flagged, not in the rate) */
    int group;                 /* seed rows: BENCH_GROUP_*, the report's table they go in */
    double ns_med, ns_best;    /* wall ns per hash (per thread: ns_med * threads...) */
    double cyc_med;            /* core cycles per hash, one core */
    double gbps;               /* 1e9 bytes per second (median) */
    double cpb;                /* core cycles per byte (median) */
    size_t chunks, discarded;
    uint64_t checksum;
    int check;                 /* 1 verified, 0 not checked, -1 MISMATCH */
    /* kernels rows: one measured quantity next to its peer */
    char unit[20];
    double value;
    char peer[64];
    double peer_value;
    char note[160];
} bench_report_row;

/* The seed report's groups: the seed's own styles on each runtime, each
 * runtime's fastest built-ins (not in the seed), fastsha256 from each
 * runtime, C, Python and the npm libraries. */
enum {
    BENCH_GROUP_NONE,
    BENCH_GROUP_CREATEHASH,
    BENCH_GROUP_WEBCRYPTO,
    BENCH_GROUP_BUILTIN,
    BENCH_GROUP_FROM_JS,
    BENCH_GROUP_C,
    BENCH_GROUP_PYTHON,
    BENCH_GROUP_NPM
};

typedef struct bench_report_meta {
    char cpu_model[160];
    int ncpus, pinned_cpu;     /* pinned_cpu < 0: not pinned */
    double tick_hz, core_hz, core_hz_end, core_per_tick;
    int core_estimated;
    const char *tick_source;
    const char *compiler;
    char build[160];
    const char *version;
    char backends[160];        /* supported, best first */
    char auto_backend[32], hex_backend[32];
    char openssl[160];
    char js[3][200];           /* "node 20.20.2 (/usr/bin/node)" or why not */
    int js_found[3];           /* node, bun, deno found */
    char cpu_id[96];           /* "AuthenticAMD family 25 model 17" */
    char python[160];
    int all_rows, full;        /* --all-rows, --full */
    size_t count, batch, js_count, js_async_count, js_peer_count;
    int reps, threads, quick;
    char date[40];
    char host_kernel[160];
    char modes[40];
} bench_report_meta;

bench_report_row *bench_report_add(void);          /* a zeroed row appended to the results */
size_t bench_report_count(void);
bench_report_row *bench_report_get(size_t i);
/* The next row of section from index *i on (*i moves past it); NULL: none. */
const bench_report_row *bench_report_next(const char *section, size_t *i);

/* Human-readable tables on `out`. */
void bench_report_print_header(FILE *out, const bench_report_meta *m);
void bench_report_print_seed(FILE *out, const bench_report_meta *m);
/* The seed report's parts, in the order printed (each as soon as its rows
 * are in): what will run and how long it should take; the seed's answer;
 * fastsha256 from each runtime; C; Python and the npm libraries. */
void bench_report_print_plan(FILE *out, const bench_report_meta *m, int rows, double seconds);
void bench_report_print_answer(FILE *out, const bench_report_meta *m);
void bench_report_print_from_js(FILE *out, const bench_report_meta *m);
void bench_report_print_c(FILE *out, const bench_report_meta *m);
void bench_report_print_others(FILE *out, const bench_report_meta *m);
/* After them: with --all-rows the long list of every row; distinct against
 * repeated messages; the checksums. */
void bench_report_print_seed_rest(FILE *out, const bench_report_meta *m);
void bench_report_print_sweep(FILE *out, const bench_report_meta *m);
void bench_report_print_kernels(FILE *out, const bench_report_meta *m);
/* A plain table of one section's rows (for modes without a table of their
 * own); nothing when the section has no rows. */
void bench_report_print_rows(FILE *out, const bench_report_meta *m, const char *section);

/* Writes the header and every section's table (the program's choice). */
typedef void (*bench_report_tables_fn)(FILE *out, const bench_report_meta *m);

void bench_report_write_csv(FILE *out, const bench_report_meta *m); /* m: unused */
void bench_report_write_json(FILE *out, const bench_report_meta *m);

/* Before the run: checks that DIR can take the results, creating it when
 * only its last component is missing. Prints why not and returns -1. */
int bench_report_prepare_dir(const char *dir);

/* After the run, into the DIR bench_report_prepare_dir accepted: writes
 * DIR/results.csv, results.json, results.txt (`tables`) and, with sweep rows,
 * throughput.dat and throughput.gp, then runs gnuplot (when on PATH) for
 * throughput.png and throughput.svg. Returns 0 on success. */
int bench_report_write_dir(const char *dir, const bench_report_meta *m, int verbose,
                           bench_report_tables_fn tables);

/* Runtime k (node, bun, deno) was not found: its line in the run's
 * description, naming what installs it; the answer says it is missing. */
void bench_report_js_missing(bench_report_meta *m, int k);

/* "12.35M", "482.1k", ... */
void bench_report_fmt_rate(char *buf, size_t n, double v);

/* --- Progress (bench_eta.c) ---------------------------------------------------
 * On standard error: "[k/N] row..., about M min left". The run's rows and
 * their expected seconds are planned first; the time left is the plan's
 * rest, scaled by how the rows done so far compared with their plan. */

/* Adds rows expected to take seconds in all to the plan. */
void bench_eta_plan(int rows, double seconds);
/* The plan so far: rows and expected seconds. */
int bench_eta_rows(void);
double bench_eta_seconds(void);
/* Starts the next `rows` rows, expected to take seconds: prints the progress
 * line, naming them by fmt. */
void bench_eta_step(int rows, double seconds, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* "about 3 min", "about 40 s": a duration as the header and progress say it. */
void bench_eta_fmt(char *buf, unsigned long n, double seconds);

/* --- The report files' own (bench_report*.c, bench_table.c) ---------------------
 * The tables' cells and text tables, the size sweep's series (its table and
 * its plot show the same ones), and the --output pictures' helpers. */

/* Returned by value so that a call can be an argument in place:
 * fprintf(out, "%s", bench_report_num(v).s), valid to the end of the full
 * expression. */
typedef struct bench_report_cell {
    char s[16];
} bench_report_cell;

bench_report_cell bench_report_rate(double v);            /* bench_report_fmt_rate's text */
bench_report_cell bench_report_num(double v);             /* 1234, 123.4, 12.34, 1.234, "-" */
bench_report_cell bench_report_ratio(double a, double b); /* a / b as "1.23x", "-" */
bench_report_cell bench_report_count_text(double v);      /* "5,000,000" */
const char *bench_report_check_text(int check);           /* "ok", "MISMATCH", "-" */

/* "1.01M-1.10M", with "(1 outlier rep)" when a repetition was one. */
void bench_report_fmt_spread(char *buf, size_t n, const bench_report_row *r);

/* The seed rows of a group (BENCH_GROUP_*), fastest first; returns how many. */
size_t bench_report_ranked(int group, const bench_report_row **out, size_t max);

/* --- Text tables whose columns fit their contents (bench_table.c) -------------
 * Cells are collected first, then printed with each column as wide as its
 * widest cell (no name is cut and no column shifts). */
#define BENCH_TABLE_MAX_COLS 12

typedef struct bench_table bench_table;

/* A table of ncols columns; align holds one letter per column, 'l' or 'r'. */
bench_table *bench_table_new(int ncols, const char *align);
/* Appends a row of ncols cells (NULL cells print empty). */
void bench_table_row(bench_table *t, const char *const *cells);
/* Appends a line printed as it is, across the columns (a group's title). */
void bench_table_line(bench_table *t, const char *text);
/* Prints every row, each line indented by indent spaces, and frees t. */
void bench_table_print(bench_table *t, FILE *out, int indent);

/* --- The size sweep's series -------------------------------------------------- */

#define BENCH_REPORT_MAX_SERIES 16
#define BENCH_REPORT_MAX_SIZES 16

typedef struct bench_report_sweep {
    size_t sizes[BENCH_REPORT_MAX_SIZES], nsizes; /* ascending */
    struct bench_report_series {
        char label[48];                                     /* the plot's key */
        char head[48];                                      /* the table's column heading */
        const bench_report_row *at[BENCH_REPORT_MAX_SIZES]; /* by size; NULL: not measured */
    } s[BENCH_REPORT_MAX_SERIES];
    size_t nseries;
} bench_report_sweep;

void bench_report_sweep_collect(bench_report_sweep *w); /* nsizes 0: no sweep rows */

/* --output's files and pictures (bench_report_plot.c). DIR/name written by
 * write; -1 when it cannot be opened or closed. */
int bench_report_write_file(const char *dir, const char *name, bench_report_tables_fn write,
                            const bench_report_meta *m);
/* s in a double-quoted gnuplot string (its quotes and backslashes dropped),
 * or as a single-quoted one (quotes kept). */
void bench_report_gp_escape(FILE *out, const char *s);
void bench_report_gp_quote(FILE *out, const char *s);
/* The loop that draws a gnuplot script's plot twice: DIR/stem.png (pngcairo
 * where gnuplot has it), then stem.svg, width x height; the script closes
 * the loop's brace. */
void bench_report_gp_pictures(FILE *gp, const char *stem, int width, int height);
/* Writes DIR/stem.dat and DIR/stem.gp, then gnuplot (when on PATH) draws
 * stem.png and stem.svg. Returns -1 when a file or gnuplot failed. */
int bench_report_plot(const char *dir, const char *stem, bench_report_tables_fn write_dat,
                      bench_report_tables_fn write_gp, const bench_report_meta *m, int verbose);

/* With seed rows: DIR/seed.dat, seed.gp, and the bar chart seed.png and
 * seed.svg (bench_report_chart.c). Returns -1 on failure. */
int bench_report_write_chart(const char *dir, const bench_report_meta *m, int verbose);

#endif /* FASTSHA256_BENCH_REPORT_H */
