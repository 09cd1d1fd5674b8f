/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Streaming context states (sha256.c; hmac.c's inner hash). */
#ifndef FSHA256_CTX_H
#define FSHA256_CTX_H

#include <stdint.h>

#include "bytes.h"

/* buffered stays below 64 in a live context; final leaves
 * FSHA256_CTX_FINALIZED instead, so a finalized context is told apart from an
 * initialized one, and keeps its digest size, so a second final never
 * writes more than its type's digest. */
#define FSHA256_CTX_FINALIZED UINT32_MAX

/* Initialized and not yet finalized (a zeroed context has digest_size 0). */
static inline int fsha256_ctx_live(const fastsha256_ctx *ctx) {
    return ctx->buffered < FASTSHA256_BLOCK_SIZE &&
           (ctx->digest_size == FASTSHA256_DIGEST_SIZE ||
            ctx->digest_size == FASTSHA224_DIGEST_SIZE);
}

/* Its digest size: a zeroed context counts as SHA-256; a finalized one
 * keeps its type. */
static inline uint32_t fsha256_ctx_digest_size(const fastsha256_ctx *ctx) {
    return ctx->digest_size == FASTSHA224_DIGEST_SIZE ? FASTSHA224_DIGEST_SIZE
                                                      : FASTSHA256_DIGEST_SIZE;
}

/* Wipes ctx (the enclosing object: n bytes at whole) and leaves ctx
 * finalized with its digest size. */
static inline void fsha256_ctx_finish(void *whole, size_t n, fastsha256_ctx *ctx) {
    uint32_t digest_size = fsha256_ctx_digest_size(ctx);
    fsha256_wipe(whole, n);
    ctx->digest_size = digest_size;
    ctx->buffered = FSHA256_CTX_FINALIZED;
}

#endif /* FSHA256_CTX_H */
