/* HMAC-SHA256 and HMAC-SHA224 (RFC 2104): prepared keys, one-shot,
 * streaming, batches through the lane scheduler, constant-time comparison.
 *
 * A prepared key is the two chaining states after the key blocks (key ^ ipad
 * and key ^ opad); every message then starts from them with 64 bytes
 * already counted in its padding. The hashing itself is the generic code's:
 * streaming reuses fastsha256_ctx, batches fsha256_hash_many with a
 * prefix_len of one block. */
#include <string.h>

#include "internal.h"

#define IPAD 0x36
#define OPAD 0x5c
/* Messages per scheduler call in a batch: their inner digests stay on the
 * stack (4 KiB) and in L1. */
#define BATCH_CHUNK 128
/* Deeper than the deepest kernel frame (about 1.5 KiB) below the caller,
 * or the scheduler plus kernel (about 7 KiB) for batches. */
#define BURN_KEY   2048
#define BURN_BATCH 12288

/* Overwrites the stack the kernels just used below the caller's frame: a
 * kernel's message schedule or saved state may hold key-derived words. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static void burn_stack(size_t n) {
    uint8_t scratch[BURN_BATCH];
    if (n > sizeof scratch)
        n = sizeof scratch;
    /* The array's top end lies next to the caller's frame. */
    fsha256_wipe(scratch + sizeof scratch - n, n);
}

/* Hashes msg from state, as if `prefix` bytes had been absorbed already. */
static void hash_from(const uint32_t start[8], uint64_t prefix, const uint8_t *p, size_t len,
                      uint8_t *out, size_t digest_size) {
    fsha256_blocks_fn blocks = fsha256_active()->blocks;
    uint32_t state[8];
    uint8_t last[128];
    if (p == NULL) /* NULL is only valid with length 0 */
        len = 0;
    memcpy(state, start, sizeof state);
    size_t whole = len / FASTSHA256_BLOCK_SIZE;
    if (whole) {
        blocks(state, p, whole);
        p += whole * FASTSHA256_BLOCK_SIZE;
    }
    size_t nblocks = fsha256_pad_tail(last, p, len % FASTSHA256_BLOCK_SIZE, prefix + len);
    blocks(state, last, nblocks);
    fsha256_store_digest(out, state, digest_size);
    fsha256_wipe(state, sizeof state);
    fsha256_wipe(last, sizeof last);
}

static void key_init(fastsha256_hmac_key *k, const void *key, size_t keylen,
                     const uint32_t iv[8], uint32_t digest_size) {
    fsha256_blocks_fn blocks = fsha256_active()->blocks;
    uint8_t block[FASTSHA256_BLOCK_SIZE];
    memset(block, 0, sizeof block);
    if (key == NULL)
        keylen = 0;
    if (keylen > FASTSHA256_BLOCK_SIZE) {
        /* A streaming context wipes its buffer and itself when final. */
        fastsha256_ctx c;
        if (digest_size == FASTSHA224_DIGEST_SIZE)
            fastsha224_init(&c);
        else
            fastsha256_init(&c);
        fastsha256_update(&c, key, keylen);
        fastsha256_final(&c, block);
    } else if (keylen) {
        memcpy(block, key, keylen);
    }
    for (size_t i = 0; i < sizeof block; i++)
        block[i] ^= IPAD;
    memcpy(k->inner, iv, sizeof k->inner);
    blocks(k->inner, block, 1);
    for (size_t i = 0; i < sizeof block; i++)
        block[i] ^= IPAD ^ OPAD;
    memcpy(k->outer, iv, sizeof k->outer);
    blocks(k->outer, block, 1);
    k->digest_size = digest_size;
    k->reserved = 0;
    fsha256_wipe(block, sizeof block);
}

void fastsha256_hmac_key_init(fastsha256_hmac_key *k, const void *key, size_t keylen) {
    if (k) {
        key_init(k, key, keylen, fsha256_sha256_iv, FASTSHA256_DIGEST_SIZE);
        burn_stack(BURN_KEY);
    }
}

void fastsha224_hmac_key_init(fastsha256_hmac_key *k, const void *key, size_t keylen) {
    if (k) {
        key_init(k, key, keylen, fsha256_sha224_iv, FASTSHA224_DIGEST_SIZE);
        burn_stack(BURN_KEY);
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

/* The tag of msg under a prepared key: inner hash, then outer hash. */
static void hmac_with_key(const fastsha256_hmac_key *k, const void *msg, size_t len,
                          uint8_t *out) {
    size_t ds = key_digest_size(k);
    uint8_t inner[FASTSHA256_DIGEST_SIZE];
    hash_from(k->inner, FASTSHA256_BLOCK_SIZE, (const uint8_t *)msg, len, inner, ds);
    hash_from(k->outer, FASTSHA256_BLOCK_SIZE, inner, ds, out, ds);
    fsha256_wipe(inner, sizeof inner);
}

static void hmac_oneshot(const void *key, size_t keylen, const void *msg, size_t len,
                         uint8_t *out, const uint32_t iv[8], uint32_t digest_size) {
    fastsha256_hmac_key k;
    key_init(&k, key, keylen, iv, digest_size);
    hmac_with_key(&k, msg, len, out);
    fsha256_wipe(&k, sizeof k);
    burn_stack(BURN_KEY); /* the kernels saw the key blocks and states */
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
    size_t ds = c->inner.digest_size == FASTSHA224_DIGEST_SIZE ? FASTSHA224_DIGEST_SIZE
                                                               : FASTSHA256_DIGEST_SIZE;
    uint8_t inner[FASTSHA256_DIGEST_SIZE];
    fastsha256_final(&c->inner, inner); /* wipes c->inner */
    if (out)
        hash_from(c->outer, FASTSHA256_BLOCK_SIZE, inner, ds, out, ds);
    fsha256_wipe(inner, sizeof inner);
    fsha256_wipe(c, sizeof *c);
    burn_stack(BURN_KEY); /* the kernels' frames held the key's chaining states */
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
    for (size_t done = 0; done < n; done += used) {
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
