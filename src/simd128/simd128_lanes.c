/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* WebAssembly SIMD128 SHA-256 over four independent messages, one per
 * 32-bit lane of a v128 (compiled with -msimd128). WebAssembly has no SHA
 * instructions and no vector rotate (each rotation is two shifts and an
 * OR), so one stream gains nothing over the portable kernel: the backend
 * keeps the portable single-stream code and uses these lanes for batches,
 * where every vector instruction advances four messages.
 *
 * The rounds are written once each (compress_words, compress_wk), out of
 * line and rolled: the engine's register allocator, not unrolling, decides
 * their speed, and one short copy keeps the module small. */
#include "../internal.h"

#if defined(__wasm_simd128__)

#include <string.h>
#include <wasm_simd128.h>

typedef v128_t vec;

#define ADD(x, y) wasm_i32x4_add(x, y)
#define XOR(x, y) wasm_v128_xor(x, y)
#define AND(x, y) wasm_v128_and(x, y)
#define SHR(x, n) wasm_u32x4_shr(x, n)
#define ROTR(x, n) wasm_v128_or(wasm_u32x4_shr(x, n), wasm_i32x4_shl(x, 32 - (n)))

static inline vec bsig0(vec x) { return XOR(XOR(ROTR(x, 2), ROTR(x, 13)), ROTR(x, 22)); }
static inline vec bsig1(vec x) { return XOR(XOR(ROTR(x, 6), ROTR(x, 11)), ROTR(x, 25)); }
static inline vec ssig0(vec x) { return XOR(XOR(ROTR(x, 7), ROTR(x, 18)), SHR(x, 3)); }
static inline vec ssig1(vec x) { return XOR(XOR(ROTR(x, 17), ROTR(x, 19)), SHR(x, 10)); }

/* One round on wkt, W[t] + K[t] of every lane. `bc` carries b^c in and a^b
 * out: Maj(a,b,c) = b ^ ((a^b) & (b^c)), and this round's a^b is the next
 * round's b^c. Ch(e,f,g) = g ^ (e & (f^g)). */
#define ROUND(a, b, c, d, e, f, g, h, wkt)                                     \
    do {                                                                       \
        vec t1 = ADD(ADD(h, (wkt)), ADD(XOR(g, AND(e, XOR(f, g))), bsig1(e))); \
        vec ab = XOR(a, b);                                                    \
        d = ADD(d, t1);                                                        \
        h = ADD(ADD(t1, bsig0(a)), XOR(b, AND(ab, bc)));                       \
        bc = ab;                                                               \
    } while (0)

/* The round's W + K: the loaded word (t < 16), a scheduled one (the ring
 * w[] is overwritten), or a known W + K (the same for every lane). */
#define KT(t) wasm_v128_load32_splat(&fsha256_sha256_k[t])
#define WK_LOADED(t) ADD(w[t], KT(t))
#define WK_SCHED(t) ADD(schedule(w, t), KT(t))
#define WK_KNOWN(t) wasm_v128_load32_splat(&wk[t])
#define R(a, b, c, d, e, f, g, h, t, X) ROUND(a, b, c, d, e, f, g, h, X(t))

static inline vec schedule(vec w[16], int t) {
    vec next = ADD(ADD(ssig1(w[(t - 2) & 15]), w[(t - 7) & 15]),
                   ADD(ssig0(w[(t - 15) & 15]), w[t & 15]));
    w[t & 15] = next;
    return next;
}

#define FEED_FORWARD(s)                                                        \
    do {                                                                       \
        s[0] = ADD(s[0], a); s[1] = ADD(s[1], b);                              \
        s[2] = ADD(s[2], c); s[3] = ADD(s[3], d);                              \
        s[4] = ADD(s[4], e); s[5] = ADD(s[5], f);                              \
        s[6] = ADD(s[6], g); s[7] = ADD(s[7], h);                              \
    } while (0)

/* One block whose message words are in w[] (w[t] holds W[t] of every lane;
 * the ring is overwritten) into s[], the transposed state. */
static __attribute__((noinline)) void compress_words(vec s[8], vec w[16]) {
    vec a = s[0], b = s[1], c = s[2], d = s[3], e = s[4], f = s[5], g = s[6], h = s[7];
    vec bc = XOR(b, c);
    FSHA256_ROUNDS8(R, 0, WK_LOADED);
    FSHA256_ROUNDS8(R, 8, WK_LOADED);
    /* Rolled, sixteen rounds (one turn of the ring) per iteration: the ring
     * indices stay constants, and the module stays small. */
#pragma clang loop unroll(disable)
    for (int t = 16; t < 64; t += 16) {
        FSHA256_ROUNDS8(R, t, WK_SCHED);
        FSHA256_ROUNDS8(R, t + 8, WK_SCHED);
    }
    FEED_FORWARD(s);
}

/* One block of known W + K words (the same for every lane) into s[]. */
static __attribute__((noinline)) void compress_wk(vec s[8], const uint32_t wk[64]) {
    vec a = s[0], b = s[1], c = s[2], d = s[3], e = s[4], f = s[5], g = s[6], h = s[7];
    vec bc = XOR(b, c);
#pragma clang loop unroll(disable)
    for (int t = 0; t < 64; t += 8) {
        FSHA256_ROUNDS8(R, t, WK_KNOWN);
    }
    FEED_FORWARD(s);
}

/* r[i] (lane i's four words) to r[j] (word j of every lane), in place; its
 * own inverse. */
static inline void transpose4(vec r[4]) {
    vec t0 = wasm_i32x4_shuffle(r[0], r[1], 0, 4, 1, 5);
    vec t1 = wasm_i32x4_shuffle(r[0], r[1], 2, 6, 3, 7);
    vec t2 = wasm_i32x4_shuffle(r[2], r[3], 0, 4, 1, 5);
    vec t3 = wasm_i32x4_shuffle(r[2], r[3], 2, 6, 3, 7);
    r[0] = wasm_i32x4_shuffle(t0, t2, 0, 1, 4, 5);
    r[1] = wasm_i32x4_shuffle(t0, t2, 2, 3, 6, 7);
    r[2] = wasm_i32x4_shuffle(t1, t3, 0, 1, 4, 5);
    r[3] = wasm_i32x4_shuffle(t1, t3, 2, 3, 6, 7);
}

/* Reverses the bytes of each 32-bit word: the message is big-endian. */
static inline vec bswap32(vec v) {
    return wasm_i8x16_shuffle(v, v, 3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12);
}

/* Block `off` of each lane as w[0..15], byte-swapped and transposed. */
static inline void load_block(vec w[16], const uint8_t *const p[4], size_t off) {
    for (int q = 0; q < 4; q++) {
        for (int i = 0; i < 4; i++)
            w[4 * q + i] = bswap32(wasm_v128_load(p[i] + off + 16 * q));
        transpose4(w + 4 * q);
    }
}

static void compress_lanes(vec s[8], const uint8_t *const p[4], size_t nblocks) {
    vec w[16];
    for (size_t off = 0; nblocks--; off += 64) {
        load_block(w, p, off);
        compress_words(s, w);
    }
}

/* s[j] = word j of every lane's state. */
static inline void load_states(vec s[8], uint32_t *const states[]) {
    for (int half = 0; half < 2; half++) {
        for (int i = 0; i < 4; i++)
            s[4 * half + i] = wasm_v128_load(states[i] + 4 * half);
        transpose4(s + 4 * half);
    }
}

static inline void store_states(uint32_t *const states[], vec s[8]) {
    for (int half = 0; half < 2; half++) {
        transpose4(s + 4 * half);
        for (int i = 0; i < 4; i++)
            wasm_v128_store(states[i] + 4 * half, s[4 * half + i]);
    }
}

/* The transposed state as four big-endian digests of digest_size bytes (32,
 * or 28 for SHA-224) back to back. */
static inline void store_digests(uint8_t *digests, vec s[8], size_t digest_size) {
    uint8_t lanes[4][32];
    uint8_t *out = digest_size == 32 ? digests : lanes[0];
    for (int half = 0; half < 2; half++) {
        transpose4(s + 4 * half);
        for (int i = 0; i < 4; i++)
            wasm_v128_store(out + 32 * i + 16 * half, bswap32(s[4 * half + i]));
    }
    if (digest_size != 32) /* SHA-224: 28 of each 32 bytes */
        for (int i = 0; i < 4; i++)
            memcpy(digests + i * digest_size, lanes[i], digest_size);
}

static inline void broadcast_state(vec s[8], const uint32_t state[8]) {
    for (int j = 0; j < 8; j++)
        s[j] = wasm_i32x4_splat((int32_t)state[j]);
}

void fsha256_simd128_lanes_x4(uint32_t *const states[], const uint8_t *const data[],
                              size_t nblocks) {
    if (nblocks == 0)
        return;
    vec s[8];
    load_states(s, states);
    compress_lanes(s, data, nblocks);
    store_states(states, s);
}

void fsha256_simd128_rounds_wk_x4(uint32_t *const states[], const uint32_t wk[64]) {
    vec s[8];
    load_states(s, states);
    compress_wk(s, wk);
    store_states(states, s);
}

/* One padded block per lane from the IV (broadcast: no transpose in). */
void fsha256_simd128_oneblock_x4(const uint32_t iv[8], const uint8_t *const blocks[],
                                 uint8_t *digests, size_t digest_size) {
    vec s[8];
    broadcast_state(s, iv);
    compress_lanes(s, blocks, 1);
    store_digests(digests, s, digest_size);
}

/* Four HMAC tags at once (fsha256_lanes_hmac_fn): the transposed inner state
 * s[j] is word j of every lane's inner digest, so W[j] of the outer block. */
void fsha256_simd128_hmac_x4(const uint32_t inner[8], const uint32_t outer[8],
                             const uint8_t *const data[], size_t nblocks, const uint32_t wk[64],
                             uint8_t *tags, size_t digest_size) {
    vec s[8], w[16];
    broadcast_state(s, inner);
    compress_lanes(s, data, nblocks);
    if (wk)
        compress_wk(s, wk);
    for (size_t j = 0; j < 16; j++)
        w[j] = j < digest_size / 4
                   ? s[j]
                   : wasm_i32x4_splat((int32_t)fsha256_hmac_outer_pad_word(j, digest_size));
    broadcast_state(s, outer);
    compress_words(s, w);
    store_digests(tags, s, digest_size);
}

#endif /* __wasm_simd128__ */
