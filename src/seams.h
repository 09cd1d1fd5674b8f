/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The seams between generic code and the backends: the kernel entry types,
 * the descriptors a backend defines (fsha256_impl, fsha256_backend), the hex
 * encoder type, and the constants and helpers every kernel shares. */
#ifndef FSHA256_SEAMS_H
#define FSHA256_SEAMS_H

#include <stddef.h>
#include <stdint.h>

#include "fastsha256.h"

/* Single stream: compress nblocks consecutive 64-byte blocks into state. */
typedef void (*fsha256_blocks_fn)(uint32_t state[8], const uint8_t *data, size_t nblocks);

/* Lanes: `width` independent streams, each compressing nblocks consecutive
 * blocks from its own pointer into its own state. Any alignment. */
typedef void (*fsha256_lanes_fn)(uint32_t *const states[], const uint8_t *const data[],
                                 size_t nblocks);
/* Optional, for batches of short messages: one padded block per lane,
 * compressed from iv and written out as big-endian digests of digest_size
 * bytes (32, or 28 for SHA-224), lane i's at digests + i * digest_size. It
 * spares the scheduler a state copy in and a byte-swapping store out per
 * message, which cost more than a third of the kernel's time on one-block
 * messages. */
typedef void (*fsha256_lanes_oneblock_fn)(const uint32_t iv[8], const uint8_t *const blocks[],
                                          uint8_t *digests, size_t digest_size);
/* The widest lane kernel any backend may have (the scheduler's arrays). */
#define FSHA256_MAX_LANES 32
/* Optional: one message of at most FSHA256_SHORT_MAX bytes (so one padded
 * block) from iv straight to its big-endian digest of digest_size bytes (32
 * or 28), for the one-call API. msg may be NULL only when len is 0. */
#define FSHA256_SHORT_MAX 55
typedef void (*fsha256_short_fn)(const uint32_t iv[8], const uint8_t *msg, size_t len, uint8_t *out,
                                 size_t digest_size);
/* Optional: the same, out as the digest's 2 * digest_size lowercase hex
 * characters and a NUL, for fastsha256_hex(): the digest goes from the
 * kernel's registers to characters, without the store, reload and second
 * dispatch of a separate hex call (a sixth of the one-call latency). */
typedef void (*fsha256_short_hex_fn)(const uint32_t iv[8], const uint8_t *msg, size_t len,
                                     char *out, size_t digest_size);

/* Optional: a whole HMAC tag in one call, states kept in registers: the
 * inner hash from `inner` over nblocks blocks at data, then its last
 * tail_len (< 64) bytes from the 64 readable bytes at tail, inner_len bytes
 * in all (the key block included); the outer hash from `outer` over the
 * padded inner digest; the tag (digest_size bytes: 32, or 28 for
 * HMAC-SHA224) to tag. The states are read, not changed. */
typedef void (*fsha256_hmac_tag_fn)(const uint32_t inner[8], const uint32_t outer[8],
                                    const uint8_t *data, size_t nblocks, const uint8_t *tail,
                                    size_t tail_len, uint64_t inner_len, uint8_t *tag,
                                    size_t digest_size);

/* Optional: one block of every lane whose message words are known in
 * advance and the same for all lanes (a padding-only last block: 0x80 or
 * nothing, zeros, the bit count), given as its 64 words W[t] + K[t]
 * (fsha256_block_wk). The kernel runs only the rounds: no loads, transposes
 * or message schedule. */
typedef void (*fsha256_lanes_wk_fn)(uint32_t *const states[], const uint32_t wk[64]);

/* Optional: every lane's message from iv over nblocks (>= 1) whole blocks
 * at data[i], then one padding-only block given by its W + K (the same for
 * all lanes), out as the oneblock entry writes digests. Batches of
 * equal-length messages of whole blocks (64-byte records: pairs of digests
 * in a hash tree, HMAC's inner hashes) in one call, the states in
 * registers throughout. */
typedef void (*fsha256_lanes_blocks_wk_fn)(const uint32_t iv[8], const uint8_t *const data[],
                                           size_t nblocks, const uint32_t wk[64],
                                           uint8_t *digests, size_t digest_size);

/* Optional, for HMAC batches: `width` tags at once, lane i's message being
 * nblocks blocks at data[i] followed, when wk is not NULL, by one
 * padding-only block given by its W + K words (with wk NULL the blocks at
 * data[i] are already padded): the inner hash from `inner` over them, then the outer
 * hash from `outer` over the inner digest (digest_size bytes, padded for 64 +
 * digest_size), the tag (digest_size bytes) to tags + i * digest_size. The
 * inner digests need never leave the kernel's registers. */
typedef void (*fsha256_lanes_hmac_fn)(const uint32_t inner[8], const uint32_t outer[8],
                                      const uint8_t *const data[], size_t nblocks,
                                      const uint32_t wk[64], uint8_t *tags, size_t digest_size);

/* Word j of the HMAC outer block for j past the inner digest's digest_size / 4
 * words: the 0x80 bit, zeros, and last the bit count of one key block plus
 * the digest. The lane kernels build that block in registers. */
static inline uint32_t fsha256_hmac_outer_pad_word(size_t j, size_t digest_size) {
    if (j == digest_size / 4)
        return 0x80000000u;
    return j == 15 ? (uint32_t)((FASTSHA256_BLOCK_SIZE + digest_size) * 8) : 0;
}

/* One PBKDF2 chain (RFC 8018: U_j = HMAC(P, U_{j-1}), T = U_1 ^ ... ^ U_c):
 * its key's ipad and opad states, its last U and its T so far, as digest
 * words (A..H; SHA-224 uses the first seven, t[7] is left alone). */
typedef struct fsha256_kdf_chain {
    const uint32_t *inner, *outer;
    uint32_t u[8];
    uint32_t t[8];
} fsha256_kdf_chain;

/* Optional, for PBKDF2: `iterations` more links of one chain, states kept
 * in registers. Each link hashes U, padded as a message of one key block
 * plus digest_size bytes, from `inner`, then the inner digest from
 * `outer`: the new U, XORed into t. The states and u are only read. */
typedef void (*fsha256_pbkdf2_chain_fn)(const uint32_t inner[8], const uint32_t outer[8],
                                        const uint32_t u[8], uint32_t t[8], uint64_t iterations,
                                        size_t digest_size);
/* The same for a fixed number of chains at once, interleaved (their t
 * updated, the rest only read). */
typedef void (*fsha256_pbkdf2_chains_fn)(fsha256_kdf_chain *chains, uint64_t iterations,
                                         size_t digest_size);
typedef struct fsha256_pbkdf2_kernels {
    fsha256_pbkdf2_chain_fn one;
    fsha256_pbkdf2_chains_fn x2, x4; /* optional; NULL: the lane kernels' loop */
} fsha256_pbkdf2_kernels;

typedef struct fsha256_lane_kernel {
    unsigned width;
    fsha256_lanes_fn fn;
    fsha256_lanes_oneblock_fn oneblock; /* NULL: fn plus a generic digest store */
    fsha256_lanes_wk_fn rounds_wk;      /* NULL: fn on the block itself */
    fsha256_lanes_hmac_fn hmac;         /* NULL: two batches through the scheduler */
    fsha256_lanes_blocks_wk_fn blocks_wk; /* NULL: fn, then rounds_wk */
} fsha256_lane_kernel;

/* Eight SHA-256 rounds t..t+7 as R(a, b, c, d, e, f, g, h, t, X) for every
 * backend's unrolled rounds: the working variables a..h rotate by renaming
 * instead of moving, so after eight rounds they are back in place. X passes
 * through to R (the macro that gives the round's message word, say). */
#define FSHA256_ROUNDS8(R, t, X)                                               \
    R(a, b, c, d, e, f, g, h, (t) + 0, X);                                     \
    R(h, a, b, c, d, e, f, g, (t) + 1, X);                                     \
    R(g, h, a, b, c, d, e, f, (t) + 2, X);                                     \
    R(f, g, h, a, b, c, d, e, (t) + 3, X);                                     \
    R(e, f, g, h, a, b, c, d, (t) + 4, X);                                     \
    R(d, e, f, g, h, a, b, c, (t) + 5, X);                                     \
    R(c, d, e, f, g, h, a, b, (t) + 6, X);                                     \
    R(b, c, d, e, f, g, h, a, (t) + 7, X)

/* Hex: n bytes to 2n characters (no NUL); n digests to n 65-byte strings. */
typedef void (*fsha256_hex_bytes_fn)(const uint8_t *in, size_t n, char *out);
typedef void (*fsha256_hex_digests_fn)(const uint8_t (*digests)[32], size_t n, char (*out)[65]);

typedef struct fsha256_hex_encoder {
    const char *name;
    uint32_t required;            /* FSHA256_CPU_* bits */
    fsha256_hex_bytes_fn bytes;
    fsha256_hex_digests_fn digests;
} fsha256_hex_encoder;

/* One flavour of a backend: its kernels and the CPU features they need. */
typedef struct fsha256_impl {
    const char *name;                 /* the backend's name */
    uint32_t required;                /* FSHA256_CPU_* bits */
    fsha256_blocks_fn blocks;
    const fsha256_lane_kernel *lanes; /* widest first, ended by {0, NULL}; narrower
                                         remainders use `blocks` lane by lane */
    fsha256_short_fn short_message;   /* optional; NULL: blocks() on a padded copy */
    fsha256_short_hex_fn short_hex;   /* optional; NULL: short_message, then the hex encoder */
    fsha256_hmac_tag_fn hmac_tag;     /* optional; NULL: blocks() for each of the tag's parts */
    const fsha256_pbkdf2_kernels *pbkdf2; /* optional; NULL: kdf_chains.c's loops over the kernels */
    uint32_t choices;                 /* FSHA256_CHOICE_* bits (tuning.h): per-CPU choices
                                         the flavour needs beyond `required`; usually 0 */
} fsha256_impl;

/* A dispatch table entry: a backend and its flavours, best first (SHA-NI's
 * lane kernels come in a VEX flavour for CPUs with AVX2 and a legacy-SSE
 * one). Choosing a backend picks its best flavour this CPU supports. The hex
 * encoder is chosen on its own (fsha256_active_hex). */
typedef struct fsha256_backend {
    const char *name;
    const fsha256_impl *const *flavours; /* NULL-terminated */
    /* Optional, NULL-terminated: flavours of another backend made with this
     * one's kernels, each offered as a flavour of the backend its name
     * gives, ahead of that backend's own (src/avx512/ lends shani a flavour
     * that batches through AVX-512 lanes). So a backend's folder holds
     * only its own instruction set. */
    const fsha256_impl *const *lends;
} fsha256_backend;

extern const uint32_t fsha256_sha256_iv[8];
extern const uint32_t fsha256_sha224_iv[8];
/* 64-byte aligned: SIMD kernels use it as aligned memory operands. */
extern _Alignas(64) const uint32_t fsha256_sha256_k[64];

/* The 64 words W[t] + K[t] of block's message schedule (scalar.c): for a
 * block whose words are known before the message is (a padding-only
 * block), computed once and fed to the lane kernels' rounds_wk entries. */
void fsha256_block_wk(uint32_t wk[64], const uint8_t block[64]);

#endif /* FSHA256_SEAMS_H */
