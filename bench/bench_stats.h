/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The spread of a row's repetitions: what every row shows next to its rate. */
#ifndef FASTSHA256_BENCH_STATS_H
#define FASTSHA256_BENCH_STATS_H

/* A repetition further than this fraction from the median is an outlier:
 * flagged in the row, never part of its rate (the rate is the median). */
#define BENCH_OUTLIER_FRACTION 0.25

typedef struct bench_spread {
    double min, med, max;
    int n, outliers;
} bench_spread;

bench_spread bench_spread_of(const double *v, int n);

#endif /* FASTSHA256_BENCH_STATS_H */
