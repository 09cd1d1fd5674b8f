/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The AVX2 backend: its kernels and descriptor (avx2_backend.c). */
#ifndef FSHA256_AVX2_H
#define FSHA256_AVX2_H

#include "../compiler.h"
#include "../seams.h"

#if defined(FSHA256_ARCH_X86) && defined(FASTSHA256_HAVE_X86_KERNELS)
void fsha256_avx2_blocks(uint32_t state[8], const uint8_t *data, size_t nblocks);
void fsha256_avx2_lanes_x8(uint32_t *const states[], const uint8_t *const data[],
                           size_t nblocks);
void fsha256_avx2_oneblock_x8(const uint32_t iv[8], const uint8_t *const blocks[],
                              uint8_t *digests, size_t digest_size);
void fsha256_avx2_rounds_wk_x8(uint32_t *const states[], const uint32_t wk[64]);
void fsha256_avx2_hmac_x8(const uint32_t inner[8], const uint32_t outer[8],
                          const uint8_t *const data[], size_t nblocks, const uint32_t wk[64],
                          uint8_t *tags, size_t digest_size);
extern const fsha256_backend fsha256_backend_avx2;
#endif

#endif /* FSHA256_AVX2_H */
