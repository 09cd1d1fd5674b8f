/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Lowercase hex of 16 bytes held in an SSE register, with SSSE3's pshufb
 * (a register shuffle, constant-time in the data): the SSSE3 encoder's step,
 * and how a backend that ends with its digest in SSE registers writes the
 * digest's hex without storing and reloading the bytes (fsha256_short_hex_fn).
 * Include only from files compiled with -mssse3. */
#ifndef FASTSHA256_HEX_SSSE3_H
#define FASTSHA256_HEX_SSSE3_H

#include <string.h>
#include <tmmintrin.h>

/* The 32 characters of v's 16 bytes, first byte first: *lo the characters
 * of bytes 0-7, *hi those of bytes 8-15. */
static inline void fsha256_hex_ssse3_chars(__m128i v, __m128i *lo, __m128i *hi) {
    const __m128i alphabet =
        _mm_setr_epi8('0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'a', 'b', 'c', 'd', 'e', 'f');
    const __m128i low4 = _mm_set1_epi8(0x0F);
    /* A 16-bit shift moves bits across byte boundaries; the mask removes them. */
    __m128i high_chars = _mm_shuffle_epi8(alphabet, _mm_and_si128(_mm_srli_epi16(v, 4), low4));
    __m128i low_chars = _mm_shuffle_epi8(alphabet, _mm_and_si128(v, low4));
    *lo = _mm_unpacklo_epi8(high_chars, low_chars);
    *hi = _mm_unpackhi_epi8(high_chars, low_chars);
}

/* Unaligned stores through memcpy (a single movdqu / movq once optimised),
 * so no misaligned __m128i pointer is ever formed. */
static inline void fsha256_hex_ssse3_store16(char *out, __m128i v) { memcpy(out, &v, 16); }
static inline void fsha256_hex_ssse3_store8(char *out, __m128i v) { memcpy(out, &v, 8); }

/* v's 16 bytes as 32 characters at out. */
static inline void fsha256_hex_ssse3_16(__m128i v, char *out) {
    __m128i lo, hi;
    fsha256_hex_ssse3_chars(v, &lo, &hi);
    fsha256_hex_ssse3_store16(out, lo);
    fsha256_hex_ssse3_store16(out + 16, hi);
}

#endif
