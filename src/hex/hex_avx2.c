/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* AVX2 lowercase hex encoder (compiled with -mavx2).
 *
 * Thirty-two bytes (one digest) per YMM register. AVX2 unpacks work within
 * each 128-bit lane, so the input's 64-bit quarters are first reordered to
 * q0 q2 | q1 q3: then unpacklo interleaves bytes 0..7 | 8..15 (characters
 * 0..31, in order) and unpackhi bytes 16..23 | 24..31 (characters 32..63).
 * Nibbles become characters through pshufb on the 16-character alphabet held
 * in a register (constant-time in the data). Tails go to the portable code.
 *
 * In batches this is bound by the stores (two 32-byte stores, about one of
 * which crosses a cache line because of the 65-byte stride, plus the NUL), not
 * by the arithmetic. */
#include "../internal.h"

#if defined(FSHA256_ARCH_X86) && defined(FASTSHA256_HAVE_X86_KERNELS)

#include <immintrin.h>
#include <string.h>

#include "hex_simd.h"

/* Unaligned vector loads and stores through memcpy (a single vmovdqu once
 * optimised), so no misaligned vector pointer is ever formed. */
static inline __m256i fsha256_hex_avx2_load256(const uint8_t *p) {
    __m256i v;
    memcpy(&v, p, sizeof v);
    return v;
}
static inline void fsha256_hex_avx2_store256(char *p, __m256i v) { memcpy(p, &v, sizeof v); }
static inline __m128i fsha256_hex_avx2_load128(const uint8_t *p) {
    __m128i v;
    memcpy(&v, p, sizeof v);
    return v;
}
static inline void fsha256_hex_avx2_store128(char *p, __m128i v) { memcpy(p, &v, sizeof v); }

typedef struct {
    __m256i alpha, low4;
} fsha256_hex_avx2_consts;

static inline fsha256_hex_avx2_consts fsha256_hex_avx2_init(void) {
    fsha256_hex_avx2_consts c;
    c.alpha = _mm256_setr_epi8('0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'a', 'b',
                               'c', 'd', 'e', 'f', '0', '1', '2', '3', '4', '5', '6', '7',
                               '8', '9', 'a', 'b', 'c', 'd', 'e', 'f');
    c.low4 = _mm256_set1_epi8(0x0F);
    return c;
}

/* 32 bytes at in -> 64 characters at out. */
static inline void fsha256_hex_avx2_32(fsha256_hex_avx2_consts c, const uint8_t *in, char *out) {
    __m256i v = _mm256_permute4x64_epi64(fsha256_hex_avx2_load256(in), _MM_SHUFFLE(3, 1, 2, 0));
    /* A 16-bit shift moves bits across byte boundaries; the mask removes them. */
    __m256i hi = _mm256_and_si256(_mm256_srli_epi16(v, 4), c.low4);
    __m256i lo = _mm256_and_si256(v, c.low4);
    __m256i hc = _mm256_shuffle_epi8(c.alpha, hi);
    __m256i lc = _mm256_shuffle_epi8(c.alpha, lo);
    fsha256_hex_avx2_store256(out, _mm256_unpacklo_epi8(hc, lc));
    fsha256_hex_avx2_store256(out + 32, _mm256_unpackhi_epi8(hc, lc));
}

/* 16 bytes at in -> 32 characters at out, with 128-bit (VEX) instructions. */
static inline void fsha256_hex_avx2_16(fsha256_hex_avx2_consts c, const uint8_t *in, char *out) {
    __m128i alpha = _mm256_castsi256_si128(c.alpha);
    __m128i low4 = _mm256_castsi256_si128(c.low4);
    __m128i v = fsha256_hex_avx2_load128(in);
    __m128i hc = _mm_shuffle_epi8(alpha, _mm_and_si128(_mm_srli_epi16(v, 4), low4));
    __m128i lc = _mm_shuffle_epi8(alpha, _mm_and_si128(v, low4));
    fsha256_hex_avx2_store128(out, _mm_unpacklo_epi8(hc, lc));
    fsha256_hex_avx2_store128(out + 16, _mm_unpackhi_epi8(hc, lc));
}

static void hex_bytes_avx2(const uint8_t *in, size_t n, char *out) {
    const fsha256_hex_avx2_consts c = fsha256_hex_avx2_init();
    size_t i = 0;
    for (; n - i >= 32; i += 32) fsha256_hex_avx2_32(c, in + i, out + 2 * i);
    if (n - i >= 16) {
        fsha256_hex_avx2_16(c, in + i, out + 2 * i);
        i += 16;
    }
    if (i < n) /* never in + 0 for an empty input, which may be NULL */
        fsha256_hex_bytes_portable(in + i, n - i, out + 2 * i);
}

static void hex_digests_avx2(const uint8_t (*digests)[32], size_t n, char (*out)[65]) {
    const fsha256_hex_avx2_consts c = fsha256_hex_avx2_init();
    for (size_t d = 0; d < n; d++) {
        fsha256_hex_avx2_32(c, digests[d], out[d]);
        FSHA256_HEX_STORE_ORDER();
        out[d][64] = '\0';
    }
}

const fsha256_hex_encoder fsha256_hex_avx2 = {"avx2", FSHA256_CPU_AVX2, hex_bytes_avx2,
                                               hex_digests_avx2};

#endif /* FSHA256_ARCH_X86 && FASTSHA256_HAVE_X86_KERNELS */
