/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The peer programs (bench/js, bench/python), found and run by bench/peers.sh:
 * every line they print is a flat JSON object (bench/js/harness.mjs
 * describes the rows), read here (bench_peer.c); and the modes' rows that
 * come from them (bench_seed_peers.c, bench_kdf_runtimes.c). */
#ifndef FASTSHA256_BENCH_PEER_H
#define FASTSHA256_BENCH_PEER_H

#include <stddef.h>

#include "bench_context.h"

#define BENCH_PEER_MAX_REPS 64

typedef struct bench_peer_row {
    char runtime[16];
    char version[64];
    char style[64];
    char last[65];                     /* the last hex digest */
    char missing[200];                 /* why the row cannot run here, or "" */
    char who[48], label[96];           /* peers.sh's line naming the next row */
    char path[256];                    /* peers.sh versions: where the runtime is */
    int nreps;
    double rate[BENCH_PEER_MAX_REPS];  /* messages per second of each repetition */
    size_t count;                      /* messages over all repetitions */
} bench_peer_row;

/* One line: 1 a row (with "n" and "ms"), 2 a {"missing": ...} line, 3 any
 * other JSON object (its known members read), 0 anything else. */
int bench_peer_parse(const char *line, bench_peer_row *r);

/* bench/peers.sh with the arguments fmt makes (printf; "versions", "GROUP
 * COUNT REPS", "--list GROUP ...", "tree ...": as the script says), its
 * lines to on_line. The script is found in the source tree or the installed
 * share folder; the options (--runtimes, --js-dir, the timeout), the CPUs
 * the JS runtimes may use and this build's addon and Python module reach it
 * in its environment. Returns its exit status, or -1 when it is not found. */
int bench_peers_run(const bench_ctx *c, bench_proc_line_fn on_line, void *arg, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* --seed's peer rows (bench_seed_peers.c): the runtimes found (their
 * versions go to the run's description), then one report group
 * (BENCH_GROUP_*: a JavaScript one, or Python) planned and run at a time;
 * each row added to section "seed" and checked against BENCH_SEED_HEX. */
void bench_seed_peers_discover(bench_ctx *c);
void bench_seed_peers_plan(const bench_ctx *c, int group);
void bench_seed_peers_group(bench_ctx *c, int group);
/* The line after a measured seed row (bench_seed.c's too): its rate. */
void bench_seed_row_progress(const bench_report_row *r);

/* --kdf's Node and Python rows (bench_kdf_runtimes.c): run the scripts,
 * then print their table. */
void bench_kdf_runtimes_run(const bench_ctx *c, uint64_t iterations);
void bench_kdf_runtimes_print(FILE *out);

#endif /* FASTSHA256_BENCH_PEER_H */
