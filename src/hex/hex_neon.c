/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Lowercase hex with Advanced SIMD (baseline armv8-a, no crypto extension).
 *
 * Sixteen bytes at a time: their high and low nibbles index the sixteen
 * digit characters held in a register (tbl), and st2 interleaves the two
 * results into 32 characters in output order. No table in memory is
 * indexed by the data and no branch depends on it, so the encoder is
 * constant-time in the data. Fewer than sixteen leftover bytes go through
 * the portable encoder, which is constant-time as well. */
#include "../internal.h"

#if defined(FSHA256_ARCH_AARCH64) && defined(FASTSHA256_HAVE_ARMV8_KERNELS)

#include <arm_neon.h>

static const uint8_t hex_digits[16] = {'0', '1', '2', '3', '4', '5', '6', '7',
                                       '8', '9', 'a', 'b', 'c', 'd', 'e', 'f'};

static inline void hex16(uint8x16_t digits, const uint8_t *in, char *out) {
    const uint8x16_t v = vld1q_u8(in);
    uint8x16x2_t chars;
    chars.val[0] = vqtbl1q_u8(digits, vshrq_n_u8(v, 4));
    chars.val[1] = vqtbl1q_u8(digits, vandq_u8(v, vdupq_n_u8(0x0f)));
    vst2q_u8((uint8_t *)out, chars);
}

static void hex_bytes_neon(const uint8_t *in, size_t n, char *out) {
    const uint8x16_t digits = vld1q_u8(hex_digits);
    size_t i = 0;
    for (; n - i >= 16; i += 16)
        hex16(digits, in + i, out + 2 * i);
    if (i < n)
        fsha256_hex_bytes_portable(in + i, n - i, out + 2 * i);
}

static void hex_digests_neon(const uint8_t (*digests)[32], size_t n, char (*out)[65]) {
    const uint8x16_t digits = vld1q_u8(hex_digits);
    for (size_t d = 0; d < n; d++) {
        hex16(digits, digests[d], out[d]);
        hex16(digits, digests[d] + 16, out[d] + 32);
        out[d][64] = '\0';
    }
}

const fsha256_hex_encoder fsha256_hex_neon = {"neon", FSHA256_CPU_NEON, hex_bytes_neon,
                                               hex_digests_neon};

#endif /* FSHA256_ARCH_AARCH64 && FASTSHA256_HAVE_ARMV8_KERNELS */
