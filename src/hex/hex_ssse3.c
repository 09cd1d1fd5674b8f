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
#include <tmmintrin.h>

/* Unaligned vector loads and stores through memcpy (a single movdqu once
 * optimised), so no misaligned __m128i pointer is ever formed. */
static inline __m128i fsha256_hex_ssse3_load(const uint8_t *p) {
    __m128i v;
    memcpy(&v, p, sizeof v);
    return v;
}
static inline void fsha256_hex_ssse3_store(char *p, __m128i v) { memcpy(p, &v, sizeof v); }

typedef struct {
    __m128i alpha, low4;
} fsha256_hex_ssse3_consts;

static inline fsha256_hex_ssse3_consts fsha256_hex_ssse3_init(void) {
    fsha256_hex_ssse3_consts c;
    c.alpha = _mm_setr_epi8('0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'a', 'b',
                            'c', 'd', 'e', 'f');
    c.low4 = _mm_set1_epi8(0x0F);
    return c;
}

/* 16 bytes at in -> 32 characters at out. */
static inline void fsha256_hex_ssse3_16(fsha256_hex_ssse3_consts c, const uint8_t *in, char *out) {
    __m128i v = fsha256_hex_ssse3_load(in);
    /* A 16-bit shift moves bits across byte boundaries; the mask removes them. */
    __m128i hi = _mm_and_si128(_mm_srli_epi16(v, 4), c.low4);
    __m128i lo = _mm_and_si128(v, c.low4);
    __m128i hc = _mm_shuffle_epi8(c.alpha, hi);
    __m128i lc = _mm_shuffle_epi8(c.alpha, lo);
    fsha256_hex_ssse3_store(out, _mm_unpacklo_epi8(hc, lc));
    fsha256_hex_ssse3_store(out + 16, _mm_unpackhi_epi8(hc, lc));
}

static void hex_bytes_ssse3(const uint8_t *in, size_t n, char *out) {
    const fsha256_hex_ssse3_consts c = fsha256_hex_ssse3_init();
    size_t i = 0;
    for (; n - i >= 16; i += 16) fsha256_hex_ssse3_16(c, in + i, out + 2 * i);
    if (i < n) /* never in + 0 for an empty input, which may be NULL */
        fsha256_hex_bytes_portable(in + i, n - i, out + 2 * i);
}

static void hex_digests_ssse3(const uint8_t (*digests)[32], size_t n, char (*out)[65]) {
    const fsha256_hex_ssse3_consts c = fsha256_hex_ssse3_init();
    for (size_t d = 0; d < n; d++) {
        fsha256_hex_ssse3_16(c, digests[d], out[d]);
        fsha256_hex_ssse3_16(c, digests[d] + 16, out[d] + 32);
        FSHA256_HEX_STORE_ORDER();
        out[d][64] = '\0';
    }
}

const fsha256_hex_encoder fsha256_hex_ssse3 = {"ssse3", FSHA256_CPU_SSSE3, hex_bytes_ssse3,
                                                hex_digests_ssse3};

#endif /* FSHA256_ARCH_X86 && FASTSHA256_HAVE_X86_KERNELS */
