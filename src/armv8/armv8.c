/* SPDX-License-Identifier: Apache-2.0 OR MIT */
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

/* One block whose message quads w0..w3 are already in native lane order:
 * its 64 rounds on abcd/efgh, then the feed-forward addition. */
static inline void armv8_compress(uint32x4_t *abcd_io, uint32x4_t *efgh_io, uint32x4_t w0,
                                  uint32x4_t w1, uint32x4_t w2, uint32x4_t w3) {
    uint32x4_t abcd = *abcd_io, efgh = *efgh_io;
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
    *abcd_io = vaddq_u32(abcd, *abcd_io);
    *efgh_io = vaddq_u32(efgh, *efgh_io);
}

void fsha256_armv8_blocks(uint32_t state[8], const uint8_t *data, size_t nblocks) {
    if (nblocks == 0)
        return;
    uint32x4_t abcd = vld1q_u32(state);
    uint32x4_t efgh = vld1q_u32(state + 4);
    do {
        armv8_compress(&abcd, &efgh, armv8_load_msg(data, 0), armv8_load_msg(data, 1),
                       armv8_load_msg(data, 2), armv8_load_msg(data, 3));
        data += 64;
    } while (--nblocks);
    vst1q_u32(state, abcd);
    vst1q_u32(state + 4, efgh);
}

/* One message of at most 55 bytes from iv straight to its big-endian digest
 * (digest_size 32, or 28 for SHA-224), for fastsha256()/fastsha224(): the
 * padded block is built in registers, not in a stack block. */
static inline uint32x4_t armv8_partial_chunk(const uint8_t *q, size_t r) {
    uint64_t lo, hi;
    fsha256_partial_chunk_le(q, r, &lo, &hi);
    return vreinterpretq_u32_u64(vcombine_u64(vcreate_u64(lo), vcreate_u64(hi)));
}

static inline uint32x4_t armv8_bswap_words(uint32x4_t v) {
    return vreinterpretq_u32_u8(vrev32q_u8(vreinterpretq_u8_u32(v)));
}

void fsha256_armv8_short(const uint32_t iv[8], const uint8_t *msg, size_t len, uint8_t *out,
                         size_t digest_size) {
    uint32x4_t w0 = vdupq_n_u32(0), w1 = w0, w2 = w0, w3 = w0;
    size_t r = len % 16;
    switch (len / 16) {
    case 0:
        w0 = armv8_partial_chunk(msg, r);
        break;
    case 1:
        w0 = vreinterpretq_u32_u8(vld1q_u8(msg));
        w1 = armv8_partial_chunk(msg + 16, r);
        break;
    case 2:
        w0 = vreinterpretq_u32_u8(vld1q_u8(msg));
        w1 = vreinterpretq_u32_u8(vld1q_u8(msg + 16));
        w2 = armv8_partial_chunk(msg + 32, r);
        break;
    default: /* 48..55 */
        w0 = vreinterpretq_u32_u8(vld1q_u8(msg));
        w1 = vreinterpretq_u32_u8(vld1q_u8(msg + 16));
        w2 = vreinterpretq_u32_u8(vld1q_u8(msg + 32));
        w3 = armv8_partial_chunk(msg + 48, r);
        break;
    }
    w0 = armv8_bswap_words(w0);
    w1 = armv8_bswap_words(w1);
    w2 = armv8_bswap_words(w2);
    /* W[15] is the bit count (len < 2^29, so W[14] is zero). */
    w3 = vsetq_lane_u32((uint32_t)(len * 8), armv8_bswap_words(w3), 3);

    uint32x4_t abcd = vld1q_u32(iv), efgh = vld1q_u32(iv + 4);
    armv8_compress(&abcd, &efgh, w0, w1, w2, w3);

    uint8x16_t lo = vrev32q_u8(vreinterpretq_u8_u32(abcd));
    uint8x16_t hi = vrev32q_u8(vreinterpretq_u8_u32(efgh));
    vst1q_u8(out, lo);
    if (digest_size == 32)
        vst1q_u8(out + 16, hi);
    else
        vst1q_u8(out + 12, vextq_u8(lo, hi, 12)); /* words 3..6: nothing past 28 bytes */
}

#endif /* FSHA256_ARCH_AARCH64 && FASTSHA256_HAVE_ARMV8_KERNELS */
