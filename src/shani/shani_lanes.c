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

/* One block for each of two lanes from its four message quads (native
 * word order; w is the schedule ring, overwritten), the chains interleaved. */
FSHA256_ALWAYS_INLINE void compress_quads_x2(__m128i abef[2], __m128i cdgh[2], __m128i w[2][4]) {
    /* State at block start, read once at the end for the feed-forward.
     * volatile keeps it in memory, so it never competes for registers. */
    volatile __m128i abef_in[2], cdgh_in[2];
    __m128i k;

#define START(l, unused)                                                       \
    do {                                                                       \
        abef_in[l] = abef[l];                                                  \
        cdgh_in[l] = cdgh[l];                                                  \
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

/* One block for each of two lanes, from memory (any alignment). */
FSHA256_ALWAYS_INLINE void compress_block_x2(__m128i abef[2], __m128i cdgh[2],
                                            const uint8_t *const block[2]) {
    const __m128i bswap = shani_bswap_mask();
    __m128i w[2][4]; /* schedule ring per lane: quad q in slot q & 3 */
    for (int l = 0; l < 2; l++)
        for (int q = 0; q < 4; q++)
            w[l][q] = shani_load_msg(block[l], q, bswap);
    compress_quads_x2(abef, cdgh, w);
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

/* The entries that keep both states in registers from the IV to the
 * digests (seams.h), so that two streams serve every batch path where the
 * tuning table prefers them to four (src/tuning.c). */

FSHA256_ALWAYS_INLINE void from_state_x2(const uint32_t state[8], __m128i abef[2],
                                        __m128i cdgh[2]) {
    shani_load_state(state, &abef[0], &cdgh[0]);
    abef[1] = abef[0];
    cdgh[1] = cdgh[0];
}

FSHA256_ALWAYS_INLINE void blocks_x2(__m128i abef[2], __m128i cdgh[2], const uint8_t *const data[],
                                    size_t nblocks) {
    for (size_t offset = 0; nblocks--; offset += 64) {
        const uint8_t *const block[2] = {data[0] + offset, data[1] + offset};
        compress_block_x2(abef, cdgh, block);
    }
}

/* A padding-only block given by its W + K words, with the feed-forward. */
FSHA256_ALWAYS_INLINE void wk_block_x2(__m128i abef[2], __m128i cdgh[2], const uint32_t wk[64]) {
    const __m128i abef_in[2] = {abef[0], abef[1]}, cdgh_in[2] = {cdgh[0], cdgh[1]};
    shani_rounds_wk_lanes(abef, cdgh, wk, 2);
    for (int l = 0; l < 2; l++) {
        abef[l] = _mm_add_epi32(abef[l], abef_in[l]);
        cdgh[l] = _mm_add_epi32(cdgh[l], cdgh_in[l]);
    }
}

FSHA256_ALWAYS_INLINE void store_digests_x2(uint8_t *out, const __m128i abef[2],
                                           const __m128i cdgh[2], size_t digest_size) {
    shani_store_digest(out, abef[0], cdgh[0], digest_size);
    shani_store_digest(out + digest_size, abef[1], cdgh[1], digest_size);
}

void fsha256_shani_oneblock_x2(const uint32_t iv[8], const uint8_t *const blocks[],
                               uint8_t *digests, size_t digest_size) {
    __m128i abef[2], cdgh[2];
    from_state_x2(iv, abef, cdgh);
    compress_block_x2(abef, cdgh, blocks);
    store_digests_x2(digests, abef, cdgh, digest_size);
}

void fsha256_shani_blocks_wk_x2(const uint32_t iv[8], const uint8_t *const data[], size_t nblocks,
                                const uint32_t wk[64], uint8_t *digests, size_t digest_size) {
    __m128i abef[2], cdgh[2];
    from_state_x2(iv, abef, cdgh);
    blocks_x2(abef, cdgh, data, nblocks);
    wk_block_x2(abef, cdgh, wk);
    store_digests_x2(digests, abef, cdgh, digest_size);
}

void fsha256_shani_hmac_x2(const uint32_t inner[8], const uint32_t outer[8],
                           const uint8_t *const data[], size_t nblocks, const uint32_t wk[64],
                           uint8_t *tags, size_t digest_size) {
    __m128i abef[2], cdgh[2], w[2][4];
    from_state_x2(inner, abef, cdgh);
    blocks_x2(abef, cdgh, data, nblocks);
    if (wk)
        wk_block_x2(abef, cdgh, wk);
    shani_hmac_outer_quads(abef[0], cdgh[0], digest_size, w[0]);
    shani_hmac_outer_quads(abef[1], cdgh[1], digest_size, w[1]);
    from_state_x2(outer, abef, cdgh);
    compress_quads_x2(abef, cdgh, w);
    store_digests_x2(tags, abef, cdgh, digest_size);
}

#endif /* FSHA256_ARCH_X86 && FASTSHA256_HAVE_X86_KERNELS */
