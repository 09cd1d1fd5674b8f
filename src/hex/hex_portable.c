/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Portable lowercase hex encoder: plain C11, no intrinsics, any endianness.
 *
 * Constant-time in the data: no table is indexed by a data byte and no branch
 * depends on one. Eight input bytes are handled at a time as two 64-bit SWAR
 * words, each holding eight output characters, one per byte lane in output
 * order (lane k = bits 8k..8k+7 = the k-th character):
 *
 *   1. spread four input bytes b0..b3 into the low byte of four 16-bit slots;
 *   2. move each high nibble to the even lane and each low nibble to the odd
 *      lane, so every lane holds one nibble x in 0..15;
 *   3. character = x + '0' + 39 * (x > 9), where (x > 9) is bit 4 of x + 6
 *      (no lane exceeds 21, so no carry crosses lanes; 39 * 1 fits a lane).
 *
 * Leftover bytes use the same arithmetic one nibble at a time. */
#include <string.h>

#include "../internal.h"

#define FSHA256_LANES_01 UINT64_C(0x0101010101010101)
#define FSHA256_NIB_16   UINT64_C(0x000F000F000F000F)

#if defined(__BYTE_ORDER__) && defined(__ORDER_LITTLE_ENDIAN__) &&             \
    __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#  define FSHA256_HEX_LE 1
#endif

static inline uint64_t fsha256_hex_load_le64(const uint8_t *p) {
#ifdef FSHA256_HEX_LE
    uint64_t v;
    memcpy(&v, p, sizeof v);
    return v;
#else
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--) v = (v << 8) | p[i];
    return v;
#endif
}

static inline void fsha256_hex_store_le64(char *p, uint64_t v) {
#ifdef FSHA256_HEX_LE
    memcpy(p, &v, sizeof v);
#else
    for (int i = 0; i < 8; i++) p[i] = (char)(uint8_t)(v >> (8 * i));
#endif
}

/* Four bytes (b0 in bits 0..7) to their eight characters, lane k = char k. */
static inline uint64_t fsha256_hex_word4(uint32_t four) {
    uint64_t s = four;
    s = (s | (s << 16)) & UINT64_C(0x0000FFFF0000FFFF);
    s = (s | (s << 8)) & UINT64_C(0x00FF00FF00FF00FF);
    /* Byte i now sits in lane 2i; its high nibble stays there, low one moves up. */
    uint64_t x = ((s >> 4) & FSHA256_NIB_16) | ((s & FSHA256_NIB_16) << 8);
    uint64_t over9 = ((x + 6 * FSHA256_LANES_01) >> 4) & FSHA256_LANES_01;
    return x + '0' * FSHA256_LANES_01 + over9 * ('a' - '0' - 10);
}

/* One nibble (0..15) to its character without a branch or table. */
static inline char fsha256_hex_nibble(unsigned x) {
    /* 9 - x wraps to a huge value exactly when x > 9. */
    return (char)(x + '0' + (((9u - x) >> 8) & (unsigned)('a' - '0' - 10)));
}

static inline void fsha256_hex_8(const uint8_t *in, char *out) {
    uint64_t v = fsha256_hex_load_le64(in);
    fsha256_hex_store_le64(out, fsha256_hex_word4((uint32_t)v));
    fsha256_hex_store_le64(out + 8, fsha256_hex_word4((uint32_t)(v >> 32)));
}

void fsha256_hex_bytes_portable(const uint8_t *in, size_t n, char *out) {
    size_t i = 0;
    for (; n - i >= 8; i += 8) fsha256_hex_8(in + i, out + 2 * i);
    for (; i < n; i++) {
        out[2 * i] = fsha256_hex_nibble((unsigned)in[i] >> 4);
        out[2 * i + 1] = fsha256_hex_nibble((unsigned)in[i] & 15u);
    }
}

void fsha256_hex_digests_portable(const uint8_t (*digests)[32], size_t n, char (*out)[65]) {
    for (size_t d = 0; d < n; d++) {
        const uint8_t *in = digests[d];
        char *o = out[d];
        fsha256_hex_8(in, o);
        fsha256_hex_8(in + 8, o + 16);
        fsha256_hex_8(in + 16, o + 32);
        fsha256_hex_8(in + 24, o + 48);
        o[64] = '\0';
    }
}

const fsha256_hex_encoder fsha256_hex_portable = {"portable", 0, fsha256_hex_bytes_portable,
                                                   fsha256_hex_digests_portable};
