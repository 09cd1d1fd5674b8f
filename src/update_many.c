/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Multi-stream streaming: advances several independent contexts at once so
 * their blocks share the lane kernels (files read piece by piece, uploads).
 *
 * Per context the work is what fastsha256_update does, split in three:
 *   1. top up the context's buffered tail from the new data; a buffer that
 *      fills is one block to compress;
 *   2. the whole blocks that follow, straight from the caller's memory;
 *   3. the last bytes (< 64) kept in the buffer.
 * Steps 1 and 2 go through the lane scheduler below, step 1 for every
 * context before step 2 for any, so each context's blocks stay in order.
 * A context's buffered count always equals its total length mod 64, which
 * lets step 2 find where its whole blocks start without extra storage. */
#include <string.h>

#include "compiler.h"
#include "seams.h"
#include "bytes.h"
#include "cpu.h"
#include "ctx.h"
#include "many.h"
#include "dispatch.h"
#include "lanes.h"

typedef struct update_batch {
    fastsha256_ctx *const *ctxs;
    const void *const *data;
    const size_t *lens;
    size_t n;
    size_t cursor; /* next context to look at for a job */
} update_batch;

static inline size_t usable_len(const update_batch *b, size_t i) {
    /* NULL with a length, or a length that runs past the end of the address
     * space, is a caller bug: nothing, as in fastsha256_update. */
    return b->ctxs[i] ? fsha256_readable_len(b->data[i], b->lens[i]) : 0;
}

/* Bytes of data[i] that top up context i's buffer. */
static inline size_t head_len(const fastsha256_ctx *ctx, size_t len) {
    size_t held = (size_t)(ctx->total_len % FASTSHA256_BLOCK_SIZE);
    size_t room = held ? FASTSHA256_BLOCK_SIZE - held : 0;
    return room < len ? room : len;
}

/* Context i, when its piece has bytes (else NULL): the piece's length and
 * how much of it tops up the context's buffer. */
static inline fastsha256_ctx *piece(const update_batch *b, size_t i, size_t *len, size_t *head) {
    *len = usable_len(b, i);
    if (*len == 0)
        return NULL;
    *head = head_len(b->ctxs[i], *len);
    return b->ctxs[i];
}

/* Step 1 jobs: contexts whose buffer the new data filled. */
static int next_buffer_job(void *batch, fsha256_lane_run *out) {
    update_batch *b = (update_batch *)batch;
    while (b->cursor < b->n) {
        fastsha256_ctx *ctx = b->ctxs[b->cursor++];
        if (ctx && ctx->buffered == FASTSHA256_BLOCK_SIZE) {
            out->state = ctx->state;
            out->next = ctx->buffer;
            out->blocks_left = 1;
            out->wk = NULL;
            return 1;
        }
    }
    return 0;
}

/* Step 2 jobs: the whole blocks after each context's head. */
static int next_data_job(void *batch, fsha256_lane_run *out) {
    update_batch *b = (update_batch *)batch;
    while (b->cursor < b->n) {
        size_t i = b->cursor++, len, head;
        if (piece(b, i, &len, &head) == NULL)
            continue;
        size_t whole = (len - head) / FASTSHA256_BLOCK_SIZE;
        if (whole) {
            out->state = b->ctxs[i]->state;
            out->next = (const uint8_t *)b->data[i] + head;
            out->blocks_left = whole;
            out->wk = NULL;
            return 1;
        }
    }
    return 0;
}

/* Runs every job the source yields on impl's lane kernels (the lane loop
 * of many.c, without the padding). Inline, so each source is folded in. */
static inline void run_jobs(const fsha256_impl *impl, fsha256_lane_refill_fn next,
                            update_batch *b) {
    fsha256_lane_run jobs[FSHA256_MAX_LANES];
    fsha256_lane_run *slot[FSHA256_MAX_LANES];
    size_t nlanes = fsha256_lane_count(impl), nactive = 0;
    for (; nactive < nlanes && next(b, &jobs[nactive]); nactive++)
        slot[nactive] = &jobs[nactive];
    fsha256_run_lanes(impl, slot, nactive, next, b);
}

/* Contexts the lane path cannot take, so the batch falls back to plain
 * updates in input order:
 *   - the same context twice: order matters between its pieces;
 *   - a context that is not live (finalized or never initialized): update
 *     ignores it, and the lane path, whose steps tell a context's progress
 *     by its buffered count, cannot tell one apart midway.
 * The duplicate mark is a spare high bit of digest_size, set and cleared
 * within this check (contexts are not shared between threads without the
 * caller's locking); liveness is read before the mark is set. */
#define SEEN_MARK 0x80000000u
static int needs_plain_updates(fastsha256_ctx *const *ctxs, size_t n) {
    int plain = 0;
    size_t marked = 0;
    for (; marked < n; marked++) {
        fastsha256_ctx *ctx = ctxs[marked];
        if (ctx == NULL)
            continue;
        if ((ctx->digest_size & SEEN_MARK) || !fsha256_ctx_live(ctx)) {
            plain = 1;
            break;
        }
        ctx->digest_size |= SEEN_MARK;
    }
    for (size_t i = 0; i < marked; i++)
        if (ctxs[i])
            ctxs[i]->digest_size &= ~SEEN_MARK;
    return plain;
}

void fastsha256_update_many(fastsha256_ctx *const *ctxs, const void *const *data,
                            const size_t *lens, size_t n) {
    if (n == 0 || ctxs == NULL || data == NULL || lens == NULL)
        return;
    if (needs_plain_updates(ctxs, n)) {
        for (size_t i = 0; i < n; i++)
            if (ctxs[i])
                fastsha256_update(ctxs[i], data[i], lens[i]);
        return;
    }
    const fsha256_impl *impl = fsha256_active();
    update_batch b = {ctxs, data, lens, n, 0};

    /* 1. Top up buffered tails (total_len still says where each head ends). */
    int any_full = 0;
    for (size_t i = 0; i < n; i++) {
        size_t len, head;
        fastsha256_ctx *ctx = piece(&b, i, &len, &head);
        if (ctx && head) {
            memcpy(ctx->buffer + ctx->buffered, data[i], head);
            ctx->buffered += (uint32_t)head;
            any_full |= ctx->buffered == FASTSHA256_BLOCK_SIZE;
        }
    }
    if (any_full)
        run_jobs(impl, next_buffer_job, &b);

    /* 2. Whole blocks from the caller's memory. */
    b.cursor = 0;
    run_jobs(impl, next_data_job, &b);

    /* 3. Keep the tails; only now does total_len move on. */
    for (size_t i = 0; i < n; i++) {
        size_t len, head;
        fastsha256_ctx *ctx = piece(&b, i, &len, &head);
        if (ctx == NULL)
            continue;
        size_t tail = (len - head) % FASTSHA256_BLOCK_SIZE;
        if (ctx->buffered == FASTSHA256_BLOCK_SIZE)
            ctx->buffered = 0;
        if (tail) {
            memcpy(ctx->buffer, (const uint8_t *)data[i] + (len - tail), tail);
            ctx->buffered = (uint32_t)tail;
        }
        ctx->total_len += (uint64_t)len;
    }
}
