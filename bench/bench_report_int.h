/* Shared by the bench_report*.c files only: the tables' cells and the size
 * sweep's series (its table and its plot show the same ones). */
#ifndef FASTSHA256_BENCH_REPORT_INT_H
#define FASTSHA256_BENCH_REPORT_INT_H

#include "bench_report.h"

/* Returned by value so that a call can be an argument in place:
 * fprintf(out, "%s", br_num(v).s), valid to the end of the full expression. */
typedef struct br_cell {
    char s[16];
} br_cell;

br_cell br_rate(double v);            /* br_fmt_rate's text */
br_cell br_num(double v);             /* 1234, 123.4, 12.34, 1.234, "-" */
br_cell br_ratio(double a, double b); /* a / b as "1.23x", "-" */
br_cell br_size(size_t s);            /* "14 B", "4 KiB", "16 MiB" */
const char *br_check_text(int check); /* "ok", "MISMATCH", "-" */
int br_in(const br_row *r, const char *section);

#define BR_MAX_SERIES 16
#define BR_MAX_SIZES 16

typedef struct br_sweep {
    size_t sizes[BR_MAX_SIZES], nsizes; /* ascending */
    struct br_series {
        char label[48];                 /* the plot's key */
        char head[48];                  /* the table's column heading */
        const br_row *at[BR_MAX_SIZES]; /* by size; NULL: not measured */
    } s[BR_MAX_SERIES];
    size_t nseries;
} br_sweep;

void br_sweep_collect(br_sweep *w); /* nsizes 0: no sweep rows */

#endif /* FASTSHA256_BENCH_REPORT_INT_H */
