/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Text tables whose columns fit their contents: cells are collected first,
 * then printed with each column as wide as its widest cell (no name is cut
 * and no column shifts). */
#ifndef FASTSHA256_BENCH_TABLE_H
#define FASTSHA256_BENCH_TABLE_H

#include <stdio.h>

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

#endif /* FASTSHA256_BENCH_TABLE_H */
