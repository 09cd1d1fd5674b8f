/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* AVX-512 SHA-256 over sixteen independent messages, one per 32-bit lane of
 * a ZMM register. Against the AVX2 eight-lane kernel, AVX-512 halves the
 * instructions per lane twice over: twice the lanes per instruction, and
 * about half the instructions per round, since vprord rotates in one
 * instruction (AVX2 needs two shifts and an OR) and vpternlogd computes any
 * three-input bit function in one: Ch, Maj, and the three-way XOR of each
 * sigma function. A round is then 17 instructions for 16 lanes. With 32
 * vector registers the state, the 16-word message ring and the temporaries
 * all stay in registers. The 32-lane entries run two such groups, their
 * rounds interleaved where a block has no message schedule. */
#include "../internal.h"

#if defined(FSHA256_ARCH_X86) && defined(FASTSHA256_HAVE_X86_KERNELS)

#include <immintrin.h>

typedef __m512i vec;

#define ADD(x, y) _mm512_add_epi32(x, y)
#define ROR(x, n) _mm512_ror_epi32(x, n)
#define SHR(x, n) _mm512_srli_epi32(x, n)
/* vpternlogd immediates: the truth table of f(x, y, z) evaluated on
 * x = 0xf0, y = 0xcc, z = 0xaa. */
#define XOR3(x, y, z) _mm512_ternarylogic_epi32(x, y, z, 0x96) /* x ^ y ^ z */
#define CH(x, y, z) _mm512_ternarylogic_epi32(x, y, z, 0xca)   /* x ? y : z */
#define MAJ(x, y, z) _mm512_ternarylogic_epi32(x, y, z, 0xe8)  /* majority */

#define BSIG0(x) XOR3(ROR(x, 2), ROR(x, 13), ROR(x, 22))
#define BSIG1(x) XOR3(ROR(x, 6), ROR(x, 11), ROR(x, 25))
#define SSIG0(x) XOR3(ROR(x, 7), ROR(x, 18), SHR(x, 3))
#define SSIG1(x) XOR3(ROR(x, 17), ROR(x, 19), SHR(x, 10))

/* Pins the order of a sum: GCC reassociates vector integer additions and
 * its order put four additions after Sigma1(e) on the critical path. */
#if defined(__GNUC__)
#  define KEEP(x) __asm__("" : "+v"(x))
#else
#  define KEEP(x) ((void)0)
#endif

/* One round, from hwk = h + W[t] + K[t] of every lane. The new e is summed
 * as ((d + hwk) + Ch(e, f, g)) + Sigma1(e), the new a as (T1 + Maj) +
 * Sigma0(a): each waits on the previous e or a for three operations (a
 * rotate, a ternary logic and an addition: 6 cycles where they take 2, as
 * on Zen 5) instead of the up to five of one T1 sum fed to both. */
#define ROUND_FROM(a, b, c, d, e, f, g, h, hwk)                                \
    do {                                                                       \
        vec hwk_ = (hwk), ch_ = CH(e, f, g), s1_ = BSIG1(e);                   \
        vec hwk_ch_ = ADD(hwk_, ch_), d_hwk_ = ADD(d, hwk_);                   \
        KEEP(hwk_ch_);                                                         \
        KEEP(d_hwk_);                                                          \
        vec d_hwk_ch_ = ADD(d_hwk_, ch_);                                      \
        KEEP(d_hwk_ch_);                                                       \
        vec t1 = ADD(hwk_ch_, s1_);                                            \
        d = ADD(d_hwk_ch_, s1_);                                               \
        vec t1_maj_ = ADD(t1, MAJ(a, b, c));                                   \
        KEEP(t1_maj_);                                                         \
        h = ADD(t1_maj_, BSIG0(a));                                            \
    } while (0)

/* On message word wt; the constant is a broadcast memory operand. */
#define ROUND(a, b, c, d, e, f, g, h, t, wt)                                   \
    ROUND_FROM(a, b, c, d, e, f, g, h, ADD(ADD(h, wt), _mm512_set1_epi32((int)k[t])))

/* On a known W + K word (fsha256_lanes_wk_fn), broadcast the same way. */
#define ROUND_WK(a, b, c, d, e, f, g, h, t)                                    \
    ROUND_FROM(a, b, c, d, e, f, g, h, ADD(h, _mm512_set1_epi32((int)wk[t])))

/* X unused: the words come from wk[]. */
#define ROUND_WK_T(a, b, c, d, e, f, g, h, t, X) ROUND_WK(a, b, c, d, e, f, g, h, t)
#define ROUND8_WK(t)                                                           \
    do {                                                                       \
        FSHA256_ROUNDS8(ROUND_WK_T, t, 0);                                     \
    } while (0)

/* W[t] for t >= 16 into the ring slot of W[t-16], which it replaces. */
#define SCHED(i)                                                               \
    (w[i] = ADD(ADD(w[i], SSIG0(w[((i) + 1) & 15])),                           \
                ADD(w[((i) + 9) & 15], SSIG1(w[((i) + 14) & 15]))))
#define LOADED(i) w[i]

/* Rounds t..t+15 (t a multiple of 16) on ring slots 0..15 (constant: the
 * ring lives in registers), each word through W(slot). */
#define ROUND_SLOT(a, b, c, d, e, f, g, h, t, W)                               \
    ROUND(a, b, c, d, e, f, g, h, t, W((t) & 15))
#define ROUND16(t, W)                                                          \
    do {                                                                       \
        FSHA256_ROUNDS8(ROUND_SLOT, t, W);                                     \
        FSHA256_ROUNDS8(ROUND_SLOT, (t) + 8, W);                               \
    } while (0)

/* Transposes the 16x16 words of r[0..15] in place: word j of r[i] moves to
 * word i of r[j]. Four stages of 16 shuffles: pairs of words, pairs of
 * pairs within each 128-bit chunk, then the 4x4 matrix of chunks in two
 * steps. Chosen over gathers without measuring them: sixteen independent
 * pointers need 64-bit indices, so two 8-element gathers per word, 256
 * element loads per block against 16 loads and 64 shuffles here. */
static inline void transpose16(vec r[16]) {
    vec t[16];
    for (int k = 0; k < 16; k += 2) {
        t[k] = _mm512_unpacklo_epi32(r[k], r[k + 1]);
        t[k + 1] = _mm512_unpackhi_epi32(r[k], r[k + 1]);
    }
    /* Chunk c of r[4m + q]: word 4c + q of rows 4m..4m+3. */
    for (int m = 0; m < 16; m += 4) {
        r[m + 0] = _mm512_unpacklo_epi64(t[m], t[m + 2]);
        r[m + 1] = _mm512_unpackhi_epi64(t[m], t[m + 2]);
        r[m + 2] = _mm512_unpacklo_epi64(t[m + 1], t[m + 3]);
        r[m + 3] = _mm512_unpackhi_epi64(t[m + 1], t[m + 3]);
    }
    /* For each q: chunks (A_c, B_c, C_c, D_c) of A..D = r[q], r[4+q],
     * r[8+q], r[12+q] make output word 4c + q. */
    for (int q = 0; q < 4; q++) {
        vec ab01 = _mm512_shuffle_i32x4(r[q], r[4 + q], 0x44);
        vec ab23 = _mm512_shuffle_i32x4(r[q], r[4 + q], 0xee);
        vec cd01 = _mm512_shuffle_i32x4(r[8 + q], r[12 + q], 0x44);
        vec cd23 = _mm512_shuffle_i32x4(r[8 + q], r[12 + q], 0xee);
        t[q + 0] = _mm512_shuffle_i32x4(ab01, cd01, 0x88);
        t[q + 4] = _mm512_shuffle_i32x4(ab01, cd01, 0xdd);
        t[q + 8] = _mm512_shuffle_i32x4(ab23, cd23, 0x88);
        t[q + 12] = _mm512_shuffle_i32x4(ab23, cd23, 0xdd);
    }
    for (int i = 0; i < 16; i++)
        r[i] = t[i];
}

/* Reverses the bytes of each 32-bit word: SHA-256 is big-endian. */
static inline vec bswap_words(vec x) {
    const vec order = _mm512_set4_epi32(0x0c0d0e0f, 0x08090a0b, 0x04050607, 0x00010203);
    return _mm512_shuffle_epi8(x, order);
}

/* Loops kept rolled (see compress_words_x16). */
#if defined(__clang__)
#  define NO_UNROLL _Pragma("clang loop unroll(disable)")
#elif defined(__GNUC__)
#  define NO_UNROLL _Pragma("GCC unroll 1")
#else
#  define NO_UNROLL
#endif

/* The block's working variables added into the state s[]. */
#define FEED_FORWARD(s, a, b, c, d, e, f, g, h)                                \
    do {                                                                       \
        (s)[0] = ADD((s)[0], a); (s)[1] = ADD((s)[1], b);                      \
        (s)[2] = ADD((s)[2], c); (s)[3] = ADD((s)[3], d);                      \
        (s)[4] = ADD((s)[4], e); (s)[5] = ADD((s)[5], f);                      \
        (s)[6] = ADD((s)[6], g); (s)[7] = ADD((s)[7], h);                      \
    } while (0)

/* The round constants, through a pointer the compiler cannot follow:
 * otherwise gcc hoists 64 broadcast vectors out of the block loop onto the
 * stack (4 KiB of stores per call) instead of broadcasting from the table
 * inside the additions. */
static inline const uint32_t *opaque_k(void) {
    const uint32_t *k = fsha256_sha256_k;
#if defined(__GNUC__)
    __asm__("" : "+r"(k));
#endif
    return k;
}

/* One block whose message words are in w[] (w[t] holds W[t] of every lane;
 * the ring is overwritten) into s[], the transposed state; k: the round
 * constants (see compress_x16). */
FSHA256_ALWAYS_INLINE void compress_words_x16(vec s[8], vec w[16], const uint32_t *k) {
    vec a = s[0], b = s[1], c = s[2], d = s[3];
    vec e = s[4], f = s[5], g = s[6], h = s[7];
    ROUND16(0, LOADED);
    /* Rounds 16..63 as a loop over the same 16 ring slots: the unrolled
     * block (15 KiB of EVEX code) crowded the op cache and L1i. */
    NO_UNROLL
    for (int q = 1; q < 4; q++) {
        k += 16;
        ROUND16(0, SCHED);
    }
    FEED_FORWARD(s, a, b, c, d, e, f, g, h);
}

/* One block of known W + K words (the same for every lane) into s[]. */
FSHA256_ALWAYS_INLINE void compress_wk_x16(vec s[8], const uint32_t wk[64]) {
    vec a = s[0], b = s[1], c = s[2], d = s[3];
    vec e = s[4], f = s[5], g = s[6], h = s[7];
    NO_UNROLL
    for (int t = 0; t < 64; t += 8)
        ROUND8_WK(t);
    FEED_FORWARD(s, a, b, c, d, e, f, g, h);
}

/* Two groups of sixteen lanes through one block of known W + K, their
 * rounds interleaved: without a message schedule a round is a chain of
 * dependent operations (2 cycles each on Zen 5) that one group leaves the
 * vector pipes idle behind; a second, independent chain fills them
 * (docs/known-blocks.md). The
 * second group's variables are the first's names with _2. */
#define ROUND_WK_PAIR(a, b, c, d, e, f, g, h, t, X)                            \
    ROUND_WK(a, b, c, d, e, f, g, h, t);                                       \
    ROUND_WK(a##_2, b##_2, c##_2, d##_2, e##_2, f##_2, g##_2, h##_2, t)
FSHA256_ALWAYS_INLINE void compress_wk_x16_pair(vec s[8], vec s_2[8], const uint32_t wk[64]) {
    vec a = s[0], b = s[1], c = s[2], d = s[3];
    vec e = s[4], f = s[5], g = s[6], h = s[7];
    vec a_2 = s_2[0], b_2 = s_2[1], c_2 = s_2[2], d_2 = s_2[3];
    vec e_2 = s_2[4], f_2 = s_2[5], g_2 = s_2[6], h_2 = s_2[7];
    NO_UNROLL
    for (int t = 0; t < 64; t += 8) {
        FSHA256_ROUNDS8(ROUND_WK_PAIR, t, 0);
    }
    FEED_FORWARD(s, a, b, c, d, e, f, g, h);
    FEED_FORWARD(s_2, a_2, b_2, c_2, d_2, e_2, f_2, g_2, h_2);
}

/* Compresses nblocks blocks of each lane (lane i from p[i]) into s[], the
 * transposed state: s[j] holds word j of every lane. */
FSHA256_ALWAYS_INLINE void compress_x16(vec s[8], const uint8_t *const p[16], size_t nblocks) {
    for (size_t off = 0; nblocks--; off += 64) {
        const uint32_t *k = opaque_k();
        vec w[16];
        for (int i = 0; i < 16; i++)
            w[i] = bswap_words(_mm512_loadu_si512((const void *)(p[i] + off)));
        transpose16(w);
        compress_words_x16(s, w, k);
    }
}

/* The transposed state s[0..7] back to rows: row i, words 0..7, is lane i's
 * state (words 8..15 are zero). */
static inline void state_to_rows(const vec s[8], vec r[16]) {
    for (int j = 0; j < 8; j++) {
        r[j] = s[j];
        r[j + 8] = _mm512_setzero_si512();
    }
    transpose16(r);
}

/* s[j] = H_j of every lane. Masked loads and stores touch exactly the 8
 * words of each state. */
static inline void load_states_x16(vec s[8], uint32_t *const states[]) {
    vec r[16];
    for (int i = 0; i < 16; i++)
        r[i] = _mm512_maskz_loadu_epi32(0x00ff, states[i]);
    transpose16(r);
    for (int j = 0; j < 8; j++)
        s[j] = r[j];
}

static inline void store_states_x16(uint32_t *const states[], const vec s[8]) {
    vec r[16];
    state_to_rows(s, r);
    for (int i = 0; i < 16; i++)
        _mm512_mask_storeu_epi32(states[i], 0x00ff, r[i]);
}

/* The transposed state s[] as sixteen big-endian digests back to back, one
 * masked store per lane: 8 words, or 7 for SHA-224. */
static inline void store_digests_x16(uint8_t *digests, const vec s[8], size_t digest_size) {
    vec r[16];
    state_to_rows(s, r);
    const __mmask16 words = digest_size == 32 ? 0x00ff : 0x007f;
    for (int i = 0; i < 16; i++)
        _mm512_mask_storeu_epi32(digests + (size_t)i * digest_size, words, bswap_words(r[i]));
}

void fsha256_avx512_lanes_x16(uint32_t *const states[], const uint8_t *const data[],
                              size_t nblocks) {
    if (nblocks == 0)
        return;
    vec s[8];
    load_states_x16(s, states);
    compress_x16(s, data, nblocks);
    store_states_x16(states, s);
}

/* One block of known W + K for all sixteen lanes: only the rounds. */
void fsha256_avx512_rounds_wk_x16(uint32_t *const states[], const uint32_t wk[64]) {
    vec s[8];
    load_states_x16(s, states);
    compress_wk_x16(s, wk);
    store_states_x16(states, s);
}

/* Sixteen HMAC tags at once (fsha256_lanes_hmac_fn). The inner digests
 * never leave the registers: the transposed inner state already holds word
 * j of every lane's digest in s[j], which is W[j] of the outer block, whose
 * other words are constants (0x80 after the digest, the bit count of 64 +
 * digest_size bytes). No transpose, byte swap or store between the hashes.
 * The inner and outer hashes are out of line, shared by the x16 and x32
 * entries: inlined four times, the rounds would again outgrow the op cache
 * (see compress_words_x16). */
static FSHA256_NOINLINE void hmac_inner_x16(vec s[8], const uint32_t inner[8],
                                            const uint8_t *const data[], size_t nblocks) {
    for (int j = 0; j < 8; j++)
        s[j] = _mm512_set1_epi32((int)inner[j]);
    compress_x16(s, data, nblocks);
}

/* The outer hash of the inner digests in s[], out as tags. */
static FSHA256_NOINLINE void hmac_outer_x16(const vec s[8], const uint32_t outer[8],
                                            uint8_t *tags, size_t digest_size) {
    vec w[16], t[8];
    for (size_t j = 0; j < 16; j++)
        w[j] = j < digest_size / 4 ? s[j]
                                   : _mm512_set1_epi32((int)fsha256_hmac_outer_pad_word(j, digest_size));
    for (int j = 0; j < 8; j++)
        t[j] = _mm512_set1_epi32((int)outer[j]);
    compress_words_x16(t, w, opaque_k());
    store_digests_x16(tags, t, digest_size);
}

void fsha256_avx512_hmac_x16(const uint32_t inner[8], const uint32_t outer[8],
                             const uint8_t *const data[], size_t nblocks, const uint32_t wk[64],
                             uint8_t *tags, size_t digest_size) {
    vec s[8];
    hmac_inner_x16(s, inner, data, nblocks);
    if (wk)
        compress_wk_x16(s, wk);
    hmac_outer_x16(s, outer, tags, digest_size);
}

/* Thirty-two lanes as two groups of sixteen: the x16 kernels one group after
 * the other, except the rounds of a known W + K block (the padding-only
 * block of whole-block messages), where the two groups' chains interleave. */
void fsha256_avx512_lanes_x32(uint32_t *const states[], const uint8_t *const data[],
                              size_t nblocks) {
    fsha256_avx512_lanes_x16(states, data, nblocks);
    fsha256_avx512_lanes_x16(states + 16, data + 16, nblocks);
}

void fsha256_avx512_oneblock_x32(const uint32_t iv[8], const uint8_t *const blocks[],
                                 uint8_t *digests, size_t digest_size) {
    fsha256_avx512_oneblock_x16(iv, blocks, digests, digest_size);
    fsha256_avx512_oneblock_x16(iv, blocks + 16, digests + 16 * digest_size, digest_size);
}

void fsha256_avx512_rounds_wk_x32(uint32_t *const states[], const uint32_t wk[64]) {
    vec s[8], s_2[8];
    load_states_x16(s, states);
    load_states_x16(s_2, states + 16);
    compress_wk_x16_pair(s, s_2, wk);
    store_states_x16(states, s);
    store_states_x16(states + 16, s_2);
}

void fsha256_avx512_hmac_x32(const uint32_t inner[8], const uint32_t outer[8],
                             const uint8_t *const data[], size_t nblocks, const uint32_t wk[64],
                             uint8_t *tags, size_t digest_size) {
    vec s[8], s_2[8];
    hmac_inner_x16(s, inner, data, nblocks);
    hmac_inner_x16(s_2, inner, data + 16, nblocks);
    if (wk)
        compress_wk_x16_pair(s, s_2, wk);
    hmac_outer_x16(s, outer, tags, digest_size);
    hmac_outer_x16(s_2, outer, tags + 16 * digest_size, digest_size);
}

/* One padded block per lane from the IV (broadcast: no transpose in), out
 * as big-endian digests with one masked store per lane: 8 words, or 7 for
 * SHA-224. */
void fsha256_avx512_oneblock_x16(const uint32_t iv[8], const uint8_t *const blocks[],
                                 uint8_t *digests, size_t digest_size) {
    vec s[8];
    for (int j = 0; j < 8; j++)
        s[j] = _mm512_set1_epi32((int)iv[j]);
    compress_x16(s, blocks, 1);
    store_digests_x16(digests, s, digest_size);
}

#endif /* FSHA256_ARCH_X86 && FASTSHA256_HAVE_X86_KERNELS */
