/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The rows of the peer programs (bench/js, bench/python/seed.py): each
 * prints one JSON line per row (bench/js/harness.mjs describes the format),
 * read here. */
#ifndef FASTSHA256_BENCH_PEER_H
#define FASTSHA256_BENCH_PEER_H

#include <stddef.h>

#define BENCH_PEER_MAX_REPS 64

typedef struct bench_peer_row {
    char runtime[16];
    char version[64];
    char style[64];
    char last[65];                     /* the last hex digest */
    char missing[200];                 /* why the row cannot run here, or "" */
    int nreps;
    double rate[BENCH_PEER_MAX_REPS];  /* messages per second of each repetition */
    size_t count;                      /* messages over all repetitions */
} bench_peer_row;

/* One line: 1 a row, 2 a {"missing": ...} line, 0 anything else. */
int bench_peer_parse(const char *line, bench_peer_row *r);

/* Runs argv (see bench_js_capture for env and restore_affinity) and reads
 * its rows into rows[0..max). Returns how many; on none, err says why (the
 * program's missing line, its last line of output, or its exit status) and
 * *missing is set when the program said the row cannot run here. */
int bench_peer_run(const char *const *argv, const char *env_name, const char *env_value,
                   int restore_affinity, unsigned timeout_s, bench_peer_row *rows, int max,
                   char *err, size_t errlen, int *missing);

#endif /* FASTSHA256_BENCH_PEER_H */
