/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Two PBKDF2 chains at once on SHA-NI, interleaved in one loop
 * (kdf_chains.c: several derivations, or several output blocks of one).
 *
 * One chain waits on sha256rnds2's latency; the SHA unit can start
 * another every cycle or two, so independent chains fill the gaps. Each
 * chain's link is the same two compressions of its U block as in
 * shani_pbkdf2.c; the lanes' rounds alternate quad by quad. Written for n
 * lanes, used with two: with four, the compiled intrinsics spilled state
 * vectors onto the rnds2 chains and ran slower than two (four chains use
 * the inline-asm block of shani_lanes_x4.inc instead). */
#include "../internal.h"

#if defined(FSHA256_ARCH_X86) && defined(FASTSHA256_HAVE_X86_KERNELS)

#include "shani_common.h"

/* Every loop here has a constant trip count and is unrolled completely, so
 * the per-lane arrays become registers (or fixed stack slots). */
#if defined(__clang__)
#  define UNROLL _Pragma("unroll")
#elif defined(__GNUC__)
#  define UNROLL _Pragma("GCC unroll 16")
#else
#  define UNROLL
#endif

/* The state as digest words A..D and E..H, native order. */
FSHA256_ALWAYS_INLINE void state_words(__m128i abef, __m128i cdgh, __m128i *abcd, __m128i *efgh) {
    __m128 fe_ba = _mm_castsi128_ps(abef), hg_dc = _mm_castsi128_ps(cdgh);
    *abcd = _mm_castps_si128(_mm_shuffle_ps(fe_ba, hg_dc, 0xBB));
    *efgh = _mm_castps_si128(_mm_shuffle_ps(fe_ba, hg_dc, 0x11));
}

/* One compression of every lane's U block from its key state (key[l][0]
 * ABEF, key[l][1] CDGH); the lanes' next U out. */
FSHA256_ALWAYS_INLINE void half_link(int n, __m128i key[][2], __m128i *u0, __m128i *u1,
                                    __m128i w2, __m128i w3, __m128i pad_word, int sha224) {
    __m128i abef[4], cdgh[4], w[4][4];
    UNROLL for (int l = 0; l < n; l++) {
        abef[l] = key[l][0];
        cdgh[l] = key[l][1];
        w[l][0] = u0[l];
        w[l][1] = sha224 ? _mm_blend_epi16(u1[l], pad_word, 0xC0) : u1[l];
        w[l][2] = w2;
        w[l][3] = w3;
    }
    /* Step q: the schedule one quad ahead (quads 4..15), then quad q's
     * rounds, lane after lane. */
    UNROLL for (int q = 0; q < 16; q++) {
        if (q + 1 >= 4 && q + 1 < 16) {
            int s = (q + 1) & 3;
            UNROLL for (int l = 0; l < n; l++)
                w[l][s] = shani_schedule(w[l][s], w[l][(s + 1) & 3], w[l][(s + 2) & 3],
                                         w[l][(s + 3) & 3]);
        }
        const __m128i k = shani_k(q);
        UNROLL for (int l = 0; l < n; l++)
            shani_rounds4(&abef[l], &cdgh[l], _mm_add_epi32(w[l][q & 3], k));
    }
    UNROLL for (int l = 0; l < n; l++)
        state_words(_mm_add_epi32(abef[l], key[l][0]), _mm_add_epi32(cdgh[l], key[l][1]), &u0[l],
                    &u1[l]);
}

FSHA256_ALWAYS_INLINE void chains_loop(int n, fsha256_kdf_chain *c, uint64_t iterations,
                                      int sha224) {
    __m128i inner[4][2], outer[4][2], u0[4], u1[4], t0[4], t1[4];
    const uint32_t bits = (uint32_t)(FASTSHA256_BLOCK_SIZE + (sha224 ? 28 : 32)) * 8;
    const __m128i pad_word = _mm_set_epi32((int)0x80000000u, 0, 0, 0);
    const __m128i w2 = sha224 ? _mm_setzero_si128() : _mm_set_epi32(0, 0, 0, (int)0x80000000u);
    const __m128i w3 = _mm_set_epi32((int)bits, 0, 0, 0);
    UNROLL for (int l = 0; l < n; l++) {
        shani_load_state(c[l].inner, &inner[l][0], &inner[l][1]);
        shani_load_state(c[l].outer, &outer[l][0], &outer[l][1]);
        u0[l] = _mm_loadu_si128((const __m128i *)c[l].u);
        u1[l] = _mm_loadu_si128((const __m128i *)(c[l].u + 4));
        t0[l] = _mm_loadu_si128((const __m128i *)c[l].t);
        t1[l] = _mm_loadu_si128((const __m128i *)(c[l].t + 4));
    }
    for (; iterations; iterations--) {
        half_link(n, inner, u0, u1, w2, w3, pad_word, sha224);
        half_link(n, outer, u0, u1, w2, w3, pad_word, sha224);
        UNROLL for (int l = 0; l < n; l++) {
            t0[l] = _mm_xor_si128(t0[l], u0[l]);
            t1[l] = _mm_xor_si128(t1[l], u1[l]);
        }
    }
    UNROLL for (int l = 0; l < n; l++) {
        _mm_storeu_si128((__m128i *)c[l].t, t0[l]);
        if (sha224) /* t[7] is not part of a SHA-224 T: left as it was */
            t1[l] = _mm_blend_epi16(t1[l], _mm_loadu_si128((const __m128i *)(c[l].t + 4)), 0xC0);
        _mm_storeu_si128((__m128i *)(c[l].t + 4), t1[l]);
    }
}

void fsha256_shani_pbkdf2_chains_x2(fsha256_kdf_chain *chains, uint64_t iterations,
                                    size_t digest_size) {
    if (digest_size == FASTSHA224_DIGEST_SIZE)
        chains_loop(2, chains, iterations, 1);
    else
        chains_loop(2, chains, iterations, 0);
}

/* The shani backend's chain kernels: two chains at once, and (x86-64) four
 * on the inline-asm block of shani_lanes_x4.inc, in its legacy-SSE and VEX
 * flavours. */
const fsha256_pbkdf2_kernels fsha256_shani_pbkdf2_x2 = {
    fsha256_shani_pbkdf2_chain, fsha256_shani_pbkdf2_chains_x2, NULL};
#ifdef FSHA256_HAVE_SHANI_X4
const fsha256_pbkdf2_kernels fsha256_shani_pbkdf2 = {
    fsha256_shani_pbkdf2_chain, fsha256_shani_pbkdf2_chains_x2, fsha256_shani_pbkdf2_chains_x4};
const fsha256_pbkdf2_kernels fsha256_shani_pbkdf2_vex = {
    fsha256_shani_pbkdf2_chain, fsha256_shani_pbkdf2_chains_x2,
    fsha256_shani_pbkdf2_chains_x4_avx};
#endif

#endif /* FSHA256_ARCH_X86 && FASTSHA256_HAVE_X86_KERNELS */

