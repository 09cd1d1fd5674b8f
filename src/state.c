/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Saved streaming states in Go's binary format (crypto/sha256's
 * MarshalBinary): fastsha256_ctx_export and fastsha256_ctx_import. */
#include <string.h>

#include "bytes.h"
#include "ctx.h"

enum {
    STATE_MAGIC = 0,                                   /* 4 bytes */
    STATE_WORDS = 4,                                   /* 8 words, big-endian */
    STATE_BUFFER = STATE_WORDS + 32,                   /* 64 bytes */
    STATE_LENGTH = STATE_BUFFER + FASTSHA256_BLOCK_SIZE, /* 8 bytes, big-endian */
    STATE_END = STATE_LENGTH + 8,
};
_Static_assert(STATE_END == FASTSHA256_STATE_SIZE, "the state size is Go's");

static const uint8_t magic256[4] = {'s', 'h', 'a', 0x03};
static const uint8_t magic224[4] = {'s', 'h', 'a', 0x02};

static uint64_t load_be64(const uint8_t *p) {
    return (uint64_t)fsha256_load_be32(p) << 32 | fsha256_load_be32(p + 4);
}

int fastsha256_ctx_export(const fastsha256_ctx *ctx, uint8_t out[FASTSHA256_STATE_SIZE]) {
    if (ctx == NULL || out == NULL || !fsha256_ctx_live(ctx))
        return -1;
    memcpy(out + STATE_MAGIC, ctx->digest_size == FASTSHA224_DIGEST_SIZE ? magic224 : magic256, 4);
    for (int i = 0; i < 8; i++)
        fsha256_store_be32(out + STATE_WORDS + 4 * i, ctx->state[i]);
    /* The context's buffer keeps stale bytes past the buffered ones; the
     * format wants zeros there. */
    memcpy(out + STATE_BUFFER, ctx->buffer, ctx->buffered);
    memset(out + STATE_BUFFER + ctx->buffered, 0, FASTSHA256_BLOCK_SIZE - ctx->buffered);
    fsha256_store_be64(out + STATE_LENGTH, ctx->total_len);
    return 0;
}

/* The digest size a saved state's magic names, or 0 for a foreign one. */
static uint32_t magic_digest_size(const uint8_t *in) {
    if (memcmp(in + STATE_MAGIC, magic256, 4) == 0)
        return FASTSHA256_DIGEST_SIZE;
    if (memcmp(in + STATE_MAGIC, magic224, 4) == 0)
        return FASTSHA224_DIGEST_SIZE;
    return 0;
}

/* 1 when the buffer's bytes from `used` on are all zero. */
static int tail_is_zero(const uint8_t *buffer, size_t used) {
    uint8_t any = 0;
    for (size_t i = used; i < FASTSHA256_BLOCK_SIZE; i++)
        any |= buffer[i];
    return any == 0;
}

/* Makes ctx the state p (FASTSHA256_STATE_SIZE bytes) once it is checked:
 * 0, or -1 with ctx untouched. */
static int import_checked(fastsha256_ctx *ctx, const uint8_t *p) {
    uint32_t digest_size = magic_digest_size(p);
    uint64_t total = load_be64(p + STATE_LENGTH);
    uint32_t buffered = (uint32_t)(total % FASTSHA256_BLOCK_SIZE);
    if (digest_size == 0 || !tail_is_zero(p + STATE_BUFFER, buffered))
        return -1;
    for (int i = 0; i < 8; i++)
        ctx->state[i] = fsha256_load_be32(p + STATE_WORDS + 4 * i);
    memcpy(ctx->buffer, p + STATE_BUFFER, FASTSHA256_BLOCK_SIZE);
    ctx->total_len = total;
    ctx->buffered = buffered;
    ctx->digest_size = digest_size;
    return 0;
}

int fastsha256_ctx_import(fastsha256_ctx *ctx, const void *in, size_t len) {
    if (ctx == NULL || in == NULL || len != FASTSHA256_STATE_SIZE)
        return -1;
    /* A copy first: a state that overlaps ctx is read whole before ctx is
     * written. */
    uint8_t p[FASTSHA256_STATE_SIZE];
    memcpy(p, in, sizeof p);
    int result = import_checked(ctx, p);
    fsha256_wipe(p, sizeof p); /* message bytes */
    return result;
}
