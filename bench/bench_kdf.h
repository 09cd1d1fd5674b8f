/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* fastsha256-bench --kdf (bench_kdf.c): PBKDF2 and HKDF next to OpenSSL. */
#ifndef FASTSHA256_BENCH_KDF_H
#define FASTSHA256_BENCH_KDF_H

#include <stdio.h>

#include "bench_context.h"

/* The Node and Python rows (bench_kdf_runtimes.c): run the scripts, then
 * print their table. */
void bench_kdf_runtimes_run(const bench_ctx *c, uint64_t iterations);
void bench_kdf_runtimes_print(FILE *out);

#endif /* FASTSHA256_BENCH_KDF_H */
