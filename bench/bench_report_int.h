/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Shared by the bench_report*.c files only: the tables' cells and the size
 * sweep's series (its table and its plot show the same ones). */
#ifndef FASTSHA256_BENCH_REPORT_INT_H
#define FASTSHA256_BENCH_REPORT_INT_H

#include "bench_report.h"

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

#endif /* FASTSHA256_BENCH_REPORT_INT_H */
