/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* fastsha256-bench --kdf (bench_kdf.c): PBKDF2 and HKDF next to OpenSSL. */
#ifndef FASTSHA256_BENCH_KDF_H
#define FASTSHA256_BENCH_KDF_H

#include <stdio.h>

#include "bench_context.h"

/* The time of one sha256rnds2 in a dependent chain and its reciprocal
 * throughput, in ns (bench_kdf_probe.c); 0 where there is no SHA-NI. */
int bench_kdf_rnds2_probe(const bench_ctx *c, double *latency_ns, double *throughput_ns);
/* ns per block of fastsha256_many on 16 long independent messages. */
double bench_kdf_lanes_block_ns(const bench_ctx *c);

/* The Node and Python rows (bench_kdf_runtimes.c): run the scripts, then
 * print their table. */
void bench_kdf_runtimes_run(const bench_ctx *c, uint64_t iterations);
void bench_kdf_runtimes_print(FILE *out);

#endif /* FASTSHA256_BENCH_KDF_H */
