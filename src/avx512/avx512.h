/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The AVX-512 batch backend: its lane kernels and descriptor (avx512_backend.c). */
#ifndef FSHA256_AVX512_H
#define FSHA256_AVX512_H

#include "../compiler.h"
#include "../seams.h"

#if defined(FSHA256_ARCH_X86) && defined(FASTSHA256_HAVE_X86_KERNELS)
void fsha256_avx512_lanes_x16(uint32_t *const states[], const uint8_t *const data[],
                              size_t nblocks);
void fsha256_avx512_oneblock_x16(const uint32_t iv[8], const uint8_t *const blocks[],
                                 uint8_t *digests, size_t digest_size);
void fsha256_avx512_rounds_wk_x16(uint32_t *const states[], const uint32_t wk[64]);
void fsha256_avx512_hmac_x16(const uint32_t inner[8], const uint32_t outer[8],
                             const uint8_t *const data[], size_t nblocks, const uint32_t wk[64],
                             uint8_t *tags, size_t digest_size);
void fsha256_avx512_lanes_x32(uint32_t *const states[], const uint8_t *const data[],
                              size_t nblocks);
void fsha256_avx512_oneblock_x32(const uint32_t iv[8], const uint8_t *const blocks[],
                                 uint8_t *digests, size_t digest_size);
void fsha256_avx512_rounds_wk_x32(uint32_t *const states[], const uint32_t wk[64]);
void fsha256_avx512_hmac_x32(const uint32_t inner[8], const uint32_t outer[8],
                             const uint8_t *const data[], size_t nblocks, const uint32_t wk[64],
                             uint8_t *tags, size_t digest_size);
extern const fsha256_backend fsha256_backend_avx512;
#endif

#endif /* FSHA256_AVX512_H */
