/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Child programs of fastsha256-bench (bench/peers.sh, gnuplot, python3, its
 * own OpenSSL probe): run with their output read line by line as it comes. */
#ifndef FASTSHA256_BENCH_PROC_H
#define FASTSHA256_BENCH_PROC_H

#include <stddef.h>

#define BENCH_PATH_MAX 4096

typedef void (*bench_proc_line_fn)(void *arg, const char *line);

/* Runs argv (argv[0] a path, or a name looked up on PATH) with standard
 * output and errors into one pipe: on_line(arg, line) for each line, without
 * its newline (longer lines come in pieces). env: NULL or "NAME=value", set
 * in the child; unpinned: the child gets the saved CPU set back. Returns the
 * exit status (0..255), 128+signal when killed, -1 when it could not start,
 * -2 when it ran past timeout_s seconds (it is killed). */
int bench_proc_lines(const char *const *argv, const char *env, int unpinned, unsigned timeout_s,
                     bench_proc_line_fn on_line, void *arg);

/* The same, the output kept in out (NUL-terminated, cut to outlen > 0). */
int bench_proc_capture(const char *const *argv, const char *env, int unpinned,
                       unsigned timeout_s, char *out, size_t outlen);

#endif /* FASTSHA256_BENCH_PROC_H */
