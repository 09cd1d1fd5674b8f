/* SPDX-License-Identifier: Apache-2.0 OR MIT */
#include "bench_report.h"

#include <stdlib.h>
#include <string.h>

/* A row is ncols cells, or one line (ncols 0). */
typedef struct table_row {
    char *cell[BENCH_TABLE_MAX_COLS];
    int ncols;
} table_row;

struct bench_table {
    int ncols;
    char align[BENCH_TABLE_MAX_COLS];
    table_row *rows;
    size_t n, cap;
};

static char *copy(const char *s) {
    size_t n = strlen(s ? s : "") + 1;
    char *p = malloc(n);
    if (p)
        memcpy(p, s ? s : "", n);
    return p;
}

bench_table *bench_table_new(int ncols, const char *align) {
    bench_table *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->ncols = ncols < BENCH_TABLE_MAX_COLS ? ncols : BENCH_TABLE_MAX_COLS;
    for (int i = 0; i < t->ncols; i++)
        t->align[i] = align && align[i] == 'r' ? 'r' : 'l';
    return t;
}

static table_row *next_row(bench_table *t) {
    if (!t)
        return NULL;
    if (t->n == t->cap) {
        size_t cap = t->cap ? 2 * t->cap : 32;
        table_row *rows = realloc(t->rows, cap * sizeof *rows);
        if (!rows)
            return NULL;
        t->rows = rows;
        t->cap = cap;
    }
    table_row *r = &t->rows[t->n++];
    memset(r, 0, sizeof *r);
    return r;
}

void bench_table_row(bench_table *t, const char *const *cells) {
    table_row *r = next_row(t);
    if (!r)
        return;
    r->ncols = t->ncols;
    for (int i = 0; i < t->ncols; i++)
        r->cell[i] = copy(cells[i]);
}

void bench_table_line(bench_table *t, const char *text) {
    table_row *r = next_row(t);
    if (r)
        r->cell[0] = copy(text);
}

void bench_table_print(bench_table *t, FILE *out, int indent) {
    if (!t)
        return;
    size_t width[BENCH_TABLE_MAX_COLS] = {0};
    for (size_t i = 0; i < t->n; i++)
        for (int k = 0; k < t->rows[i].ncols; k++)
            if (t->rows[i].cell[k] && strlen(t->rows[i].cell[k]) > width[k])
                width[k] = strlen(t->rows[i].cell[k]);
    for (size_t i = 0; i < t->n; i++) {
        const table_row *r = &t->rows[i];
        fprintf(out, "%*s", r->ncols ? indent : 0, "");
        if (!r->ncols)
            fprintf(out, "%s", r->cell[0] ? r->cell[0] : "");
        for (int k = 0; k < r->ncols; k++) {
            int w = (int)width[k], last = k == r->ncols - 1;
            const char *s = r->cell[k] ? r->cell[k] : "";
            if (t->align[k] == 'r')
                fprintf(out, "%s%*s", k ? "  " : "", w, s);
            else
                fprintf(out, "%s%-*s", k ? "  " : "", last ? 0 : w, s);
        }
        fputc('\n', out);
        for (int k = 0; k < BENCH_TABLE_MAX_COLS; k++)
            free(r->cell[k]);
    }
    free(t->rows);
    free(t);
}
