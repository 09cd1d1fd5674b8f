/* Single-stream SHA-256 compression with the x86 SHA extensions.
 *
 * One message is one chain of dependent sha256rnds2 (32 per block, each
 * waiting for the previous), so speed is set by that latency; the schedule
 * (sha256msg1/msg2) and loads run ahead of it out of order. The per-call
 * work outside the chain is the ABEF/CDGH shuffle on entry and exit. */
#include "../internal.h"

#if defined(FSHA256_ARCH_X86) && defined(FASTSHA256_HAVE_X86_KERNELS)

#include "shani_common.h"

/* Rounds 4q..4q+3 from schedule quad w. */
#define ROUNDS(w, q) shani_rounds4(&abef, &cdgh, _mm_add_epi32((w), shani_k(q)))

/* Quads from 4 on: the oldest quad w16 is replaced by the next one, used at once. */
#define SCHEDULE_ROUNDS(w16, w12, w8, w4, q)                                   \
    do {                                                                       \
        w16 = shani_schedule(w16, w12, w8, w4);                                \
        ROUNDS(w16, q);                                                        \
    } while (0)

void fsha256_shani_blocks(uint32_t state[8], const uint8_t *data, size_t nblocks) {
    if (nblocks == 0)
        return;
    const __m128i bswap = shani_bswap_mask();
    __m128i abef, cdgh;
    shani_load_state(state, &abef, &cdgh);

    do {
        const __m128i abef_in = abef, cdgh_in = cdgh;
        __m128i w0 = shani_load_msg(data, 0, bswap);
        __m128i w1 = shani_load_msg(data, 1, bswap);
        __m128i w2 = shani_load_msg(data, 2, bswap);
        __m128i w3 = shani_load_msg(data, 3, bswap);

        ROUNDS(w0, 0);
        ROUNDS(w1, 1);
        ROUNDS(w2, 2);
        ROUNDS(w3, 3);
        for (int q = 4; q < 16; q += 4) {
            SCHEDULE_ROUNDS(w0, w1, w2, w3, q);
            SCHEDULE_ROUNDS(w1, w2, w3, w0, q + 1);
            SCHEDULE_ROUNDS(w2, w3, w0, w1, q + 2);
            SCHEDULE_ROUNDS(w3, w0, w1, w2, q + 3);
        }

        abef = _mm_add_epi32(abef, abef_in);
        cdgh = _mm_add_epi32(cdgh, cdgh_in);
        data += 64;
    } while (--nblocks);

    shani_store_state(state, abef, cdgh);
}

#endif /* FSHA256_ARCH_X86 && FASTSHA256_HAVE_X86_KERNELS */
