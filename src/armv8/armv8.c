/* Single-stream SHA-256 compression with the ARMv8 SHA-2 instructions.
 *
 * A block is sixteen dependent sha256h/sha256h2 pairs: their latency, not
 * their count, sets the speed of one stream. The schedule (sha256su0/su1),
 * the loads and the W+K additions sit off that chain and overlap with it.
 * Batches use the interleaved kernel in armv8_lanes.c instead. */
#include "../internal.h"

#if defined(FSHA256_ARCH_AARCH64) && defined(FASTSHA256_HAVE_ARMV8_KERNELS)

#include "armv8_common.h"

/* Rounds 4q..4q+3 from schedule quad w. */
#define ROUNDS(w, q) armv8_rounds4(&abcd, &efgh, vaddq_u32((w), armv8_k(q)))

/* Rounds from quad w0, which then becomes the quad sixteen words later. */
#define ROUNDS_SCHEDULE(w0, w4, w8, w12, q)                                    \
    do {                                                                       \
        ROUNDS(w0, q);                                                         \
        w0 = armv8_schedule(w0, w4, w8, w12);                                  \
    } while (0)

void fsha256_armv8_blocks(uint32_t state[8], const uint8_t *data, size_t nblocks) {
    if (nblocks == 0)
        return;
    uint32x4_t abcd = vld1q_u32(state);
    uint32x4_t efgh = vld1q_u32(state + 4);

    do {
        const uint32x4_t abcd_in = abcd, efgh_in = efgh;
        uint32x4_t w0 = armv8_load_msg(data, 0);
        uint32x4_t w1 = armv8_load_msg(data, 1);
        uint32x4_t w2 = armv8_load_msg(data, 2);
        uint32x4_t w3 = armv8_load_msg(data, 3);

        for (int q = 0; q < 12; q += 4) {
            ROUNDS_SCHEDULE(w0, w1, w2, w3, q);
            ROUNDS_SCHEDULE(w1, w2, w3, w0, q + 1);
            ROUNDS_SCHEDULE(w2, w3, w0, w1, q + 2);
            ROUNDS_SCHEDULE(w3, w0, w1, w2, q + 3);
        }
        ROUNDS(w0, 12);
        ROUNDS(w1, 13);
        ROUNDS(w2, 14);
        ROUNDS(w3, 15);

        abcd = vaddq_u32(abcd, abcd_in);
        efgh = vaddq_u32(efgh, efgh_in);
        data += 64;
    } while (--nblocks);

    vst1q_u32(state, abcd);
    vst1q_u32(state + 4, efgh);
}

#endif /* FSHA256_ARCH_AARCH64 && FASTSHA256_HAVE_ARMV8_KERNELS */
