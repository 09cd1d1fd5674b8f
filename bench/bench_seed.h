/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The seed mode's parts (bench_seed.c, bench_seed_js.c, bench_seed_python.c,
 * bench_seed_rows.c):
 * each adds its rows to section "seed" and checks them against BENCH_SEED_HEX. */
#ifndef FASTSHA256_BENCH_SEED_H
#define FASTSHA256_BENCH_SEED_H

#include "bench_context.h"
#include "bench_peer.h"

/* The line after a measured seed row: its rate. */
void bench_seed_row_progress(const bench_report_row *r);

/* A row a peer program measured (it timed itself): the rates of its
 * repetitions, the check of its last hex digest; the caller adds the note. */
bench_report_row *bench_seed_runtime_row(bench_ctx *c, const char *who, int group,
                                         const char *style, const bench_peer_row *pr);

/* The JavaScript runtimes (bench_seed_js.c): found once (their versions go
 * to the run's description), then planned and run one report group at a
 * time. */
void bench_seed_js_discover(bench_ctx *c);
void bench_seed_js_plan(const bench_ctx *c, int group);
void bench_seed_js_group(bench_ctx *c, int group);
size_t bench_seed_js_count(const bench_ctx *c, int group);

/* Python's rows (bench_seed_python.c), unless --no-python. */
void bench_seed_python_plan(const bench_ctx *c);
void bench_seed_python(bench_ctx *c);

#endif /* FASTSHA256_BENCH_SEED_H */
