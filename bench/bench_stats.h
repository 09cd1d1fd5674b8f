/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Statistics of repetitions: the spread every row shows next to its rate,
 * medians and sorting. */
#ifndef FASTSHA256_BENCH_STATS_H
#define FASTSHA256_BENCH_STATS_H

#include <stddef.h>

/* A repetition further than this fraction from the median is an outlier:
 * flagged in the row, never part of its rate (the rate is the median). */
#define BENCH_OUTLIER_FRACTION 0.25

typedef struct bench_spread {
    double min, med, max;
    int n, outliers;
} bench_spread;

bench_spread bench_spread_of(const double *v, int n);

/* Sorts n doubles in place, smallest first. */
void bench_sort_doubles(double *v, size_t n);
/* Median of n doubles (sorts a copy; n <= 64): the mean of the middle two
 * for an even n. */
double bench_median(const double *v, int n);

#endif /* FASTSHA256_BENCH_STATS_H */
