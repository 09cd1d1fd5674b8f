/* SPDX-License-Identifier: Apache-2.0 OR MIT */
#include "bench_stats.h"

#include <stdlib.h>
#include <string.h>

#define BENCH_STATS_MAX 64

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median_of(const double *v, int n) {
    double s[BENCH_STATS_MAX];
    n = n < BENCH_STATS_MAX ? n : BENCH_STATS_MAX;
    memcpy(s, v, (size_t)n * sizeof *s);
    qsort(s, (size_t)n, sizeof *s, cmp_double);
    return n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
}

bench_spread bench_spread_of(const double *v, int n) {
    bench_spread s;
    memset(&s, 0, sizeof s);
    if (n <= 0)
        return s;
    s.n = n;
    s.med = median_of(v, n);
    s.min = s.max = v[0];
    for (int i = 0; i < n; i++) {
        s.min = v[i] < s.min ? v[i] : s.min;
        s.max = v[i] > s.max ? v[i] : s.max;
        s.outliers += v[i] < s.med * (1 - BENCH_OUTLIER_FRACTION) ||
                      v[i] > s.med * (1 + BENCH_OUTLIER_FRACTION);
    }
    return s;
}
