/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The seed mode's parts: bench_seed.c (the C rows, the order of the report)
 * and bench_seed_peers.c (the JavaScript runtimes' and Python's rows, run by
 * bench/peers.sh); each adds its rows to section "seed" and checks them
 * against BENCH_SEED_HEX. */
#ifndef FASTSHA256_BENCH_SEED_H
#define FASTSHA256_BENCH_SEED_H

#include "bench_context.h"

/* The line after a measured seed row: its rate. */
void bench_seed_row_progress(const bench_report_row *r);

/* The runtimes found (their versions go to the run's description), then one
 * report group (BENCH_GROUP_*: a JavaScript one, or Python) planned and run
 * at a time. */
void bench_seed_peers_discover(bench_ctx *c);
void bench_seed_peers_plan(const bench_ctx *c, int group);
void bench_seed_peers_group(bench_ctx *c, int group);

#endif /* FASTSHA256_BENCH_SEED_H */
