/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* SSSE3 lowercase hex encoder (compiled with -mssse3).
 *
 * Sixteen bytes at a time: split into high and low nibbles, translate each
 * through the 16-character alphabet held in a register (pshufb: a register
 * shuffle, constant-time in the data), interleave high/low characters with
 * unpacklo/unpackhi and store 32 characters. Tails go to the portable code.
 *
 * In batches this is bound by instruction count, not by any one unit: without
 * VEX, pshufb and unpack overwrite their first operand, so each 16 bytes also
 * costs four register copies (about 30 instructions per digest). */
#include "../internal.h"

#if defined(FSHA256_ARCH_X86) && defined(FASTSHA256_HAVE_X86_KERNELS)

#include <string.h>

#include "hex_simd.h"
#include "hex_ssse3.h"

/* An unaligned vector load through memcpy (a single movdqu once optimised),
 * so no misaligned __m128i pointer is ever formed. */
static inline __m128i fsha256_hex_ssse3_load(const uint8_t *p) {
    __m128i v;
    memcpy(&v, p, sizeof v);
    return v;
}

static void hex_bytes_ssse3(const uint8_t *in, size_t n, char *out) {
    size_t i = 0;
    for (; n - i >= 16; i += 16) fsha256_hex_ssse3_16(fsha256_hex_ssse3_load(in + i), out + 2 * i);
    if (i < n) /* never in + 0 for an empty input, which may be NULL */
        fsha256_hex_bytes_portable(in + i, n - i, out + 2 * i);
}

static void hex_digests_ssse3(const uint8_t (*digests)[32], size_t n, char (*out)[65]) {
    for (size_t d = 0; d < n; d++) {
        fsha256_hex_ssse3_16(fsha256_hex_ssse3_load(digests[d]), out[d]);
        fsha256_hex_ssse3_16(fsha256_hex_ssse3_load(digests[d] + 16), out[d] + 32);
        FSHA256_HEX_STORE_ORDER();
        out[d][64] = '\0';
    }
}

const fsha256_hex_encoder fsha256_hex_ssse3 = {"ssse3", FSHA256_CPU_SSSE3, hex_bytes_ssse3,
                                                hex_digests_ssse3};

#endif /* FSHA256_ARCH_X86 && FASTSHA256_HAVE_X86_KERNELS */
