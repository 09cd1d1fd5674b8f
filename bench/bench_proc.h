/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Child programs of fastsha256-bench (bench/peers.sh, python3, its own
 * OpenSSL probe): shell commands whose output is read line by line as it
 * comes. They inherit the pinning; bench/peers.sh unpins the JS runtimes. */
#ifndef FASTSHA256_BENCH_PROC_H
#define FASTSHA256_BENCH_PROC_H

#include <stddef.h>

#define BENCH_PATH_MAX 4096

typedef void (*bench_proc_line_fn)(void *arg, const char *line);

/* Runs cmd with /bin/sh: on_line(arg, line) for each line of its standard
 * output, without the newline (longer lines come in pieces). Returns its
 * exit status, or -1 when it could not run or was killed. */
int bench_proc_lines(const char *cmd, bench_proc_line_fn on_line, void *arg);

/* The same, the output kept in out (NUL-terminated, cut to outlen > 0). */
int bench_proc_capture(const char *cmd, char *out, size_t outlen);

/* s single-quoted for the shell, into out (cut to n). */
void bench_proc_quote(char *out, size_t n, const char *s);

#endif /* FASTSHA256_BENCH_PROC_H */
