/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* HMAC-SHA256 and HMAC-SHA224 (RFC 2104): prepared keys, one-shot,
 * streaming, batches through the lane scheduler, constant-time comparison.
 *
 * A prepared key is the two chaining states after the key blocks (key ^ ipad
 * and key ^ opad, hashed as two lanes where a backend has them); every
 * message then starts from them with 64 bytes already counted in its
 * padding. Streaming reuses fastsha256_ctx, batches fsha256_hash_many with
 * a prefix_len of one block. A single tag is a chain of dependent blocks,
 * so its per-call work is kept off that chain: on SHA-NI one kernel call
 * computes the whole tag (shani_hmac.c), elsewhere the blocks kernel runs
 * the inner blocks, the padded tail and the outer block. */
#include <string.h>

#include "compiler.h"
#include "seams.h"
#include "bytes.h"
#include "cpu.h"
#include "ctx.h"
#include "many.h"
#include "dispatch.h"
#include "kdf.h"

#define IPAD 0x36
#define OPAD 0x5c
/* Messages per scheduler call in a batch: their inner digests stay on the
 * stack (4 KiB) and in L1. */
#define BATCH_CHUNK 128
/* Deeper than the deepest kernel frame (about 1.5 KiB) below the caller,
 * or the scheduler plus kernel for batches (lane arrays for 32 lanes: about 11 KiB). */
#define BURN_KEY   2048
#define BURN_BATCH 20480
/* On SHA-NI the per-call paths' kernels (single stream, two lanes, fused
 * tag) keep frames under 200 bytes: the frames below the caller then reach
 * about 500 bytes, so half of BURN_KEY still leaves a margin. */
#define BURN_SHANI 1024

/* Overwrites the stack the kernels just used below the caller's frame: a
 * kernel's message schedule or saved state may hold key-derived words. */
#if defined(__GNUC__)
FSHA256_NOINLINE
#endif
static void burn_stack(size_t n) {
    uint8_t scratch[BURN_BATCH];
    if (n > sizeof scratch)
        n = sizeof scratch;
    /* The array's top end lies next to the caller's frame. */
    fsha256_wipe(scratch + sizeof scratch - n, n);
}

/* The width-2 lane kernel of impl, or NULL: a key's two blocks are
 * independent, and two interleaved chains cost about a block and a half. */
static fsha256_lanes_fn pair_kernel(const fsha256_impl *impl) {
    for (const fsha256_lane_kernel *k = impl->lanes; k->width; k++)
        if (k->width == 2)
            return k->fn;
    return NULL;
}

/* The outer hash's only block: the inner digest, padded for a message of
 * one block plus digest_size bytes. */
static void outer_block(uint8_t block[FASTSHA256_BLOCK_SIZE], const uint32_t inner[8],
                        size_t digest_size) {
    memset(block, 0, FASTSHA256_BLOCK_SIZE);
    fsha256_store_digest(block, inner, digest_size);
    block[digest_size] = 0x80;
    fsha256_store_be64(block + 56, (uint64_t)(FASTSHA256_BLOCK_SIZE + digest_size) * 8);
}

/* Through impl's single-stream kernel. */
static void tag_blocks(fsha256_blocks_fn blocks, const uint32_t inner[8], const uint32_t outer[8],
                       const uint8_t *data, size_t nblocks, const uint8_t *tail, size_t tail_len,
                       uint64_t inner_len, uint8_t *tag, size_t digest_size) {
    uint32_t state[8];
    uint8_t last[2 * FASTSHA256_BLOCK_SIZE];
    memcpy(state, inner, sizeof state);
    if (nblocks)
        blocks(state, data, nblocks);
    blocks(state, last, fsha256_pad_tail(last, tail, tail_len, inner_len));
    outer_block(last, state, digest_size);
    memcpy(state, outer, sizeof state);
    blocks(state, last, 1);
    fsha256_store_digest(tag, state, digest_size);
    fsha256_wipe(state, sizeof state);
    fsha256_wipe(last, sizeof last);
}

/* How deep the per-call paths must burn on impl: shallower where a fused
 * tag kernel exists (SHA-NI, see BURN_SHANI). */
static size_t burn_depth(const fsha256_impl *impl) {
    return impl->hmac_tag ? BURN_SHANI : BURN_KEY;
}

/* The tag of a message from a key's two states (see fsha256_hmac_tag_fn). */
static void tag_from_states(const fsha256_impl *impl, const uint32_t inner[8],
                            const uint32_t outer[8], const uint8_t *data, size_t whole,
                            const uint8_t tail[FASTSHA256_BLOCK_SIZE], size_t tail_len,
                            uint64_t inner_len, uint8_t *out, size_t digest_size) {
    if (impl->hmac_tag)
        impl->hmac_tag(inner, outer, data, whole, tail, tail_len, inner_len, out, digest_size);
    else
        tag_blocks(impl->blocks, inner, outer, data, whole, tail, tail_len, inner_len, out,
                   digest_size);
}

static void key_init(const fsha256_impl *impl, fastsha256_hmac_key *k, const void *key,
                     size_t keylen, const uint32_t iv[8], uint32_t digest_size) {
    uint8_t pads[2][FASTSHA256_BLOCK_SIZE]; /* key ^ ipad, key ^ opad */
    memset(pads[0], 0, sizeof pads[0]);
    /* NULL with a length, or a length past the end of the address space, is
     * a caller bug: the empty key, as for messages (never SHA-256("")). */
    keylen = fsha256_readable_len(key, keylen);
    if (keylen > FASTSHA256_BLOCK_SIZE) {
        /* A streaming context wipes its buffer and itself when final. */
        fastsha256_ctx c;
        if (digest_size == FASTSHA224_DIGEST_SIZE)
            fastsha224_init(&c);
        else
            fastsha256_init(&c);
        fastsha256_update(&c, key, keylen);
        fastsha256_final(&c, pads[0]);
    } else if (keylen) {
        memcpy(pads[0], key, keylen);
    }
    for (size_t i = 0; i < FASTSHA256_BLOCK_SIZE; i++) {
        pads[1][i] = pads[0][i] ^ OPAD;
        pads[0][i] ^= IPAD;
    }
    memcpy(k->inner, iv, sizeof k->inner);
    memcpy(k->outer, iv, sizeof k->outer);
    fsha256_lanes_fn pair = pair_kernel(impl);
    if (pair) {
        uint32_t *const states[2] = {k->inner, k->outer};
        const uint8_t *const data[2] = {pads[0], pads[1]};
        pair(states, data, 1);
    } else {
        impl->blocks(k->inner, pads[0], 1);
        impl->blocks(k->outer, pads[1], 1);
    }
    k->digest_size = digest_size;
    k->reserved = 0;
    fsha256_wipe(pads, sizeof pads);
}

void fastsha256_hmac_key_init(fastsha256_hmac_key *k, const void *key, size_t keylen) {
    if (k) {
        const fsha256_impl *impl = fsha256_active();
        key_init(impl, k, key, keylen, fsha256_sha256_iv, FASTSHA256_DIGEST_SIZE);
        burn_stack(burn_depth(impl));
    }
}

void fastsha224_hmac_key_init(fastsha256_hmac_key *k, const void *key, size_t keylen) {
    if (k) {
        const fsha256_impl *impl = fsha256_active();
        key_init(impl, k, key, keylen, fsha256_sha224_iv, FASTSHA224_DIGEST_SIZE);
        burn_stack(burn_depth(impl));
    }
}

void fastsha256_hmac_key_wipe(fastsha256_hmac_key *k) {
    if (k)
        fsha256_wipe(k, sizeof *k);
}

static size_t key_digest_size(const fastsha256_hmac_key *k) {
    return k->digest_size == FASTSHA224_DIGEST_SIZE ? FASTSHA224_DIGEST_SIZE
                                                    : FASTSHA256_DIGEST_SIZE;
}

static void hmac_oneshot(const void *key, size_t keylen, const void *msg, size_t len,
                         uint8_t *out, const uint32_t iv[8], uint32_t digest_size) {
    const fsha256_impl *impl = fsha256_active();
    const uint8_t *p = (const uint8_t *)msg;
    len = fsha256_readable_len(p, len);
    size_t whole = len / FASTSHA256_BLOCK_SIZE, tail_len = len % FASTSHA256_BLOCK_SIZE;
    /* The tail is copied before the key blocks run, so its stores are long
     * done when the tag kernel loads them. */
    uint8_t tail[FASTSHA256_BLOCK_SIZE];
    memset(tail, 0, sizeof tail);
    if (tail_len)
        fsha256_copy_short(tail, p + whole * FASTSHA256_BLOCK_SIZE, tail_len);
    fastsha256_hmac_key k;
    key_init(impl, &k, key, keylen, iv, digest_size);
    tag_from_states(impl, k.inner, k.outer, p, whole, tail, tail_len,
                    FASTSHA256_BLOCK_SIZE + (uint64_t)len, out, digest_size);
    fsha256_wipe(&k, sizeof k);
    fsha256_wipe(tail, sizeof tail);
    burn_stack(burn_depth(impl)); /* the kernels saw the key blocks and states */
}

void fastsha256_hmac(const void *key, size_t keylen, const void *msg, size_t len,
                     uint8_t out[32]) {
    hmac_oneshot(key, keylen, msg, len, out, fsha256_sha256_iv, FASTSHA256_DIGEST_SIZE);
}

void fastsha224_hmac(const void *key, size_t keylen, const void *msg, size_t len,
                     uint8_t out[28]) {
    hmac_oneshot(key, keylen, msg, len, out, fsha256_sha224_iv, FASTSHA224_DIGEST_SIZE);
}

void fastsha256_hmac_init(fastsha256_hmac_ctx *c, const fastsha256_hmac_key *k) {
    if (c == NULL)
        return;
    if (k == NULL) { /* a caller bug: a zeroed context stays memory-safe to use */
        fsha256_wipe(c, sizeof *c);
        return;
    }
    /* The inner hash is a plain SHA-256 stream with one block behind it. */
    if (key_digest_size(k) == FASTSHA224_DIGEST_SIZE)
        fastsha224_init(&c->inner);
    else
        fastsha256_init(&c->inner);
    memcpy(c->inner.state, k->inner, sizeof c->inner.state);
    c->inner.total_len = FASTSHA256_BLOCK_SIZE;
    memcpy(c->outer, k->outer, sizeof c->outer);
}

void fastsha256_hmac_update(fastsha256_hmac_ctx *c, const void *data, size_t len) {
    if (c)
        fastsha256_update(&c->inner, data, len);
}

void fastsha256_hmac_final(fastsha256_hmac_ctx *c, uint8_t *out) {
    if (c == NULL)
        return;
    fastsha256_ctx *in = &c->inner;
    size_t ds = fsha256_ctx_digest_size(in);
    const fsha256_impl *impl = fsha256_active();
    if (fsha256_ctx_live(in) && out)
        tag_from_states(impl, in->state, c->outer, NULL, 0, in->buffer, in->buffered,
                        in->total_len, out, ds);
    else if (out)
        memset(out, 0, ds);
    /* Finalized as fastsha256_final leaves a context: a second final writes
     * ds zero bytes, never 32 into a 28-byte HMAC-SHA224 tag. */
    fsha256_ctx_finish(c, sizeof *c, in);
    burn_stack(burn_depth(impl)); /* the kernels' frames held the key's chaining states */
}

/* Batches of equal-length messages that are short (one padded block) or
 * of whole blocks (64-byte records): groups of the widest kernel's width
 * through its fused HMAC entry, the inner digests kept in registers. Whole
 * blocks come from the caller and the inner hash's padding-only block is
 * W + K computed once per length; short messages are padded in per-lane
 * buffers, re-padded only when the length changes. Returns how many
 * messages it tagged; the rest take the general path. */
static size_t tag_groups(const fsha256_impl *impl, const fastsha256_hmac_key *k,
                         const void *const *msgs, const size_t *lens, size_t n,
                         uint8_t (*out)[32], size_t ds) {
    static const uint8_t no_bytes[FSHA256_SHORT_MAX]; /* the messages' come later */
    const fsha256_lane_kernel *lk = impl->lanes;
    uint8_t blocks[FSHA256_MAX_LANES][2 * FASTSHA256_BLOCK_SIZE];
    uint8_t tags[FSHA256_MAX_LANES][FASTSHA224_DIGEST_SIZE];
    const uint8_t *data[FSHA256_MAX_LANES];
    uint32_t wk[64];
    size_t width = lk->width, done = 0, len = 0;
    if (width == 0 || lk->hmac == NULL || n < width)
        return 0;
    for (; n - done >= width; done += width) {
        size_t first = fsha256_readable_len(msgs[done], lens[done]);
        int short_message = first <= FSHA256_SHORT_MAX;
        if (!short_message && first % FASTSHA256_BLOCK_SIZE)
            return done;
        for (size_t j = 0; j < width; j++)
            if (fsha256_readable_len(msgs[done + j], lens[done + j]) != first)
                return done;
        if (done == 0 || first != len) {
            len = first;
            if (short_message) {
                for (size_t j = 0; j < width; j++)
                    fsha256_pad_tail(blocks[j], no_bytes, len,
                                     FASTSHA256_BLOCK_SIZE + (uint64_t)len);
            } else {
                fsha256_pad_tail(blocks[0], NULL, 0, FASTSHA256_BLOCK_SIZE + (uint64_t)len);
                fsha256_block_wk(wk, blocks[0]);
            }
        }
        for (size_t j = 0; j < width; j++) {
            if (short_message) {
                fsha256_copy_short(blocks[j], (const uint8_t *)msgs[done + j], len);
                data[j] = blocks[j];
            } else {
                data[j] = (const uint8_t *)msgs[done + j];
            }
        }
        uint8_t *tag_out = ds == FASTSHA256_DIGEST_SIZE ? out[done] : tags[0];
        if (short_message)
            lk->hmac(k->inner, k->outer, data, 1, NULL, tag_out, ds);
        else
            lk->hmac(k->inner, k->outer, data, len / FASTSHA256_BLOCK_SIZE, wk, tag_out, ds);
        if (ds != FASTSHA256_DIGEST_SIZE)
            for (size_t j = 0; j < width; j++) {
                memcpy(out[done + j], tags[j], FASTSHA224_DIGEST_SIZE);
                memset(out[done + j] + FASTSHA224_DIGEST_SIZE, 0,
                       FASTSHA256_DIGEST_SIZE - FASTSHA224_DIGEST_SIZE);
            }
    }
    return done;
}

void fastsha256_hmac_many(const fastsha256_hmac_key *k, const void *const *msgs,
                          const size_t *lens, size_t n, uint8_t (*out)[32]) {
    if (k == NULL || n == 0 || msgs == NULL || lens == NULL || out == NULL)
        return;
    const fsha256_impl *impl = fsha256_active();
    size_t ds = key_digest_size(k);
    uint8_t inner[BATCH_CHUNK][FASTSHA256_DIGEST_SIZE];
    uint8_t tags[BATCH_CHUNK][FASTSHA224_DIGEST_SIZE];
    size_t used = 0;
    for (size_t done = tag_groups(impl, k, msgs, lens, n, out, ds); done < n;
         done += used) {
        used = n - done < BATCH_CHUNK ? n - done : BATCH_CHUNK;
        /* Inner digests packed ds bytes apart, then hashed as a strided
         * batch of equal-length messages (the scheduler's fast path). */
        fsha256_message_source in = {msgs + done, lens + done, NULL, 0, 0, FASTSHA256_BLOCK_SIZE};
        fsha256_hash_many(impl, &in, used, k->inner, inner[0], ds);
        fsha256_message_source mid = {NULL, NULL, inner[0], ds, ds, FASTSHA256_BLOCK_SIZE};
        if (ds == FASTSHA256_DIGEST_SIZE) {
            fsha256_hash_many(impl, &mid, used, k->outer, out[done], ds);
        } else {
            fsha256_hash_many(impl, &mid, used, k->outer, tags[0], ds);
            for (size_t i = 0; i < used; i++) {
                memcpy(out[done + i], tags[i], FASTSHA224_DIGEST_SIZE);
                memset(out[done + i] + FASTSHA224_DIGEST_SIZE, 0,
                       FASTSHA256_DIGEST_SIZE - FASTSHA224_DIGEST_SIZE);
            }
        }
    }
    fsha256_wipe(inner, n < BATCH_CHUNK ? n * sizeof inner[0] : sizeof inner);
    if (ds != FASTSHA256_DIGEST_SIZE)
        fsha256_wipe(tags, n < BATCH_CHUNK ? n * sizeof tags[0] : sizeof tags);
    burn_stack(BURN_BATCH);
}

int fastsha256_equal(const void *a, const void *b, size_t n) {
    const uint8_t *x = (const uint8_t *)a, *y = (const uint8_t *)b;
    if (n == 0)
        return 1;
    if (x == NULL || y == NULL)
        return 0;
    /* OR of all differences: every byte is read, whatever the data. */
    uint32_t diff = 0;
    for (size_t i = 0; i < n; i++)
        diff |= (uint32_t)(x[i] ^ y[i]);
#if defined(__GNUC__)
    /* Hides the value range, so the compiler cannot turn the arithmetic
     * below back into a compare-and-branch. */
    __asm__("" : "+r"(diff));
#endif
    /* diff is 0..255: diff - 1 borrows into bit 8 exactly when diff == 0. */
    return (int)(((diff - 1) >> 8) & 1);
}

/* --- For the KDFs (kdf.c, hkdf.c) ----------------------------------------- */

void fsha256_hmac_prepare(const fsha256_impl *impl, fastsha256_hmac_key *k, const void *key,
                          size_t keylen) {
    key_init(impl, k, key, keylen, fsha256_sha256_iv, FASTSHA256_DIGEST_SIZE);
}

void fsha256_hmac224_prepare(const fsha256_impl *impl, fastsha256_hmac_key *k, const void *key,
                          size_t keylen) {
    key_init(impl, k, key, keylen, fsha256_sha224_iv, FASTSHA224_DIGEST_SIZE);
}

void fsha256_hmac_tag_states(const fsha256_impl *impl, const uint32_t inner[8],
                             const uint32_t outer[8], const uint8_t *data, size_t nblocks,
                             const uint8_t *tail, size_t tail_len, uint64_t inner_len,
                             uint8_t *tag, size_t digest_size) {
    tag_from_states(impl, inner, outer, data, nblocks, tail, tail_len, inner_len, tag,
                    digest_size);
}

void fsha256_burn_stack(size_t n) { burn_stack(n); }
