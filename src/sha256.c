/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Generic SHA-256/224: constants, padding, streaming and one-shot hashing.
 * Backends only see whole blocks; everything about message framing is here. */
#include <string.h>

#include "compiler.h"
#include "seams.h"
#include "bytes.h"
#include "cpu.h"
#include "ctx.h"
#include "many.h"
#include "dispatch.h"

const uint32_t fsha256_sha256_iv[8] = {
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
    0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
};
const uint32_t fsha256_sha224_iv[8] = {
    0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939,
    0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4,
};
_Alignas(64) const uint32_t fsha256_sha256_k[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};


static void ctx_init(fastsha256_ctx *ctx, const uint32_t iv[8], uint32_t digest_size) {
    if (ctx == NULL)
        return;
    memcpy(ctx->state, iv, sizeof ctx->state);
    ctx->total_len = 0;
    ctx->buffered = 0;
    ctx->digest_size = digest_size;
    memset(ctx->buffer, 0, sizeof ctx->buffer);
}

void fastsha256_init(fastsha256_ctx *ctx) {
    ctx_init(ctx, fsha256_sha256_iv, FASTSHA256_DIGEST_SIZE);
}
void fastsha224_init(fastsha256_ctx *ctx) {
    ctx_init(ctx, fsha256_sha224_iv, FASTSHA224_DIGEST_SIZE);
}

void fastsha256_update(fastsha256_ctx *ctx, const void *data, size_t len) {
    const uint8_t *p = (const uint8_t *)data;
    len = fsha256_readable_len(p, len); /* NULL with a length is a caller bug: hash nothing */
    if (len == 0 || ctx == NULL || !fsha256_ctx_live(ctx))
        return;
    fsha256_blocks_fn blocks = fsha256_active()->blocks;
    ctx->total_len += (uint64_t)len;

    if (ctx->buffered) {
        size_t take = FASTSHA256_BLOCK_SIZE - ctx->buffered;
        if (take > len)
            take = len;
        memcpy(ctx->buffer + ctx->buffered, p, take);
        ctx->buffered += (uint32_t)take;
        p += take;
        len -= take;
        if (ctx->buffered < FASTSHA256_BLOCK_SIZE)
            return;
        blocks(ctx->state, ctx->buffer, 1);
        ctx->buffered = 0;
    }
    size_t whole = len / FASTSHA256_BLOCK_SIZE;
    if (whole) {
        blocks(ctx->state, p, whole);
        p += whole * FASTSHA256_BLOCK_SIZE;
        len -= whole * FASTSHA256_BLOCK_SIZE;
    }
    if (len) {
        memcpy(ctx->buffer, p, len);
        ctx->buffered = (uint32_t)len;
    }
}

void fastsha256_final(fastsha256_ctx *ctx, uint8_t *out) {
    if (ctx == NULL)
        return;
    uint32_t digest_size = fsha256_ctx_digest_size(ctx);
    if (!fsha256_ctx_live(ctx)) {
        /* Finalized or never initialized: no digest to give, so zeros (never
         * one computed from a wiped or all-zero state). */
        if (out)
            memset(out, 0, digest_size);
        return;
    }
    const fsha256_impl *impl = fsha256_active();
    if (out && ctx->total_len == ctx->buffered && ctx->buffered <= FSHA256_SHORT_MAX &&
        impl->short_message) {
        /* A short message whole in the buffer: nothing compressed yet, so the
         * state is still the IV; the one-call entry does the rest. */
        impl->short_message(ctx->state, ctx->buffer, ctx->buffered, out, digest_size);
    } else {
        uint8_t last[128];
        size_t nblocks = fsha256_pad_tail(last, ctx->buffer, ctx->buffered, ctx->total_len);
        impl->blocks(ctx->state, last, nblocks);
        if (out)
            fsha256_store_digest(out, ctx->state, digest_size);
        fsha256_wipe(last, sizeof last);
    }
    fsha256_ctx_finish(ctx, sizeof *ctx, ctx);
}

/* One shot without a context: whole blocks straight from the caller, then
 * the padded tail from the stack; one kernel call when the message fits. */
static void hash_oneshot_blocks(fsha256_blocks_fn blocks, const uint32_t iv[8], const uint8_t *p,
                                size_t len, uint8_t *out, size_t digest_size) {
    uint32_t state[8];
    uint8_t last[128];
    memcpy(state, iv, sizeof state);
    size_t whole = len / FASTSHA256_BLOCK_SIZE;
    if (whole) {
        blocks(state, p, whole);
        p += whole * FASTSHA256_BLOCK_SIZE;
    }
    size_t nblocks = fsha256_pad_tail(last, p, len % FASTSHA256_BLOCK_SIZE, (uint64_t)len);
    blocks(state, last, nblocks);
    fsha256_store_digest(out, state, digest_size);
}

/* Short messages go to the backend's one-block entry when it has one: the
 * path most callers take first, so nothing else stands in its way. len is
 * already readable (fsha256_readable_len). */
static inline void hash_oneshot_on(const fsha256_impl *impl, const uint32_t iv[8],
                                   const uint8_t *data, size_t len, uint8_t *out,
                                   size_t digest_size) {
    if (len <= FSHA256_SHORT_MAX && impl->short_message)
        impl->short_message(iv, data, len, out, digest_size);
    else
        hash_oneshot_blocks(impl->blocks, iv, data, len, out, digest_size);
}

static inline void hash_oneshot(const uint32_t iv[8], const void *data, size_t len, uint8_t *out,
                                size_t digest_size) {
    /* NULL with a length is a caller bug: hash nothing */
    hash_oneshot_on(fsha256_active(), iv, (const uint8_t *)data, fsha256_readable_len(data, len),
                    out, digest_size);
}

void fastsha256(const void *data, size_t len, uint8_t out[32]) {
    hash_oneshot(fsha256_sha256_iv, data, len, out, FASTSHA256_DIGEST_SIZE);
}

void fastsha224(const void *data, size_t len, uint8_t out[28]) {
    hash_oneshot(fsha256_sha224_iv, data, len, out, FASTSHA224_DIGEST_SIZE);
}

/* One shot to hex: the backend's one-block hex entry when it has one, else
 * the digest through the hex encoder. */
static inline void hash_oneshot_hex(const uint32_t iv[8], const void *data, size_t len, char *out,
                                    size_t digest_size) {
    const fsha256_impl *impl = fsha256_active();
    len = fsha256_readable_len(data, len);
    if (len <= FSHA256_SHORT_MAX && impl->short_hex) {
        impl->short_hex(iv, (const uint8_t *)data, len, out, digest_size);
        return;
    }
    uint8_t digest[FASTSHA256_DIGEST_SIZE];
    hash_oneshot_on(impl, iv, (const uint8_t *)data, len, digest, digest_size);
    fastsha256_to_hex(digest, digest_size, out);
}

void fastsha256_hex(const void *data, size_t len, char out[65]) {
    hash_oneshot_hex(fsha256_sha256_iv, data, len, out, FASTSHA256_DIGEST_SIZE);
}

void fastsha224_hex(const void *data, size_t len, char out[57]) {
    hash_oneshot_hex(fsha256_sha224_iv, data, len, out, FASTSHA224_DIGEST_SIZE);
}

const char *fastsha256_version(void) { return FASTSHA256_VERSION_STRING; }
