/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Helpers shared by the SHA-NI kernels (shani.c, shani_lanes.c).
 *
 * sha256rnds2 keeps the eight working variables in two vectors, ABEF and
 * CDGH, with A (resp. C) in the highest lane, instead of the A..H order of
 * state[]. Vector contents below are listed lowest lane first. */
#ifndef FSHA256_SHANI_COMMON_H
#define FSHA256_SHANI_COMMON_H

#include <immintrin.h>

#include "../internal.h"

/* pshufb mask turning four big-endian message words into native lanes. */
FSHA256_ALWAYS_INLINE __m128i shani_bswap_mask(void) {
    return _mm_set_epi64x(0x0c0d0e0f08090a0bLL, 0x0405060700010203LL);
}

/* Message words W[4i..4i+3] of a block, any alignment. */
FSHA256_ALWAYS_INLINE __m128i shani_load_msg(const uint8_t *block, int i, __m128i bswap) {
    return _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(block + 16 * i)), bswap);
}

/* K[4q..4q+3] (fsha256_sha256_k is 64-byte aligned). */
FSHA256_ALWAYS_INLINE __m128i shani_k(int q) {
    return _mm_load_si128((const __m128i *)(fsha256_sha256_k + 4 * q));
}

/* state[] (A..H) to ABEF/CDGH. shufps picks two lanes from each source in
 * any order, so each direction is one instruction per vector (one cycle of
 * latency before the first sha256rnds2, one after the last). */
FSHA256_ALWAYS_INLINE void shani_load_state(const uint32_t state[8], __m128i *abef, __m128i *cdgh) {
    __m128 abcd = _mm_castsi128_ps(_mm_loadu_si128((const __m128i *)state));
    __m128 efgh = _mm_castsi128_ps(_mm_loadu_si128((const __m128i *)(state + 4)));
    *abef = _mm_castps_si128(_mm_shuffle_ps(efgh, abcd, 0x11)); /* F E B A */
    *cdgh = _mm_castps_si128(_mm_shuffle_ps(efgh, abcd, 0xBB)); /* H G D C */
}

/* The inverse of shani_load_state. */
FSHA256_ALWAYS_INLINE void shani_store_state(uint32_t state[8], __m128i abef, __m128i cdgh) {
    __m128 fe_ba = _mm_castsi128_ps(abef), hg_dc = _mm_castsi128_ps(cdgh);
    _mm_storeu_si128((__m128i *)state, _mm_castps_si128(_mm_shuffle_ps(fe_ba, hg_dc, 0xBB)));
    _mm_storeu_si128((__m128i *)(state + 4), _mm_castps_si128(_mm_shuffle_ps(fe_ba, hg_dc, 0x11)));
}

/* The state's words A..D and E..H, each byte-swapped: the big-endian
 * digest's two halves. */
FSHA256_ALWAYS_INLINE void shani_digest_halves(__m128i abef, __m128i cdgh, __m128i *abcd,
                                              __m128i *efgh) {
    __m128 fe_ba = _mm_castsi128_ps(abef), hg_dc = _mm_castsi128_ps(cdgh);
    const __m128i bswap = shani_bswap_mask();
    *abcd = _mm_shuffle_epi8(_mm_castps_si128(_mm_shuffle_ps(fe_ba, hg_dc, 0xBB)), bswap);
    *efgh = _mm_shuffle_epi8(_mm_castps_si128(_mm_shuffle_ps(fe_ba, hg_dc, 0x11)), bswap);
}

/* The state as a big-endian digest of digest_size bytes: 32, or 28 for
 * SHA-224 (words 3..6 then go out as one store at byte 12, overlapping the
 * first, so nothing is written past the digest). */
FSHA256_ALWAYS_INLINE void shani_store_digest(uint8_t *out, __m128i abef, __m128i cdgh,
                                             size_t digest_size) {
    __m128i abcd, efgh;
    shani_digest_halves(abef, cdgh, &abcd, &efgh);
    _mm_storeu_si128((__m128i *)out, abcd);
    if (digest_size == 32)
        _mm_storeu_si128((__m128i *)(out + 16), efgh);
    else
        _mm_storeu_si128((__m128i *)(out + 12), _mm_alignr_epi8(efgh, abcd, 12));
}

/* Next schedule quad W[t..t+3] from the previous four, oldest (W[t-16..t-13])
 * first: W[t] = s1(W[t-2]) + W[t-7] + s0(W[t-15]) + W[t-16]. */
FSHA256_ALWAYS_INLINE __m128i shani_schedule(__m128i w16, __m128i w12, __m128i w8, __m128i w4) {
    __m128i sum = _mm_sha256msg1_epu32(w16, w12);              /* W[t-16] + s0(W[t-15]) */
    sum = _mm_add_epi32(sum, _mm_alignr_epi8(w4, w8, 4));      /* + W[t-7] */
    return _mm_sha256msg2_epu32(sum, w4);                      /* + s1(W[t-2]) */
}

/* Four rounds with wk = W + K for them. Each sha256rnds2 does two rounds
 * from the low half of wk and returns the new ABEF; the new CDGH is the old
 * ABEF, so the two variables swap roles and are back in place after two. */
FSHA256_ALWAYS_INLINE void shani_rounds4(__m128i *abef, __m128i *cdgh, __m128i wk) {
    *cdgh = _mm_sha256rnds2_epu32(*cdgh, *abef, wk);
    *abef = _mm_sha256rnds2_epu32(*abef, *cdgh, _mm_shuffle_epi32(wk, 0x0E));
}

/* The rounds of a padding-only block from its 64 W + K words (known in
 * advance: no loads, byte swaps or schedule) on `lanes` lanes, each quad
 * loaded once for all of them; no feed-forward. lanes is a constant at
 * every call, so the loops unroll and the states stay in registers. */
FSHA256_ALWAYS_INLINE void shani_rounds_wk_lanes(__m128i abef[], __m128i cdgh[],
                                                const uint32_t wk[64], int lanes) {
    for (int q = 0; q < 16; q++) {
        const __m128i w = _mm_loadu_si128((const __m128i *)(wk + 4 * q));
        for (int i = 0; i < lanes; i++)
            shani_rounds4(&abef[i], &cdgh[i], w);
    }
}

/* One block from its four message quads (native word order), states in
 * registers: the schedule runs one quad ahead of the rounds that use it,
 * off the sha256rnds2 chain. */
FSHA256_ALWAYS_INLINE void shani_compress_quads(__m128i *abef, __m128i *cdgh, __m128i w0,
                                               __m128i w1, __m128i w2, __m128i w3) {
    const __m128i abef_in = *abef, cdgh_in = *cdgh;
#define FSHA256_SHANI_SCHEDULE_ROUNDS(w16, w12, w8, w4, q)                    \
    do {                                                                       \
        w16 = shani_schedule(w16, w12, w8, w4);                                \
        shani_rounds4(abef, cdgh, _mm_add_epi32(w16, shani_k(q)));             \
    } while (0)
    shani_rounds4(abef, cdgh, _mm_add_epi32(w0, shani_k(0)));
    shani_rounds4(abef, cdgh, _mm_add_epi32(w1, shani_k(1)));
    shani_rounds4(abef, cdgh, _mm_add_epi32(w2, shani_k(2)));
    shani_rounds4(abef, cdgh, _mm_add_epi32(w3, shani_k(3)));
    for (int q = 4; q < 16; q += 4) {
        FSHA256_SHANI_SCHEDULE_ROUNDS(w0, w1, w2, w3, q);
        FSHA256_SHANI_SCHEDULE_ROUNDS(w1, w2, w3, w0, q + 1);
        FSHA256_SHANI_SCHEDULE_ROUNDS(w2, w3, w0, w1, q + 2);
        FSHA256_SHANI_SCHEDULE_ROUNDS(w3, w0, w1, w2, q + 3);
    }
#undef FSHA256_SHANI_SCHEDULE_ROUNDS
    *abef = _mm_add_epi32(*abef, abef_in);
    *cdgh = _mm_add_epi32(*cdgh, cdgh_in);
}

/* HMAC's outer block over the inner hash's final state, as message quads:
 * the digest words, the 0x80 bit, zeros, then the bit count of one key
 * block plus the digest. SHA-224's digest is seven words, so its 0x80 word
 * takes the place of H7. Built in registers: its words are the state's. */
FSHA256_ALWAYS_INLINE void shani_hmac_outer_quads(__m128i abef, __m128i cdgh, size_t digest_size,
                                                 __m128i w[4]) {
    __m128 fe_ba = _mm_castsi128_ps(abef), hg_dc = _mm_castsi128_ps(cdgh);
    w[0] = _mm_castps_si128(_mm_shuffle_ps(fe_ba, hg_dc, 0xBB)); /* A B C D */
    w[1] = _mm_castps_si128(_mm_shuffle_ps(fe_ba, hg_dc, 0x11)); /* E F G H */
    uint32_t outer_bits = (uint32_t)(FASTSHA256_BLOCK_SIZE + digest_size) * 8;
    if (digest_size == FASTSHA256_DIGEST_SIZE) {
        w[2] = _mm_set_epi32(0, 0, 0, (int)0x80000000u);
    } else {
        w[1] = _mm_insert_epi32(w[1], (int)0x80000000u, 3);
        w[2] = _mm_setzero_si128();
    }
    w[3] = _mm_set_epi32((int)outer_bits, 0, 0, 0);
}

#endif /* FSHA256_SHANI_COMMON_H */
