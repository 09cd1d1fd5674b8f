/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The ARMv8 crypto-extension backend: its kernels and descriptor (armv8_backend.c). */
#ifndef FSHA256_ARMV8_H
#define FSHA256_ARMV8_H

#include "../compiler.h"
#include "../seams.h"

#if defined(FSHA256_ARCH_AARCH64) && defined(FASTSHA256_HAVE_ARMV8_KERNELS)
void fsha256_armv8_blocks(uint32_t state[8], const uint8_t *data, size_t nblocks);
void fsha256_armv8_short(const uint32_t iv[8], const uint8_t *msg, size_t len, uint8_t *out,
                         size_t digest_size);
void fsha256_armv8_lanes_x2(uint32_t *const states[], const uint8_t *const data[],
                            size_t nblocks);
void fsha256_armv8_oneblock_x2(const uint32_t iv[8], const uint8_t *const blocks[],
                               uint8_t *digests, size_t digest_size);
void fsha256_armv8_rounds_wk_x2(uint32_t *const states[], const uint32_t wk[64]);
extern const fsha256_backend fsha256_backend_armv8;
#endif

#endif /* FSHA256_ARMV8_H */
