/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The WebAssembly SIMD128 backend: four lanes for batches (simd128_lanes.c)
 * and its descriptor (simd128_backend.c). Its kernels exist only in a module
 * built with -msimd128; in the MVP module the backend has no flavour, so it
 * is neither listed nor chosen. */
#ifndef FSHA256_SIMD128_H
#define FSHA256_SIMD128_H

#include "../compiler.h"
#include "../seams.h"

#if defined(__wasm_simd128__)
void fsha256_simd128_lanes_x4(uint32_t *const states[], const uint8_t *const data[],
                              size_t nblocks);
void fsha256_simd128_oneblock_x4(const uint32_t iv[8], const uint8_t *const blocks[],
                                 uint8_t *digests, size_t digest_size);
void fsha256_simd128_rounds_wk_x4(uint32_t *const states[], const uint32_t wk[64]);
void fsha256_simd128_hmac_x4(const uint32_t inner[8], const uint32_t outer[8],
                             const uint8_t *const data[], size_t nblocks, const uint32_t wk[64],
                             uint8_t *tags, size_t digest_size);
#endif
#if defined(__wasm__)
extern const fsha256_backend fsha256_backend_simd128;
#endif

#endif /* FSHA256_SIMD128_H */
