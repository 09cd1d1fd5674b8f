/* Two independent SHA-256 streams, interleaved round by round.
 *
 * One stream leaves the SHA unit idle while each sha256h/sha256h2 pair
 * waits for the previous one; a second, independent chain fills those
 * gaps, so two messages cost little more than one. Each quad of round
 * constants is loaded once and added to both streams' schedules.
 * Registers: 2 x (4 schedule quads + 2 state + 2 saved state) = 16 of 32. */
#include "../internal.h"

#if defined(FS_ARCH_AARCH64) && defined(FASTSHA256_HAVE_ARMV8_KERNELS)

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

void fs_armv8_lanes_x2(uint32_t *const states[], const uint8_t *const data[], size_t nblocks) {
    if (nblocks == 0)
        return;
    uint32_t *const state_a = states[0], *const state_b = states[1];
    const uint8_t *pa = data[0], *pb = data[1];
    uint32x4_t abcd_a = vld1q_u32(state_a), efgh_a = vld1q_u32(state_a + 4);
    uint32x4_t abcd_b = vld1q_u32(state_b), efgh_b = vld1q_u32(state_b + 4);

    do {
        const uint32x4_t abcd_a_in = abcd_a, efgh_a_in = efgh_a;
        const uint32x4_t abcd_b_in = abcd_b, efgh_b_in = efgh_b;
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

        abcd_a = vaddq_u32(abcd_a, abcd_a_in);
        efgh_a = vaddq_u32(efgh_a, efgh_a_in);
        abcd_b = vaddq_u32(abcd_b, abcd_b_in);
        efgh_b = vaddq_u32(efgh_b, efgh_b_in);
        pa += 64;
        pb += 64;
    } while (--nblocks);

    vst1q_u32(state_a, abcd_a);
    vst1q_u32(state_a + 4, efgh_a);
    vst1q_u32(state_b, abcd_b);
    vst1q_u32(state_b + 4, efgh_b);
}

#endif /* FS_ARCH_AARCH64 && FASTSHA256_HAVE_ARMV8_KERNELS */
