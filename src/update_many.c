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

#include "internal.h"

#define FSHA256_UPDATE_MAX_LANES 16

/* One run of consecutive blocks for one context's state. */
typedef struct stream_job {
    uint32_t *state;
    const uint8_t *next;
    size_t blocks_left;
} stream_job;

typedef struct update_batch {
    fastsha256_ctx *const *ctxs;
    const void *const *data;
    const size_t *lens;
    size_t n;
    size_t cursor; /* next context to look at for a job */
} update_batch;

typedef int (*next_job_fn)(update_batch *b, stream_job *out);

static inline size_t usable_len(const update_batch *b, size_t i) {
    /* NULL is only valid with length 0 (a caller bug otherwise: nothing). */
    return b->ctxs[i] && b->data[i] ? b->lens[i] : 0;
}

/* Bytes of data[i] that top up context i's buffer. */
static inline size_t head_len(const fastsha256_ctx *ctx, size_t len) {
    size_t held = (size_t)(ctx->total_len % FASTSHA256_BLOCK_SIZE);
    size_t room = held ? FASTSHA256_BLOCK_SIZE - held : 0;
    return room < len ? room : len;
}

/* Step 1 jobs: contexts whose buffer the new data filled. */
static int next_buffer_job(update_batch *b, stream_job *out) {
    while (b->cursor < b->n) {
        fastsha256_ctx *ctx = b->ctxs[b->cursor++];
        if (ctx && ctx->buffered == FASTSHA256_BLOCK_SIZE) {
            out->state = ctx->state;
            out->next = ctx->buffer;
            out->blocks_left = 1;
            return 1;
        }
    }
    return 0;
}

/* Step 2 jobs: the whole blocks after each context's head. */
static int next_data_job(update_batch *b, stream_job *out) {
    while (b->cursor < b->n) {
        size_t i = b->cursor++;
        size_t len = usable_len(b, i);
        if (len == 0)
            continue;
        size_t head = head_len(b->ctxs[i], len);
        size_t whole = (len - head) / FASTSHA256_BLOCK_SIZE;
        if (whole) {
            out->state = b->ctxs[i]->state;
            out->next = (const uint8_t *)b->data[i] + head;
            out->blocks_left = whole;
            return 1;
        }
    }
    return 0;
}

/* Runs every job the source yields on impl's lane kernels: all lanes busy
 * while jobs remain, each call as long as its shortest lane, a finished
 * lane refilled in place (the scheduling of many.c, without the padding). */
static void run_jobs(const fsha256_impl *impl, next_job_fn next, update_batch *b) {
    stream_job lanes[FSHA256_UPDATE_MAX_LANES];
    stream_job *slot[FSHA256_UPDATE_MAX_LANES];
    uint32_t *states[FSHA256_UPDATE_MAX_LANES];
    const uint8_t *data[FSHA256_UPDATE_MAX_LANES];
    const fsha256_lane_kernel *kernel_for[FSHA256_UPDATE_MAX_LANES + 1];
    size_t nlanes = impl->lanes[0].width ? impl->lanes[0].width : 1;
    if (nlanes > FSHA256_UPDATE_MAX_LANES)
        nlanes = FSHA256_UPDATE_MAX_LANES;
    for (size_t a = 0; a <= nlanes; a++) {
        const fsha256_lane_kernel *k = impl->lanes;
        while (k->width && k->width > a)
            k++;
        kernel_for[a] = k->width ? k : NULL;
    }

    size_t nactive = 0;
    while (nactive < nlanes && next(b, &lanes[nactive])) {
        slot[nactive] = &lanes[nactive];
        states[nactive] = lanes[nactive].state;
        data[nactive] = lanes[nactive].next;
        nactive++;
    }
    while (nactive) {
        const fsha256_lane_kernel *k = kernel_for[nactive];
        size_t width = k ? k->width : 1;
        size_t nblocks = slot[0]->blocks_left;
        for (size_t j = 1; j < width; j++)
            if (slot[j]->blocks_left < nblocks)
                nblocks = slot[j]->blocks_left;
        if (k)
            k->fn(states, data, nblocks);
        else
            impl->blocks(states[0], data[0], nblocks);

        /* Walking down, so a slot swapped in from the end has already been
         * advanced or was not part of this call. */
        for (size_t j = width; j-- > 0;) {
            stream_job *s = slot[j];
            s->blocks_left -= nblocks;
            s->next += nblocks * FASTSHA256_BLOCK_SIZE;
            if (s->blocks_left == 0) {
                if (!next(b, s)) {
                    nactive--;
                    slot[j] = slot[nactive];
                    slot[nactive] = s;
                }
            }
            states[j] = slot[j]->state;
            data[j] = slot[j]->next;
        }
    }
}

/* The same context twice: order matters between its pieces, so the batch
 * falls back to plain updates in input order. The mark is a spare high bit
 * of digest_size, set and cleared within this check (contexts are not
 * shared between threads without the caller's locking). */
#define SEEN_MARK 0x80000000u
static int has_duplicates(fastsha256_ctx *const *ctxs, size_t n) {
    int dup = 0;
    size_t marked = 0;
    for (; marked < n; marked++) {
        fastsha256_ctx *ctx = ctxs[marked];
        if (ctx == NULL)
            continue;
        if (ctx->digest_size & SEEN_MARK) {
            dup = 1;
            break;
        }
        ctx->digest_size |= SEEN_MARK;
    }
    for (size_t i = 0; i < marked; i++)
        if (ctxs[i])
            ctxs[i]->digest_size &= ~SEEN_MARK;
    return dup;
}

void fastsha256_update_many(fastsha256_ctx *const *ctxs, const void *const *data,
                            const size_t *lens, size_t n) {
    if (n == 0 || ctxs == NULL || data == NULL || lens == NULL)
        return;
    if (has_duplicates(ctxs, n)) {
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
        size_t len = usable_len(&b, i);
        if (len == 0)
            continue;
        fastsha256_ctx *ctx = ctxs[i];
        size_t head = head_len(ctx, len);
        if (head) {
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
        size_t len = usable_len(&b, i);
        if (len == 0)
            continue;
        fastsha256_ctx *ctx = ctxs[i];
        size_t head = head_len(ctx, len);
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
