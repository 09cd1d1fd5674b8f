/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The peer programs (bench/js, bench/python), found and run by bench/peers.sh:
 * every line they print is a flat JSON object (bench/js/harness.mjs
 * describes the rows), read here. */
#ifndef FASTSHA256_BENCH_PEER_H
#define FASTSHA256_BENCH_PEER_H

#include <stddef.h>

#include "bench_context.h"
#include "bench_proc.h"

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

#endif /* FASTSHA256_BENCH_PEER_H */
