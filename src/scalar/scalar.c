/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Portable SHA-256 compression: plain C, no intrinsics, any endianness.
 * The eight working variables rotate by renaming instead of moving, and the
 * message schedule lives in a 16-word ring. Rounds 16..63 are one loop over
 * three groups of 16 (the ring's indexes repeat every 16 rounds): fully
 * unrolled, the function measured slower on x86, whose decoded-op caches it
 * overflows (docs/limits.md). */
#include "../internal.h"

#define ROTR(x, n) (((x) >> (n)) | ((x) << (32 - (n))))
/* Sigma1 of e, on the round's own chain, with its rotates side by side: a
 * chain three operations deep (the rotates at once, then two XORs). The
 * other sigmas nest them (ROTR 6 ^ ROTR 11 ^ ROTR 25 is ROTR 6 of
 * x ^ ROTR 5 of (x ^ ROTR 14 of x)): five deep, but no copies of x on
 * two-operand ISAs. x86 measured faster so, with gcc and clang; the
 * WebAssembly engines with all four nested (docs/limits.md). */
#define BSIG0(x) ROTR((x) ^ ROTR((x) ^ ROTR(x, 9), 11), 2)
#if defined(__wasm__)
#define BSIG1(x) ROTR((x) ^ ROTR((x) ^ ROTR(x, 14), 5), 6)
#else
#define BSIG1(x) (ROTR(x, 6) ^ ROTR(x, 11) ^ ROTR(x, 25))
#endif
#define SSIG0(x) (ROTR((x) ^ ROTR(x, 11), 7) ^ ((x) >> 3))
#define SSIG1(x) (ROTR((x) ^ ROTR(x, 2), 17) ^ ((x) >> 10))
/* Ch in a form with one operation fewer than the textbook one. */
#define CH(x, y, z) ((z) ^ ((x) & ((y) ^ (z))))

/* Schedule word for round i >= 16, computed into the ring slot it replaces
 * (i is taken mod 16: the slots of rounds i - 2, i - 7 and i - 15). */
#define SCHED(i)                                                               \
    (w[(i) & 15] += SSIG1(w[((i) + 14) & 15]) + w[((i) + 9) & 15] +             \
                    SSIG0(w[((i) + 1) & 15]))

/* Round i of a group whose K words start at k. Maj(a, b, c) =
 * b ^ ((a ^ b) & (b ^ c)), and this round's a ^ b is the next round's b ^ c:
 * carried in bc, Maj costs two operations. The terms are named in the order
 * the work can start (h + K + W is ready first, then e's chain, then a's):
 * gcc keeps that order, and cores that issue the oldest ready operation
 * then keep the chains moving; one expression for T1 measured slower on
 * x86 (docs/limits.md). */
#define ROUND(a, b, c, d, e, f, g, h, i, wi)                                   \
    do {                                                                       \
        uint32_t hkw = (h) + k[i] + (wi);                                      \
        uint32_t s1 = BSIG1(e), ch = CH(e, f, g);                              \
        uint32_t t1 = s1 + ch + hkw;                                           \
        uint32_t s0 = BSIG0(a), ab = (a) ^ (b), maj = (b) ^ (ab & bc);         \
        (d) += t1;                                                             \
        (h) = t1 + s0 + maj;                                                   \
        bc = ab;                                                               \
    } while (0)

/* Round i on message word wexpr(i). */
#define ROUND_W(a, b, c, d, e, f, g, h, i, wexpr) ROUND(a, b, c, d, e, f, g, h, i, wexpr(i))
#define ROUND8(i, wexpr) FSHA256_ROUNDS8(ROUND_W, i, wexpr)

#define LOADW(i) (w[i] = fsha256_load_be32(data + 4 * (i)))

void fsha256_scalar_blocks(uint32_t state[8], const uint8_t *data, size_t nblocks) {
    uint32_t a = state[0], b = state[1], c = state[2], d = state[3];
    uint32_t e = state[4], f = state[5], g = state[6], h = state[7];
    uint32_t w[16];

    while (nblocks--) {
        uint32_t bc = b ^ c;
        const uint32_t *k = fsha256_sha256_k;
        ROUND8(0, LOADW);
        ROUND8(8, LOADW);
        for (int group = 1; group < 4; group++) {
            k = fsha256_sha256_k + 16 * group;
            ROUND8(0, SCHED);
            ROUND8(8, SCHED);
        }
        a = state[0] += a; b = state[1] += b; c = state[2] += c; d = state[3] += d;
        e = state[4] += e; f = state[5] += f; g = state[6] += g; h = state[7] += h;
        data += 64;
    }
}

void fsha256_block_wk(uint32_t wk[64], const uint8_t block[64]) {
    uint32_t w[16];
    for (int i = 0; i < 16; i++) {
        w[i] = fsha256_load_be32(block + 4 * i);
        wk[i] = w[i] + fsha256_sha256_k[i];
    }
    for (int i = 16; i < 64; i++)
        wk[i] = SCHED(i) + fsha256_sha256_k[i];
}
