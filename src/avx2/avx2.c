/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* AVX2 + BMI2 SHA-256 for one stream, for x86 CPUs without SHA extensions.
 *
 * The rounds are inherently serial, so they stay in general registers, with
 * BMI2 `rorx` for the rotations (non-destructive: no copies before each one).
 * The message schedule is what vectorises: blocks go in pairs, block A in
 * the low 128-bit half of each YMM register and block B in the high half, so
 * one pass of 4-words-at-a-time schedule code serves both. W+K lands in a
 * stack buffer that the scalar rounds read as memory operands. The vector
 * work is interleaved with block A's rounds, where it runs on the otherwise
 * idle vector pipes; block B's rounds then only read the buffer.
 *
 * Block A's rounds are unrolled around the schedule code; block B's are a
 * 16-round loop. Unrolled too, the loop (~15 KB) ran at one of two speeds,
 * switching from call to call (docs/choices.md), presumably by how much of it
 * the micro-op cache held; rolling block A as well was slower. */
#include "../internal.h"

#if defined(FSHA256_ARCH_X86) && defined(FASTSHA256_HAVE_X86_KERNELS)

#include <immintrin.h>

typedef __m256i vec;

/* ---- Scalar rounds ------------------------------------------------------- */

/* With -mbmi2 both gcc and clang emit `rorx` for this pattern. */
static inline uint32_t ror32(uint32_t x, unsigned n) {
    return (x >> n) | (x << (32 - n));
}

/* One round with W+K from wk; `bc` carries b^c in and a^b out.
 * Maj(a,b,c) = (a & (b^c)) + (b & c): the two terms never share a set bit,
 * so + equals ^, and as a sum it joins the other additions. That keeps a on
 * a 4-cycle path (a & bc, add, add Sigma0) where b ^ ((a^b) & bc), one
 * operation cheaper, makes it 5 and a the critical chain: that measured
 * 4-6% slower. T1's terms are added in the order they become ready. */
#define ROUND(a, b, c, d, e, f, g, h, wk)                                      \
    do {                                                                       \
        h += (wk);                                                             \
        h += g ^ (e & (f ^ g));                                                \
        h += ror32(e, 6) ^ ror32(e, 11) ^ ror32(e, 25);                        \
        d += h;                                                                \
        h += b & c;                                                            \
        h += a & bc;                                                           \
        h += ror32(a, 2) ^ ror32(a, 13) ^ ror32(a, 22);                        \
        bc = a ^ b;                                                            \
    } while (0)

/* Eight rounds t..t+7, W+K read through WK (WK_A or WK_B below). */
#define ROUND_T(a, b, c, d, e, f, g, h, t, WK) ROUND(a, b, c, d, e, f, g, h, WK(t))
#define ROUND8(t, WK) FSHA256_ROUNDS8(ROUND_T, t, WK)

/* The W+K buffer holds, for each group of four rounds t..t+3, block A's four
 * words then block B's four: 32 bytes, exactly one YMM store. WK_B reads
 * relative to wk_b, the start of block B's current 16 rounds. */
#define WK_A(t) wk_read[8 * ((t) >> 2) + ((t) & 3)]
#define WK_B(t) wk_b[8 * ((t) >> 2) + ((t) & 3)]

/* ---- Vector message schedule --------------------------------------------- */

#define ADD(x, y) _mm256_add_epi32(x, y)
#define XOR(x, y) _mm256_xor_si256(x, y)

static inline vec ssig0(vec x) { /* ROTR 7 ^ ROTR 18 ^ SHR 3, per 32-bit word */
    return XOR(XOR(XOR(_mm256_srli_epi32(x, 7), _mm256_slli_epi32(x, 25)),
                   XOR(_mm256_srli_epi32(x, 18), _mm256_slli_epi32(x, 14))),
               _mm256_srli_epi32(x, 3));
}

/* sigma1 of words 0 and 2 of each half of x, in the low 32 bits of each
 * 64-bit element, for input whose 64-bit elements hold a word twice (w:w):
 * then a 64-bit right shift by n leaves ROTR(w, n) in the low half. */
static inline vec ssig1_doubled(vec x) {
    return XOR(XOR(_mm256_srli_epi64(x, 17), _mm256_srli_epi64(x, 19)),
               _mm256_srli_epi32(x, 10));
}

/* Given the 16 previous words W[t-16..t-1] as x0..x3 (4 words each, in both
 * halves), returns W[t..t+3]. sigma1 needs W[t-2] and W[t-1], so the first
 * two new words come from x3 and the last two from those first two. */
static inline vec schedule4(vec x0, vec x1, vec x2, vec x3) {
    /* Move words 0 and 2 of each half to words 0,1 (or 2,3), zeroing the rest. */
    const vec to_low = _mm256_setr_epi8(0, 1, 2, 3, 8, 9, 10, 11, -1, -1, -1, -1, -1, -1, -1, -1,
                                        0, 1, 2, 3, 8, 9, 10, 11, -1, -1, -1, -1, -1, -1, -1, -1);
    const vec to_high = _mm256_setr_epi8(-1, -1, -1, -1, -1, -1, -1, -1, 0, 1, 2, 3, 8, 9, 10, 11,
                                         -1, -1, -1, -1, -1, -1, -1, -1, 0, 1, 2, 3, 8, 9, 10, 11);
    vec w15 = _mm256_alignr_epi8(x1, x0, 4); /* W[t-15..t-12] */
    vec w7 = _mm256_alignr_epi8(x3, x2, 4);  /* W[t-7..t-4] */
    vec sum = ADD(ADD(x0, w7), ssig0(w15));
    /* W[t], W[t+1] from W[t-2], W[t-1] (words 2,3 of x3, doubled) */
    vec s1 = ssig1_doubled(_mm256_shuffle_epi32(x3, _MM_SHUFFLE(3, 3, 2, 2)));
    sum = ADD(sum, _mm256_shuffle_epi8(s1, to_low));
    /* W[t+2], W[t+3] from W[t], W[t+1] (words 0,1 of sum, doubled) */
    s1 = ssig1_doubled(_mm256_shuffle_epi32(sum, _MM_SHUFFLE(1, 1, 0, 0)));
    return ADD(sum, _mm256_shuffle_epi8(s1, to_high));
}

/* K[t..t+3] in both halves (vbroadcasti128 is a plain load). */
static inline vec k4(int t) {
    return _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(fsha256_sha256_k + t)));
}

/* Stores a group's W+K for the rounds to read. */
static inline void store_wk(uint32_t *dst, vec w, int t) {
    _mm256_store_si256((vec *)(void *)dst, ADD(w, k4(t)));
}

/* Four rounds of block A on group n, then the schedule of group n+4 from the
 * x ring (x[n & 3] holds group n and is replaced by group n+4). */
#define ROUNDS4_SCHED(n, a, b, c, d, e, f, g, h)                               \
    do {                                                                       \
        ROUND(a, b, c, d, e, f, g, h, WK_A(4 * (n) + 0));                      \
        ROUND(h, a, b, c, d, e, f, g, WK_A(4 * (n) + 1));                      \
        ROUND(g, h, a, b, c, d, e, f, WK_A(4 * (n) + 2));                      \
        ROUND(f, g, h, a, b, c, d, e, WK_A(4 * (n) + 3));                      \
        x[(n) & 3] = schedule4(x[(n) & 3], x[((n) + 1) & 3], x[((n) + 2) & 3], \
                               x[((n) + 3) & 3]);                              \
        store_wk(wk + 8 * ((n) + 4), x[(n) & 3], 4 * ((n) + 4));               \
    } while (0)

#define ROUNDS8_SCHED(n)                                                       \
    ROUNDS4_SCHED(n, a, b, c, d, e, f, g, h);                                  \
    ROUNDS4_SCHED((n) + 1, e, f, g, h, a, b, c, d)

/* Pinned to a 64-byte boundary: where the code falls relative to the fetch
 * windows moved this loop by up to 8% on Zen 4 from build to build. */
#if defined(__GNUC__)
__attribute__((aligned(64)))
#endif
void fsha256_avx2_blocks(uint32_t state[8], const uint8_t *data, size_t nblocks) {
    const vec bswap = _mm256_setr_epi8(3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12,
                                       3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12);
    _Alignas(32) uint32_t wk[128];
    uint32_t a = state[0], b = state[1], c = state[2], d = state[3];
    uint32_t e = state[4], f = state[5], g = state[6], h = state[7];

    while (nblocks) {
        /* Load words 0..15 of blocks A and B; a lone last block fills both
         * halves, so nothing past the data is read. */
        const int pair = nblocks >= 2;
        const uint8_t *data_b = pair ? data + 64 : data;
        vec x[4];
        for (int j = 0; j < 4; j++) {
            __m128i lo = _mm_loadu_si128((const __m128i *)(const void *)(data + 16 * j));
            __m128i hi = _mm_loadu_si128((const __m128i *)(const void *)(data_b + 16 * j));
            x[j] = _mm256_shuffle_epi8(
                _mm256_inserti128_si256(_mm256_castsi128_si256(lo), hi, 1), bswap);
            store_wk(wk + 8 * j, x[j], 4 * j);
        }

        /* The rounds read the buffer through a pointer the compiler cannot
         * see is wk (the empty asm hides it). Otherwise gcc and clang forward
         * the stored vectors into the rounds with a vpextrd per word, two
         * uops and an FP-to-integer transfer, where an add with a memory
         * operand costs nothing extra: 15-20% slower. */
        const uint32_t *wk_read = wk;
#if defined(__GNUC__)
        __asm__("" : "+r"(wk_read));
#endif

        /* Block A: rounds 0..47 with the schedule of words 16..63 for both. */
        uint32_t bc = b ^ c;
        ROUNDS8_SCHED(0);
        ROUNDS8_SCHED(2);
        ROUNDS8_SCHED(4);
        ROUNDS8_SCHED(6);
        ROUNDS8_SCHED(8);
        ROUNDS8_SCHED(10);
        ROUND8(48, WK_A);
        ROUND8(56, WK_A);
        a = state[0] += a; b = state[1] += b; c = state[2] += c; d = state[3] += d;
        e = state[4] += e; f = state[5] += f; g = state[6] += g; h = state[7] += h;

        if (!pair)
            break;
        /* Block B: all 64 rounds from the buffer. */
        bc = b ^ c;
        for (int t = 0; t < 64; t += 16) {
            const uint32_t *wk_b = wk_read + 2 * t + 4;
            ROUND8(0, WK_B);
            ROUND8(8, WK_B);
        }
        a = state[0] += a; b = state[1] += b; c = state[2] += c; d = state[3] += d;
        e = state[4] += e; f = state[5] += f; g = state[6] += g; h = state[7] += h;

        data += 128;
        nblocks -= 2;
    }
}

#endif /* FSHA256_ARCH_X86 && FASTSHA256_HAVE_X86_KERNELS */
