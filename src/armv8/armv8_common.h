/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Helpers shared by the ARMv8 SHA-256 kernels (Cryptography Extensions).
 *
 * The state lives in two vectors, ABCD and EFGH, lane 0 = a (resp. e): the
 * same order as state[8], so it loads and stores with plain vld1q/vst1q.
 * Four rounds are one sha256h (new ABCD) and one sha256h2 (new EFGH), both
 * fed the old ABCD and the same four W+K words. The schedule makes the next
 * four words from the last sixteen with sha256su0 and sha256su1.
 *
 * Little-endian AArch64 only (CMake never selects these files for
 * aarch64_be): message words are byte-reversed with rev32. */
#ifndef FASTSHA256_ARMV8_COMMON_H
#define FASTSHA256_ARMV8_COMMON_H

#include <arm_neon.h>

#include "../internal.h"

#if defined(__AARCH64EB__)
#  error "the ARMv8 kernels assume little-endian AArch64"
#endif

/* Message quad q (words 4q..4q+3) of a block, as big-endian words. */
static inline uint32x4_t armv8_load_msg(const uint8_t *block, int q) {
    return vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(block + 16 * q)));
}

/* Round constants K[4q..4q+3]. */
static inline uint32x4_t armv8_k(int q) { return vld1q_u32(fsha256_sha256_k + 4 * q); }

/* Rounds with the four words wk = W + K. */
static inline void armv8_rounds4(uint32x4_t *abcd, uint32x4_t *efgh, uint32x4_t wk) {
    const uint32x4_t abcd_in = *abcd;
    *abcd = vsha256hq_u32(abcd_in, *efgh, wk);
    *efgh = vsha256h2q_u32(*efgh, abcd_in, wk);
}

/* W[t+16..t+19] from W[t..t+3] (w0), W[t+4..] (w4), W[t+8..] (w8), W[t+12..] (w12). */
static inline uint32x4_t armv8_schedule(uint32x4_t w0, uint32x4_t w4, uint32x4_t w8,
                                        uint32x4_t w12) {
    return vsha256su1q_u32(vsha256su0q_u32(w0, w4), w8, w12);
}

#endif /* FASTSHA256_ARMV8_COMMON_H */
