/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* One PBKDF2 chain on SHA-NI, the whole iteration loop in registers
 * (kdf_chains.c's fsha256_kdf_run_chains, one derivation at a time).
 *
 * A link of the chain is two dependent compressions, each of one block
 * whose message is the previous digest: HMAC's inner hash of U from the
 * ipad state, then the outer hash of that digest from the opad state. Both
 * key states, U, T and the constant padding words stay in xmm registers;
 * between the two compressions the digest becomes the next block's message
 * words with two shuffles (the state's ABEF/CDGH halves to A..D and E..H),
 * so the sha256rnds2 chain waits on nothing but a feed-forward add, a
 * shuffle and the K add. No loads or stores in the loop. */
#include "../internal.h"

#if defined(FSHA256_ARCH_X86) && defined(FASTSHA256_HAVE_X86_KERNELS)

#include "shani_common.h"

/* The state as digest words A..D and E..H, native order (no byte swap:
 * they are the next block's message words). */
FSHA256_ALWAYS_INLINE void state_words(__m128i abef, __m128i cdgh, __m128i *abcd, __m128i *efgh) {
    __m128 fe_ba = _mm_castsi128_ps(abef), hg_dc = _mm_castsi128_ps(cdgh);
    *abcd = _mm_castps_si128(_mm_shuffle_ps(fe_ba, hg_dc, 0xBB));
    *efgh = _mm_castps_si128(_mm_shuffle_ps(fe_ba, hg_dc, 0x11));
}

/* One compression of the U block from a key state; U's next value out. */
FSHA256_ALWAYS_INLINE void link_half(__m128i abef, __m128i cdgh, __m128i *u0, __m128i *u1,
                                    __m128i w2, __m128i w3, __m128i pad_word, int sha224) {
    /* SHA-224's digest is seven words: its 0x80 word takes H's place. */
    __m128i w1 = sha224 ? _mm_blend_epi16(*u1, pad_word, 0xC0) : *u1;
    shani_compress_quads(&abef, &cdgh, *u0, w1, w2, w3);
    state_words(abef, cdgh, u0, u1);
}

/* The loop for one digest size (a constant once inlined). */
FSHA256_ALWAYS_INLINE void chain_loop(const uint32_t inner[8], const uint32_t outer[8],
                                     const uint32_t u[8], uint32_t t[8], uint64_t iterations,
                                     int sha224) {
    __m128i in_abef, in_cdgh, out_abef, out_cdgh;
    shani_load_state(inner, &in_abef, &in_cdgh);
    shani_load_state(outer, &out_abef, &out_cdgh);
    __m128i u0 = _mm_loadu_si128((const __m128i *)u);
    __m128i u1 = _mm_loadu_si128((const __m128i *)(u + 4));
    __m128i t0 = _mm_loadu_si128((const __m128i *)t);
    __m128i t1 = _mm_loadu_si128((const __m128i *)(t + 4));
    /* Words 8..15 of the block: 0x80 bit (SHA-256), zeros, the bit count of
     * one key block plus the digest. */
    const uint32_t bits = (uint32_t)(FASTSHA256_BLOCK_SIZE + (sha224 ? 28 : 32)) * 8;
    const __m128i pad_word = _mm_set_epi32((int)0x80000000u, 0, 0, 0);
    const __m128i w2 = sha224 ? _mm_setzero_si128() : _mm_set_epi32(0, 0, 0, (int)0x80000000u);
    const __m128i w3 = _mm_set_epi32((int)bits, 0, 0, 0);
    for (; iterations; iterations--) {
        link_half(in_abef, in_cdgh, &u0, &u1, w2, w3, pad_word, sha224);
        link_half(out_abef, out_cdgh, &u0, &u1, w2, w3, pad_word, sha224);
        t0 = _mm_xor_si128(t0, u0);
        t1 = _mm_xor_si128(t1, u1);
    }
    _mm_storeu_si128((__m128i *)t, t0);
    if (sha224) /* t[7] is not part of a SHA-224 T: left as it was */
        t1 = _mm_blend_epi16(t1, _mm_loadu_si128((const __m128i *)(t + 4)), 0xC0);
    _mm_storeu_si128((__m128i *)(t + 4), t1);
}

void fsha256_shani_pbkdf2_chain(const uint32_t inner[8], const uint32_t outer[8],
                                const uint32_t u[8], uint32_t t[8], uint64_t iterations,
                                size_t digest_size) {
    if (digest_size == FASTSHA224_DIGEST_SIZE)
        chain_loop(inner, outer, u, t, iterations, 1);
    else
        chain_loop(inner, outer, u, t, iterations, 0);
}

#endif /* FSHA256_ARCH_X86 && FASTSHA256_HAVE_X86_KERNELS */
