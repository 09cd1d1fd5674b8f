/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Rounds-only SHA-NI lane kernels (fsha256_lanes_wk_fn): every lane runs one
 * block whose W + K words are known in advance (a padding-only last block),
 * so each quad of them is loaded once for all lanes and no sha256msg1,
 * sha256msg2, message load or byte swap runs: the block costs its 32
 * sha256rnds2 per lane and little else. The states stay in memory as they
 * were until the end, where they give the feed-forward. Intrinsics: the
 * states (two vectors a lane) and the W + K quad fit in the XMM registers. */
#include "../internal.h"

#if defined(FSHA256_ARCH_X86) && defined(FASTSHA256_HAVE_X86_KERNELS)

#include "shani_common.h"

/* The block's result (ABEF/CDGH) plus the state at block start, still at
 * state[], stored back there. */
FSHA256_ALWAYS_INLINE void shani_add_store_state(uint32_t state[8], __m128i abef, __m128i cdgh) {
    __m128 fe_ba = _mm_castsi128_ps(abef), hg_dc = _mm_castsi128_ps(cdgh);
    __m128i abcd = _mm_castps_si128(_mm_shuffle_ps(fe_ba, hg_dc, 0xBB));
    __m128i efgh = _mm_castps_si128(_mm_shuffle_ps(fe_ba, hg_dc, 0x11));
    abcd = _mm_add_epi32(abcd, _mm_loadu_si128((const __m128i *)state));
    efgh = _mm_add_epi32(efgh, _mm_loadu_si128((const __m128i *)(state + 4)));
    _mm_storeu_si128((__m128i *)state, abcd);
    _mm_storeu_si128((__m128i *)(state + 4), efgh);
}

/* The rounds of `lanes` lanes, states from and back to memory. */
FSHA256_ALWAYS_INLINE void shani_rounds_wk(uint32_t *const states[], const uint32_t wk[64],
                                          int lanes) {
    __m128i abef[4], cdgh[4];
    for (int i = 0; i < lanes; i++)
        shani_load_state(states[i], &abef[i], &cdgh[i]);
    shani_rounds_wk_lanes(abef, cdgh, wk, lanes);
    for (int i = 0; i < lanes; i++)
        shani_add_store_state(states[i], abef[i], cdgh[i]);
}

void fsha256_shani_rounds_wk_x2(uint32_t *const states[], const uint32_t wk[64]) {
    shani_rounds_wk(states, wk, 2);
}

#ifdef FSHA256_HAVE_SHANI_X4
void fsha256_shani_rounds_wk_x4(uint32_t *const states[], const uint32_t wk[64]) {
    shani_rounds_wk(states, wk, 4);
}
#endif

#endif /* FSHA256_ARCH_X86 && FASTSHA256_HAVE_X86_KERNELS */
