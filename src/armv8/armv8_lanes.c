/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Two independent SHA-256 streams, interleaved round by round.
 *
 * One stream leaves the SHA unit idle while each sha256h/sha256h2 pair
 * waits for the previous one; a second, independent chain fills those
 * gaps, so two messages cost little more than one. Each quad of round
 * constants is loaded once and added to both streams' schedules.
 * Registers: 2 x (4 schedule quads + 2 state + 2 saved state) = 16 of 32. */
#include "../internal.h"

#if defined(FSHA256_ARCH_AARCH64) && defined(FASTSHA256_HAVE_ARMV8_KERNELS)

#include "armv8_common.h"

/* Rounds 4q..4q+3 of both streams, from quads wa (stream a) and wb (b). */
#define ROUNDS2(wa, wb, q)                                                     \
    do {                                                                       \
        const uint32x4_t k_ = armv8_k(q);                                      \
        armv8_rounds4(&abcd_a, &efgh_a, vaddq_u32((wa), k_));                  \
        armv8_rounds4(&abcd_b, &efgh_b, vaddq_u32((wb), k_));                  \
    } while (0)

/* Quads i of both streams: rounds, then each becomes the quad 16 words on. */
#define ROUNDS2_SCHEDULE(i0, i4, i8, i12, q)                                   \
    do {                                                                       \
        ROUNDS2(a##i0, b##i0, q);                                              \
        a##i0 = armv8_schedule(a##i0, a##i4, a##i8, a##i12);                   \
        b##i0 = armv8_schedule(b##i0, b##i4, b##i8, b##i12);                   \
    } while (0)

/* One block of each stream, from pa and pb. */
static inline void compress_block_x2(uint32x4_t *state_abcd_a, uint32x4_t *state_efgh_a,
                                     uint32x4_t *state_abcd_b, uint32x4_t *state_efgh_b,
                                     const uint8_t *pa, const uint8_t *pb) {
    uint32x4_t abcd_a = *state_abcd_a, efgh_a = *state_efgh_a;
    uint32x4_t abcd_b = *state_abcd_b, efgh_b = *state_efgh_b;
    uint32x4_t a0 = armv8_load_msg(pa, 0), b0 = armv8_load_msg(pb, 0);
    uint32x4_t a1 = armv8_load_msg(pa, 1), b1 = armv8_load_msg(pb, 1);
    uint32x4_t a2 = armv8_load_msg(pa, 2), b2 = armv8_load_msg(pb, 2);
    uint32x4_t a3 = armv8_load_msg(pa, 3), b3 = armv8_load_msg(pb, 3);

    for (int q = 0; q < 12; q += 4) {
        ROUNDS2_SCHEDULE(0, 1, 2, 3, q);
        ROUNDS2_SCHEDULE(1, 2, 3, 0, q + 1);
        ROUNDS2_SCHEDULE(2, 3, 0, 1, q + 2);
        ROUNDS2_SCHEDULE(3, 0, 1, 2, q + 3);
    }
    ROUNDS2(a0, b0, 12);
    ROUNDS2(a1, b1, 13);
    ROUNDS2(a2, b2, 14);
    ROUNDS2(a3, b3, 15);

    *state_abcd_a = vaddq_u32(*state_abcd_a, abcd_a);
    *state_efgh_a = vaddq_u32(*state_efgh_a, efgh_a);
    *state_abcd_b = vaddq_u32(*state_abcd_b, abcd_b);
    *state_efgh_b = vaddq_u32(*state_efgh_b, efgh_b);
}

void fsha256_armv8_lanes_x2(uint32_t *const states[], const uint8_t *const data[], size_t nblocks) {
    if (nblocks == 0)
        return;
    uint32_t *const state_a = states[0], *const state_b = states[1];
    const uint8_t *pa = data[0], *pb = data[1];
    uint32x4_t abcd_a = vld1q_u32(state_a), efgh_a = vld1q_u32(state_a + 4);
    uint32x4_t abcd_b = vld1q_u32(state_b), efgh_b = vld1q_u32(state_b + 4);
    do {
        compress_block_x2(&abcd_a, &efgh_a, &abcd_b, &efgh_b, pa, pb);
        pa += 64;
        pb += 64;
    } while (--nblocks);
    vst1q_u32(state_a, abcd_a);
    vst1q_u32(state_a + 4, efgh_a);
    vst1q_u32(state_b, abcd_b);
    vst1q_u32(state_b + 4, efgh_b);
}

/* One block of known W + K words (fsha256_lanes_wk_fn) for both streams:
 * only the rounds, each quad loaded once for both. */
void fsha256_armv8_rounds_wk_x2(uint32_t *const states[], const uint32_t wk[64]) {
    uint32_t *const state_a = states[0], *const state_b = states[1];
    const uint32x4_t abcd_a0 = vld1q_u32(state_a), efgh_a0 = vld1q_u32(state_a + 4);
    const uint32x4_t abcd_b0 = vld1q_u32(state_b), efgh_b0 = vld1q_u32(state_b + 4);
    uint32x4_t abcd_a = abcd_a0, efgh_a = efgh_a0, abcd_b = abcd_b0, efgh_b = efgh_b0;
    for (int q = 0; q < 16; q++) {
        const uint32x4_t w = vld1q_u32(wk + 4 * q);
        armv8_rounds4(&abcd_a, &efgh_a, w);
        armv8_rounds4(&abcd_b, &efgh_b, w);
    }
    vst1q_u32(state_a, vaddq_u32(abcd_a, abcd_a0));
    vst1q_u32(state_a + 4, vaddq_u32(efgh_a, efgh_a0));
    vst1q_u32(state_b, vaddq_u32(abcd_b, abcd_b0));
    vst1q_u32(state_b + 4, vaddq_u32(efgh_b, efgh_b0));
}

/* The state as a big-endian digest of 32 bytes, or 28 (SHA-224: words 3..6
 * go out as one store at byte 12, overlapping the first; nothing is written
 * past the digest). */
static inline void store_digest(uint8_t *out, uint32x4_t abcd, uint32x4_t efgh,
                                size_t digest_size) {
    vst1q_u8(out, vrev32q_u8(vreinterpretq_u8_u32(abcd)));
    if (digest_size == 32)
        vst1q_u8(out + 16, vrev32q_u8(vreinterpretq_u8_u32(efgh)));
    else
        vst1q_u8(out + 12, vrev32q_u8(vreinterpretq_u8_u32(vextq_u32(abcd, efgh, 3))));
}

void fsha256_armv8_oneblock_x2(const uint32_t iv[8], const uint8_t *const blocks[], uint8_t *digests,
                          size_t digest_size) {
    uint32x4_t abcd_a = vld1q_u32(iv), efgh_a = vld1q_u32(iv + 4);
    uint32x4_t abcd_b = abcd_a, efgh_b = efgh_a;
    compress_block_x2(&abcd_a, &efgh_a, &abcd_b, &efgh_b, blocks[0], blocks[1]);
    store_digest(digests, abcd_a, efgh_a, digest_size);
    store_digest(digests + digest_size, abcd_b, efgh_b, digest_size);
}

#endif /* FSHA256_ARCH_AARCH64 && FASTSHA256_HAVE_ARMV8_KERNELS */
