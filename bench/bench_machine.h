/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* What the header says before anything runs: the CPU's vendor, family and
 * model, and the Python interpreter found. */
#ifndef FASTSHA256_BENCH_MACHINE_H
#define FASTSHA256_BENCH_MACHINE_H

#include <stddef.h>

/* "AuthenticAMD family 25 model 17" from /proc/cpuinfo, or "". */
void bench_machine_cpu_id(char *out, size_t n);

/* "Python 3.11.2 (/usr/bin/python3)" ($FASTSHA256_PYTHON, else that), or why not. */
void bench_machine_python(char *out, size_t n);

#endif /* FASTSHA256_BENCH_MACHINE_H */
