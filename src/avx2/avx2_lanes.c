/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* AVX2 SHA-256 over eight independent messages, one per 32-bit lane of a YMM
 * register. Every vector instruction advances all eight messages, so the cost
 * is the scalar round's operation count spread over the vector pipes; what
 * matters beyond that is not spilling, since on Zen a YMM store takes a
 * vector pipe slot. AVX2 has no rotate: each rotation is two shifts, and the
 * sigma functions XOR all the shifted pieces (an OR is an XOR on disjoint
 * bits). */
#include "../internal.h"

#if defined(FSHA256_ARCH_X86) && defined(FASTSHA256_HAVE_X86_KERNELS)

#include <immintrin.h>
#include <string.h>

typedef __m256i vec;

#define ADD(x, y) _mm256_add_epi32(x, y)
#define XOR(x, y) _mm256_xor_si256(x, y)
#define AND(x, y) _mm256_and_si256(x, y)
#define SHR(x, n) _mm256_srli_epi32(x, n)
#define SHL(x, n) _mm256_slli_epi32(x, n)

/* Returns x unchanged through an empty asm the compiler cannot see into.
 * No instruction results; it fixes where x is computed. Without these, gcc
 * reassociates the round's sums and interleaves the sigma functions of
 * several words, needs more than the 16 YMM registers and spills: 4-6%
 * slower (clang does as well either way). */
static inline vec pin(vec x) {
#if defined(__GNUC__)
    __asm__("" : "+x"(x));
#endif
    return x;
}

static inline vec bsig0(vec x) { /* ROTR 2 ^ ROTR 13 ^ ROTR 22 */
    return XOR(XOR(XOR(SHR(x, 2), SHL(x, 30)), XOR(SHR(x, 13), SHL(x, 19))),
               XOR(SHR(x, 22), SHL(x, 10)));
}
static inline vec bsig1(vec x) { /* ROTR 6 ^ ROTR 11 ^ ROTR 25 */
    return XOR(XOR(XOR(SHR(x, 6), SHL(x, 26)), XOR(SHR(x, 11), SHL(x, 21))),
               XOR(SHR(x, 25), SHL(x, 7)));
}
static inline vec ssig0(vec x) { /* ROTR 7 ^ ROTR 18 ^ SHR 3 */
    return XOR(XOR(XOR(SHR(x, 7), SHL(x, 25)), XOR(SHR(x, 18), SHL(x, 14))), SHR(x, 3));
}
static inline vec ssig1(vec x) { /* ROTR 17 ^ ROTR 19 ^ SHR 10 */
    return XOR(XOR(XOR(SHR(x, 17), SHL(x, 15)), XOR(SHR(x, 19), SHL(x, 13))), SHR(x, 10));
}

/* One round on wkt, W[t] + K[t] of every lane. `bc` carries b^c in and a^b
 * out: Maj(a,b,c) = b ^ ((a^b) & (b^c)), and this round's a^b is the next
 * round's b^c, so Maj costs two operations. T1 is summed from the terms
 * ready earliest (W + K + h) to the one ready last (Sigma1 of e). */
#define ROUND(a, b, c, d, e, f, g, h, wkt)                                     \
    do {                                                                       \
        vec t1 = pin(ADD(wkt, h));                                             \
        t1 = pin(ADD(t1, XOR(g, AND(e, XOR(f, g)))));                          \
        t1 = ADD(t1, pin(bsig1(e)));                                           \
        d = ADD(d, t1);                                                        \
        h = pin(ADD(t1, XOR(b, AND(XOR(a, b), bc))));                          \
        bc = XOR(a, b);                                                        \
        h = ADD(h, pin(bsig0(a)));                                             \
    } while (0)

/* Rounds t..t+7. t is a loop variable, not a constant: the ring indices
 * (t+i) & 15 are then computed at run time, so the ring stays one array in
 * memory. With constant indices gcc turns the sixteen slots into separate
 * values and spills them twice over. */
#define ROUND_T(a, b, c, d, e, f, g, h, t, WK) ROUND(a, b, c, d, e, f, g, h, WK(t))
#define ROUND8(t, WK) FSHA256_ROUNDS8(ROUND_T, t, WK)

/* Message word of round t: rounds 0..15 read the loaded block; later ones
 * compute W[t] into the ring slot of W[t-16], which it replaces. */
#define W_LOADED(t) w[(t) & 15]
#define W_SCHED(t)                                                             \
    (w[(t) & 15] = ADD(ADD(w[(t) & 15], pin(ssig0(w[((t) + 1) & 15]))),        \
                       ADD(w[((t) + 9) & 15], pin(ssig1(w[((t) + 14) & 15])))))
/* W[t] + K[t] of every lane: from the block or the schedule, or (rounds on a
 * known block, fsha256_lanes_wk_fn) given. */
#define K_AT(t) _mm256_set1_epi32((int)fsha256_sha256_k[t])
#define WK_LOADED(t) ADD(W_LOADED(t), K_AT(t))
#define WK_SCHED(t) ADD(W_SCHED(t), K_AT(t))
#define WK_KNOWN(t) _mm256_set1_epi32((int)wk[t])

/* Transposes, within each 128-bit half, the 4x4 words of r[0..3]: word j of
 * r[i] moves to word i of r[j]. */
static inline void transpose4_halves(vec r[4]) {
    vec t0 = _mm256_unpacklo_epi32(r[0], r[1]);
    vec t1 = _mm256_unpackhi_epi32(r[0], r[1]);
    vec t2 = _mm256_unpacklo_epi32(r[2], r[3]);
    vec t3 = _mm256_unpackhi_epi32(r[2], r[3]);
    r[0] = _mm256_unpacklo_epi64(t0, t2);
    r[1] = _mm256_unpackhi_epi64(t0, t2);
    r[2] = _mm256_unpacklo_epi64(t1, t3);
    r[3] = _mm256_unpackhi_epi64(t1, t3);
}

static inline vec load_pair(const void *lo, const void *hi) {
    return _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)lo)),
                                   _mm_loadu_si128((const __m128i *)hi), 1);
}
static inline void store_pair(void *lo, void *hi, vec v) {
    _mm_storeu_si128((__m128i *)lo, _mm256_castsi256_si128(v));
    _mm_storeu_si128((__m128i *)hi, _mm256_extracti128_si256(v, 1));
}

/* Rows holding 16 bytes of lane i (low half) and lane i+4 (high half), i =
 * 0..3, become after the in-half 4x4 transpose four vectors with one word of
 * every lane, in lane order: an 8x8 transpose for half the shuffles of the
 * usual three stages, the rest done by the loads. This and BSWAP4 are
 * written out rather than looped: gcc keeps such small loops and goes
 * through memory, which cost ~6% here. */
#define LOAD_ROWS(out, lo0, lo1, lo2, lo3, hi0, hi1, hi2, hi3, offset)         \
    do {                                                                       \
        (out)[0] = load_pair((lo0) + (offset), (hi0) + (offset));              \
        (out)[1] = load_pair((lo1) + (offset), (hi1) + (offset));              \
        (out)[2] = load_pair((lo2) + (offset), (hi2) + (offset));              \
        (out)[3] = load_pair((lo3) + (offset), (hi3) + (offset));              \
        transpose4_halves(out);                                                \
    } while (0)

#define BSWAP4(v)                                                              \
    do {                                                                       \
        (v)[0] = _mm256_shuffle_epi8((v)[0], bswap);                           \
        (v)[1] = _mm256_shuffle_epi8((v)[1], bswap);                           \
        (v)[2] = _mm256_shuffle_epi8((v)[2], bswap);                           \
        (v)[3] = _mm256_shuffle_epi8((v)[3], bswap);                           \
    } while (0)

/* One block whose message words are in w[] (w[t] holds W[t] of every lane;
 * the ring is overwritten) into s[], the transposed state. */
FSHA256_ALWAYS_INLINE void compress_words_x8(vec s[8], vec w[16]) {
    vec a = s[0], b = s[1], c = s[2], d = s[3];
    vec e = s[4], f = s[5], g = s[6], h = s[7];
    vec bc = XOR(b, c);
    for (int t = 0; t < 16; t += 8) {
        ROUND8(t, WK_LOADED);
    }
    for (int t = 16; t < 64; t += 8) {
        ROUND8(t, WK_SCHED);
    }
    s[0] = ADD(s[0], a); s[1] = ADD(s[1], b); s[2] = ADD(s[2], c); s[3] = ADD(s[3], d);
    s[4] = ADD(s[4], e); s[5] = ADD(s[5], f); s[6] = ADD(s[6], g); s[7] = ADD(s[7], h);
}

/* One block of known W + K words (the same for every lane) into s[]. */
static inline void compress_wk_x8(vec s[8], const uint32_t wk[64]) {
    vec a = s[0], b = s[1], c = s[2], d = s[3];
    vec e = s[4], f = s[5], g = s[6], h = s[7];
    vec bc = XOR(b, c);
    for (int t = 0; t < 64; t += 8) {
        ROUND8(t, WK_KNOWN);
    }
    s[0] = ADD(s[0], a); s[1] = ADD(s[1], b); s[2] = ADD(s[2], c); s[3] = ADD(s[3], d);
    s[4] = ADD(s[4], e); s[5] = ADD(s[5], f); s[6] = ADD(s[6], g); s[7] = ADD(s[7], h);
}

/* Compresses nblocks blocks of each lane (lane i from p[i]) into s[], the
 * transposed state: s[j] holds word j of every lane. */
FSHA256_ALWAYS_INLINE void compress_x8(vec s[8], const uint8_t *const p[8], size_t nblocks) {
    /* Reverses the bytes of each 32-bit word: the message is big-endian. */
    const vec bswap = _mm256_setr_epi8(3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12,
                                       3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12);
    const uint8_t *const p0 = p[0], *const p1 = p[1], *const p2 = p[2], *const p3 = p[3],
                         *const p4 = p[4], *const p5 = p[5], *const p6 = p[6], *const p7 = p[7];
    vec w[16]; /* the message schedule ring */
    for (size_t off = 0; nblocks--; off += 64) {
        LOAD_ROWS(w + 0, p0, p1, p2, p3, p4, p5, p6, p7, off + 0);
        LOAD_ROWS(w + 4, p0, p1, p2, p3, p4, p5, p6, p7, off + 16);
        LOAD_ROWS(w + 8, p0, p1, p2, p3, p4, p5, p6, p7, off + 32);
        LOAD_ROWS(w + 12, p0, p1, p2, p3, p4, p5, p6, p7, off + 48);
        BSWAP4(w + 0);
        BSWAP4(w + 4);
        BSWAP4(w + 8);
        BSWAP4(w + 12);
        compress_words_x8(s, w);
    }
}

/* s[j] = H_j of every lane, by the same transpose as the data. */
static inline void load_states_x8(vec s[8], uint32_t *const states[]) {
    LOAD_ROWS(s, states[0], states[1], states[2], states[3],
              states[4], states[5], states[6], states[7], 0);
    LOAD_ROWS(s + 4, states[0], states[1], states[2], states[3],
              states[4], states[5], states[6], states[7], 4);
}

/* Back to one state per lane: the same in-half transpose, halves to lanes
 * i and i+4. */
static inline void store_states_x8(uint32_t *const states[], vec s[8]) {
    transpose4_halves(s);
    transpose4_halves(s + 4);
    store_pair(states[0], states[4], s[0]);
    store_pair(states[1], states[5], s[1]);
    store_pair(states[2], states[6], s[2]);
    store_pair(states[3], states[7], s[3]);
    store_pair(states[0] + 4, states[4] + 4, s[4]);
    store_pair(states[1] + 4, states[5] + 4, s[5]);
    store_pair(states[2] + 4, states[6] + 4, s[6]);
    store_pair(states[3] + 4, states[7] + 4, s[7]);
}

/* The transposed state s[] as eight big-endian digests of digest_size bytes
 * (32, or 28 for SHA-224) back to back. */
static inline void store_digests_x8(uint8_t *digests, vec s[8], size_t digest_size) {
    const vec bswap = _mm256_setr_epi8(3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12,
                                       3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12);
    uint8_t sha224_out[8][32];
    uint8_t *out = digest_size == 32 ? digests : sha224_out[0];
    transpose4_halves(s);
    transpose4_halves(s + 4);
    for (int i = 0; i < 4; i++) {
        store_pair(out + 32 * i, out + 32 * (i + 4), _mm256_shuffle_epi8(s[i], bswap));
        store_pair(out + 32 * i + 16, out + 32 * (i + 4) + 16, _mm256_shuffle_epi8(s[i + 4], bswap));
    }
    if (digest_size != 32) /* SHA-224: 28 of each 32 bytes */
        for (int i = 0; i < 8; i++)
            memcpy(digests + i * digest_size, sha224_out[i], digest_size);
}

void fsha256_avx2_lanes_x8(uint32_t *const states[], const uint8_t *const data[], size_t nblocks) {
    if (nblocks == 0)
        return;
    vec s[8];
    load_states_x8(s, states);
    compress_x8(s, data, nblocks);
    store_states_x8(states, s);
}

/* One block of known W + K for all eight lanes: only the rounds. */
void fsha256_avx2_rounds_wk_x8(uint32_t *const states[], const uint32_t wk[64]) {
    vec s[8];
    load_states_x8(s, states);
    compress_wk_x8(s, wk);
    store_states_x8(states, s);
}

/* Eight HMAC tags at once (fsha256_lanes_hmac_fn), as the AVX-512 kernel
 * does: the transposed inner state s[j] is word j of every lane's inner
 * digest, so W[j] of the outer block; no store or byte swap between. */
void fsha256_avx2_hmac_x8(const uint32_t inner[8], const uint32_t outer[8],
                          const uint8_t *const data[], size_t nblocks, const uint32_t wk[64],
                          uint8_t *tags, size_t digest_size) {
    vec s[8], w[16];
    for (int j = 0; j < 8; j++)
        s[j] = _mm256_set1_epi32((int)inner[j]);
    compress_x8(s, data, nblocks);
    if (wk)
        compress_wk_x8(s, wk);

    for (size_t j = 0; j < 16; j++)
        w[j] = j < digest_size / 4 ? s[j]
                                   : _mm256_set1_epi32((int)fsha256_hmac_outer_pad_word(j, digest_size));
    for (int j = 0; j < 8; j++)
        s[j] = _mm256_set1_epi32((int)outer[j]);
    compress_words_x8(s, w);
    store_digests_x8(tags, s, digest_size);
}

/* One padded block per lane from the IV (broadcast: no transpose in), out as
 * big-endian digests: the transpose out plus one byte swap per vector. */
void fsha256_avx2_oneblock_x8(const uint32_t iv[8], const uint8_t *const blocks[], uint8_t *digests,
                         size_t digest_size) {
    vec s[8];
    for (int j = 0; j < 8; j++)
        s[j] = _mm256_set1_epi32((int)iv[j]);
    compress_x8(s, blocks, 1);
    store_digests_x8(digests, s, digest_size);
}

#endif /* FSHA256_ARCH_X86 && FASTSHA256_HAVE_X86_KERNELS */
