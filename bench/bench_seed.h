/* The seed mode's parts (bench_seed.c, bench_seed_js.c, bench_seed_python.c):
 * each adds its rows to section "seed" and checks them against BENCH_SEED_HEX. */
#ifndef FASTSHA256_BENCH_SEED_H
#define FASTSHA256_BENCH_SEED_H

#include "bench_context.h"

/* The progress line of a seed row. */
void bench_seed_row_progress(const bench_report_row *r);

/* A row measured by another runtime (it timed itself): the rates, the
 * count, the check of its last hex digest; the caller adds the note. */
bench_report_row *bench_seed_runtime_row(bench_ctx *c, const char *who, const char *version,
                                         const char *style, size_t count, double med_rate,
                                         double best_rate, const char *last_hex);

/* The JavaScript runtimes' rows (node, bun, deno; bench_seed_js.c),
 * unless --no-js, and the Python rows (bench_seed_python.c), unless
 * --no-python. */
void bench_seed_js(bench_ctx *c);
void bench_seed_python(bench_ctx *c);

#endif /* FASTSHA256_BENCH_SEED_H */
