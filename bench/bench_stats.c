/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The statistics of a row's repetitions: median, spread and outliers
 * (see bench_common.h). */
#include <stdlib.h>
#include <string.h>

#include "bench_common.h"

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

void bench_sort_doubles(double *v, size_t n) { qsort(v, n, sizeof *v, cmp_double); }

double bench_median(const double *v, int n) {
    double s[BENCH_MAX_REPS];
    n = n < BENCH_MAX_REPS ? n : BENCH_MAX_REPS;
    if (n <= 0)
        return 0;
    memcpy(s, v, (size_t)n * sizeof *s);
    bench_sort_doubles(s, (size_t)n);
    return n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
}

bench_spread bench_spread_of(const double *v, int n) {
    bench_spread s;
    memset(&s, 0, sizeof s);
    if (n <= 0)
        return s;
    s.med = bench_median(v, n);
    s.min = s.max = v[0];
    for (int i = 0; i < n; i++) {
        s.min = v[i] < s.min ? v[i] : s.min;
        s.max = v[i] > s.max ? v[i] : s.max;
        s.outliers += v[i] < s.med * (1 - BENCH_OUTLIER_FRACTION) ||
                      v[i] > s.med * (1 + BENCH_OUTLIER_FRACTION);
    }
    return s;
}
