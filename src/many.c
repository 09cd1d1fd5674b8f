/* The lane scheduler: hashes many independent messages with a backend's
 * multi-lane kernels. It keeps every lane busy, feeds whole blocks straight
 * from the caller's memory, pads each message's tail in a per-lane buffer,
 * and refills a lane as soon as its message ends. Kernels only ever see
 * lane states and block pointers, never message framing. */
#include <string.h>

#include "internal.h"
#include "lanes.h"

typedef struct lane {
    fsha256_lane_run run; /* first: what the lane loop sees */
    uint32_t state[8];
    size_t tail_blocks;   /* padded blocks waiting in `padded` */
    size_t msg;           /* index of the message in this lane */
    uint8_t padded[128];  /* the message's last one or two blocks, padded */
} lane;

/* The messages still to start, and where their digests go. */
typedef struct lane_queue {
    const fsha256_message_source *src;
    size_t n, next_msg;
    const uint32_t *iv;
    uint8_t *out;
    size_t digest_size;
} lane_queue;

static inline const uint8_t *message_ptr(const fsha256_message_source *src, size_t i) {
    if (src->msgs)
        return (const uint8_t *)src->msgs[i];
    return src->base ? src->base + i * src->stride : NULL;
}

static inline size_t message_len(const fsha256_message_source *src, size_t i) {
    return src->msgs ? src->lens[i] : src->len;
}

/* Starts message i in lane l: whole blocks come from the caller, the tail
 * is padded now so the caller's buffer is never read past its end. */
static void lane_start(lane *l, const fsha256_message_source *src, size_t i, const uint32_t iv[8]) {
    const uint8_t *p = message_ptr(src, i);
    size_t len = fsha256_readable_len(p, message_len(src, i));
    size_t whole = len / FASTSHA256_BLOCK_SIZE;
    memcpy(l->state, iv, sizeof l->state);
    l->run.state = l->state;
    l->msg = i;
    l->tail_blocks = fsha256_pad_tail(l->padded, whole ? p + whole * FASTSHA256_BLOCK_SIZE : p,
                                      len % FASTSHA256_BLOCK_SIZE, (uint64_t)len + src->prefix_len);
    if (whole) {
        l->run.next = p;
        l->run.blocks_left = whole;
    } else {
        l->run.next = l->padded;
        l->run.blocks_left = l->tail_blocks;
        l->tail_blocks = 0;
    }
}

/* A lane's run is over: its padded tail next, or its digest out and the
 * next message in. */
static int lane_refill(void *ctx, fsha256_lane_run *run) {
    lane_queue *q = (lane_queue *)ctx;
    lane *l = (lane *)run;
    if (l->tail_blocks) {
        run->next = l->padded;
        run->blocks_left = l->tail_blocks;
        l->tail_blocks = 0;
        return 1;
    }
    fsha256_store_digest(q->out + l->msg * q->digest_size, l->state, q->digest_size);
    if (q->next_msg == q->n)
        return 0;
    lane_start(l, q->src, q->next_msg++, q->iv);
    return 1;
}

/* Fast path for runs of short messages (the common batch: many small
 * records): while the next `width` messages each fit one padded block, they
 * go through the kernel as a group with none of the lane bookkeeping.
 * Returns how many messages it hashed.
 *
 * Every instruction here counts: the kernel leaves few idle issue slots, and
 * each instruction of this loop measured about a third of a cycle. Hence
 * blocks[j] is only re-padded when the length changes: for a message as long
 * as the previous one in that buffer, 0x80, zeros and bit count are in place
 * and only the message bytes are copied (batches of equal-size records). */
static size_t hash_short_groups(const fsha256_lane_kernel *k, const fsha256_message_source *src,
                                size_t n, const uint32_t iv[8], uint8_t *out,
                                size_t digest_size) {
    uint8_t blocks[FSHA256_MAX_LANES][128];
    uint32_t group_states[FSHA256_MAX_LANES][8];
    uint32_t *states[FSHA256_MAX_LANES];
    const uint8_t *data[FSHA256_MAX_LANES];
    /* Each buffer starts as the padded empty message: a real state, so no
     * length value is reserved as a marker (a SIZE_MAX one matched a
     * SIZE_MAX message and copied it into the buffer). */
    size_t padded_len[FSHA256_MAX_LANES];
    size_t width = k->width, done = 0;
    if (n < width) /* no whole group: spare the set-up */
        return 0;
    for (size_t j = 0; j < width; j++) {
        states[j] = group_states[j];
        data[j] = blocks[j];
        fsha256_pad_tail(blocks[j], NULL, 0, src->prefix_len);
        padded_len[j] = 0;
    }
    for (; n - done >= width; done += width) {
        for (size_t j = 0; j < width; j++) {
            size_t len = message_len(src, done + j);
            const uint8_t *p = message_ptr(src, done + j);
            if (p == NULL) /* NULL is only valid with length 0 */
                len = 0;
            if (len == padded_len[j]) {
                fsha256_copy_short(blocks[j], p, len);
                continue;
            }
            if (len > 55)
                return done;
            fsha256_pad_tail(blocks[j], p, len, (uint64_t)len + src->prefix_len);
            padded_len[j] = len;
        }
        if (k->oneblock) {
            k->oneblock(iv, data, out + done * digest_size, digest_size);
        } else {
            for (size_t j = 0; j < width; j++)
                memcpy(group_states[j], iv, sizeof group_states[j]);
            k->fn(states, data, 1);
            for (size_t j = 0; j < width; j++)
                fsha256_store_digest(out + (done + j) * digest_size, group_states[j], digest_size);
        }
    }
    return done;
}

void fsha256_hash_many(const fsha256_impl *impl, const fsha256_message_source *src, size_t n,
                       const uint32_t iv[8], uint8_t *out, size_t digest_size) {
    fsha256_message_source rest = *src;
    if (impl->lanes[0].width) {
        size_t done = hash_short_groups(impl->lanes, src, n, iv, out, digest_size);
        if (done == n)
            return;
        /* The rest through the general scheduler, as a shifted batch. */
        if (rest.msgs) {
            rest.msgs += done;
            rest.lens += done;
        } else if (rest.base) {
            rest.base += done * rest.stride;
        }
        out += done * digest_size;
        n -= done;
        src = &rest;
    }
    lane lanes[FSHA256_MAX_LANES];
    fsha256_lane_run *slot[FSHA256_MAX_LANES];
    lane_queue q = {src, n, 0, iv, out, digest_size};
    size_t nlanes = fsha256_lane_count(impl), nactive = 0;
    for (; nactive < nlanes && q.next_msg < n; nactive++) {
        lane_start(&lanes[nactive], src, q.next_msg++, iv);
        slot[nactive] = &lanes[nactive].run;
    }
    fsha256_run_lanes(impl, slot, nactive, lane_refill, &q);
}

static void hash_many_pointers(const void *const *msgs, const size_t *lens, size_t n,
                               const uint32_t iv[8], uint8_t *out, size_t digest_size) {
    if (n == 0 || msgs == NULL || lens == NULL || out == NULL)
        return;
    fsha256_message_source src = {msgs, lens, NULL, 0, 0, 0};
    fsha256_hash_many(fsha256_active(), &src, n, iv, out, digest_size);
}

void fastsha256_many(const void *const *msgs, const size_t *lens, size_t n, uint8_t (*out)[32]) {
    hash_many_pointers(msgs, lens, n, fsha256_sha256_iv, (uint8_t *)out, FASTSHA256_DIGEST_SIZE);
}

void fastsha224_many(const void *const *msgs, const size_t *lens, size_t n, uint8_t (*out)[28]) {
    hash_many_pointers(msgs, lens, n, fsha256_sha224_iv, (uint8_t *)out, FASTSHA224_DIGEST_SIZE);
}

void fastsha256_many_strided(const void *base, size_t stride, size_t len, size_t n,
                             uint8_t (*out)[32]) {
    if (n == 0 || out == NULL)
        return;
    fsha256_message_source src = {NULL, NULL, (const uint8_t *)base, stride, len, 0};
    fsha256_hash_many(fsha256_active(), &src, n, fsha256_sha256_iv, (uint8_t *)out,
                      FASTSHA256_DIGEST_SIZE);
}
