/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Two-stream SHA-256 compression with the x86 SHA extensions.
 *
 * One message is bound by the latency of its sha256rnds2 chain (4 cycles),
 * while the SHA unit can start one every cycle. Interleaving the chains of
 * independent messages fills those idle cycles. Two lanes (2 state vectors
 * and a 4-quad schedule ring each: 12 vectors) fit in the 16 XMM registers,
 * so intrinsics do here; four lanes need the hand-allocated registers of
 * shani_lanes_x4.inc (x86-64 only). */
#include "../internal.h"

#if defined(FSHA256_ARCH_X86) && defined(FASTSHA256_HAVE_X86_KERNELS)

#include "shani_common.h"

/* Runs STEP(lane, arg) for both lanes of a pair. */
#define EACH_LANE(STEP, arg)                                                   \
    do {                                                                       \
        STEP(0, arg);                                                          \
        STEP(1, arg);                                                          \
    } while (0)

/* One block for each of two lanes, their chains interleaved. */
FSHA256_ALWAYS_INLINE void compress_block_x2(__m128i abef[2], __m128i cdgh[2],
                                       const uint8_t *const block[2]) {
    const __m128i bswap = shani_bswap_mask();
    /* State at block start, read once at the end for the feed-forward.
     * volatile keeps it in memory, so it never competes for registers. */
    volatile __m128i abef_in[2], cdgh_in[2];
    __m128i w[2][4]; /* schedule ring per lane: quad q in slot q & 3 */
    __m128i k;

#define START(l, unused)                                                       \
    do {                                                                       \
        abef_in[l] = abef[l];                                                  \
        cdgh_in[l] = cdgh[l];                                                  \
        w[l][0] = shani_load_msg(block[l], 0, bswap);                          \
        w[l][1] = shani_load_msg(block[l], 1, bswap);                          \
        w[l][2] = shani_load_msg(block[l], 2, bswap);                          \
        w[l][3] = shani_load_msg(block[l], 3, bswap);                          \
    } while (0)
/* The next quad replaces the oldest one, in slot s. */
#define SCHEDULE(l, s)                                                         \
    (w[l][s] = shani_schedule(w[l][s], w[l][((s) + 1) & 3], w[l][((s) + 2) & 3], \
                              w[l][((s) + 3) & 3]))
#define ROUNDS(l, s) shani_rounds4(&abef[l], &cdgh[l], _mm_add_epi32(w[l][s], k))
#define FINISH(l, unused)                                                      \
    do {                                                                       \
        abef[l] = _mm_add_epi32(abef[l], abef_in[l]);                          \
        cdgh[l] = _mm_add_epi32(cdgh[l], cdgh_in[l]);                          \
    } while (0)
/* Step q: schedule quad q + 1 (quads 4..15 are computed), then the rounds
 * of quad q. One step ahead keeps msg1/msg2 latency off the rounds' path
 * without keeping an extra quad alive. The slot numbers are constants. */
#define STEP(q)                                                                \
    do {                                                                       \
        if ((q) + 1 >= 4 && (q) + 1 < 16)                                      \
            EACH_LANE(SCHEDULE, ((q) + 1) & 3);                                \
        k = shani_k(q);                                                        \
        EACH_LANE(ROUNDS, (q) & 3);                                            \
    } while (0)

    EACH_LANE(START, 0);
    STEP(0);  STEP(1);  STEP(2);  STEP(3);
    STEP(4);  STEP(5);  STEP(6);  STEP(7);
    STEP(8);  STEP(9);  STEP(10); STEP(11);
    STEP(12); STEP(13); STEP(14); STEP(15);
    EACH_LANE(FINISH, 0);

#undef START
#undef SCHEDULE
#undef ROUNDS
#undef FINISH
#undef STEP
}

void fsha256_shani_lanes_x2(uint32_t *const states[], const uint8_t *const data[], size_t nblocks) {
    __m128i abef[2], cdgh[2];
    if (nblocks == 0)
        return;
    shani_load_state(states[0], &abef[0], &cdgh[0]);
    shani_load_state(states[1], &abef[1], &cdgh[1]);
    for (size_t offset = 0; nblocks--; offset += 64) {
        const uint8_t *const block[2] = {data[0] + offset, data[1] + offset};
        compress_block_x2(abef, cdgh, block);
    }
    shani_store_state(states[0], abef[0], cdgh[0]);
    shani_store_state(states[1], abef[1], cdgh[1]);
}

#endif /* FSHA256_ARCH_X86 && FASTSHA256_HAVE_X86_KERNELS */
