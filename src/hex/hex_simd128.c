/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* WebAssembly SIMD128 lowercase hex encoder (compiled with -msimd128).
 *
 * Sixteen bytes per v128: the high and low nibbles index the 16-character
 * alphabet held in a register (i8x16.swizzle, constant-time in the data),
 * then two shuffles interleave them into 32 characters in order. Tails go
 * to the portable code. */
#include "../internal.h"

#if defined(__wasm_simd128__)

#include <wasm_simd128.h>

#include "hex_simd.h"

/* 16 bytes at in -> 32 characters at out. */
static inline void hex16(const uint8_t *in, char *out) {
    const v128_t alpha = wasm_i8x16_const('0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'a',
                                          'b', 'c', 'd', 'e', 'f');
    v128_t v = wasm_v128_load(in);
    v128_t hc = wasm_i8x16_swizzle(alpha, wasm_u8x16_shr(v, 4));
    v128_t lc = wasm_i8x16_swizzle(alpha, wasm_v128_and(v, wasm_i8x16_splat(0x0F)));
    wasm_v128_store(out, wasm_i8x16_shuffle(hc, lc, 0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6,
                                            22, 7, 23));
    wasm_v128_store(out + 16, wasm_i8x16_shuffle(hc, lc, 8, 24, 9, 25, 10, 26, 11, 27, 12, 28,
                                                 13, 29, 14, 30, 15, 31));
}

static void hex_bytes_simd128(const uint8_t *in, size_t n, char *out) {
    size_t i = 0;
    for (; n - i >= 16; i += 16)
        hex16(in + i, out + 2 * i);
    if (i < n) /* never in + 0 for an empty input, which may be NULL */
        fsha256_hex_bytes_portable(in + i, n - i, out + 2 * i);
}

static void hex_digests_simd128(const uint8_t (*digests)[32], size_t n, char (*out)[65]) {
    for (size_t d = 0; d < n; d++) {
        hex16(digests[d], out[d]);
        hex16(digests[d] + 16, out[d] + 32);
        FSHA256_HEX_STORE_ORDER();
        out[d][64] = '\0';
    }
}

/* No CPU requirement: a SIMD128 module does not even compile on an engine
 * without SIMD128, so running this code means the engine has it. */
const fsha256_hex_encoder fsha256_hex_simd128 = {"simd128", 0, hex_bytes_simd128,
                                                  hex_digests_simd128};

#elif defined(__wasm__)
/* The MVP module (no SIMD128) builds this file too and lists the encoder
 * (hex_encoders.def): no functions, so dispatch never chooses it. */
const fsha256_hex_encoder fsha256_hex_simd128 = {"simd128", 0, NULL, NULL};
#endif /* __wasm_simd128__ */
