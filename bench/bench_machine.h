/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The machine, as the header and --limits name it: the CPU's model, vendor,
 * family and model, and the Python interpreter found. */
#ifndef FASTSHA256_BENCH_MACHINE_H
#define FASTSHA256_BENCH_MACHINE_H

#include <stddef.h>

/* /proc/cpuinfo's "model name" (or its ARM equivalents), or "unknown". */
void bench_machine_cpu_model(char *out, size_t n);

/* "AuthenticAMD family 25 model 17" from /proc/cpuinfo, or "". */
void bench_machine_cpu_id(char *out, size_t n);

/* For --limits: "AuthenticAMD family 25 model 1 stepping 1" into id (x86:
 * CPUID; AArch64: /proc/cpuinfo's implementer, architecture, part and
 * revision) and the results file's stem, "amd-f25-m1", into stem. */
void bench_machine_cpu_stem(char *id, size_t id_size, char *stem, size_t stem_size);

/* "Python 3.11.2 (/usr/bin/python3)" ($FASTSHA256_PYTHON, else that), or why not. */
void bench_machine_python(char *out, size_t n);

#endif /* FASTSHA256_BENCH_MACHINE_H */
