/* The seed mode's parts (bench_seed.c, bench_seed_js.c): each adds its rows
 * to section "seed" and checks them against BENCH_SEED_HEX. */
#ifndef FASTSHA256_BENCH_SEED_H
#define FASTSHA256_BENCH_SEED_H

#include "bench_context.h"

/* The progress line of a seed row. */
void bench_seed_row_progress(const br_row *r);

/* The JavaScript runtimes' rows (node, bun, deno), unless --no-js. */
void bench_seed_js(bench_ctx *c);

#endif /* FASTSHA256_BENCH_SEED_H */
