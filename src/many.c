/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The lane scheduler: hashes many independent messages with a backend's
 * multi-lane kernels. It keeps every lane busy, feeds whole blocks straight
 * from the caller's memory, pads each message's tail in a per-lane buffer,
 * and refills a lane as soon as its message ends. Kernels only ever see
 * lane states and block pointers, never message framing. */
#include <string.h>

#include "compiler.h"
#include "seams.h"
#include "bytes.h"
#include "cpu.h"
#include "ctx.h"
#include "many.h"
#include "dispatch.h"
#include "lanes.h"

typedef struct lane {
    fsha256_lane_run run; /* first: what the lane loop sees */
    uint32_t state[8];
    const uint8_t *tail_next; /* padded blocks waiting: tail_blocks at tail_next */
    size_t tail_blocks;
    const uint32_t *tail_wk;  /* the last padded block's W + K when known, else NULL */
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
    /* The W + K of one padding-only last block, for the first total length
     * that has one (batches are mostly of one length; other lengths take
     * the kernels' usual path). wk_state: 0 unused, 1 filled, -1 off (the
     * kernels have no rounds_wk entry). */
    int wk_state;
    uint64_t wk_len;
    uint32_t wk[64];
} lane_queue;

static inline const uint8_t *message_ptr(const fsha256_message_source *src, size_t i) {
    if (src->msgs)
        return (const uint8_t *)src->msgs[i];
    return src->base ? src->base + i * src->stride : NULL;
}

static inline size_t message_len(const fsha256_message_source *src, size_t i) {
    return src->msgs ? src->lens[i] : src->len;
}

/* The W + K of the padding-only block at block, the last of a message of
 * total_len bytes, or NULL when it is not the length the queue keeps. */
static const uint32_t *padding_block_wk(lane_queue *q, const uint8_t *block, uint64_t total_len) {
    if (q->wk_state == 0) {
        fsha256_block_wk(q->wk, block);
        q->wk_len = total_len;
        q->wk_state = 1;
    }
    return q->wk_state == 1 && q->wk_len == total_len ? q->wk : NULL;
}

/* The lane's next padded blocks as its run: a last block with known W + K
 * alone (so lanes on it can meet in a rounds-only call), the others
 * together. */
static void lane_take_tail(lane *l) {
    size_t n = l->tail_blocks;
    if (l->tail_wk && n > 1)
        n--;
    l->run.next = l->tail_next;
    l->run.blocks_left = n;
    l->run.wk = n == l->tail_blocks ? l->tail_wk : NULL;
    l->tail_next += n * FASTSHA256_BLOCK_SIZE;
    l->tail_blocks -= n;
}

/* Starts message i in lane l: whole blocks come from the caller, the tail
 * is padded now so the caller's buffer is never read past its end. */
static void lane_start(lane *l, lane_queue *q, size_t i) {
    const fsha256_message_source *src = q->src;
    const uint8_t *p = message_ptr(src, i);
    size_t len = fsha256_readable_len(p, message_len(src, i));
    size_t whole = len / FASTSHA256_BLOCK_SIZE, tail_len = len % FASTSHA256_BLOCK_SIZE;
    uint64_t total_len = (uint64_t)len + src->prefix_len;
    memcpy(l->state, q->iv, sizeof l->state);
    l->run.state = l->state;
    l->msg = i;
    l->tail_next = l->padded;
    l->tail_blocks = fsha256_pad_tail(l->padded, whole ? p + whole * FASTSHA256_BLOCK_SIZE : p,
                                      tail_len, total_len);
    l->tail_wk = NULL;
    if (q->wk_state >= 0 && fsha256_tail_leaves_padding_block(tail_len))
        l->tail_wk = padding_block_wk(
            q, l->padded + (l->tail_blocks - 1) * FASTSHA256_BLOCK_SIZE, total_len);
    if (whole) {
        l->run.next = p;
        l->run.blocks_left = whole;
        l->run.wk = NULL;
    } else {
        lane_take_tail(l);
    }
}

/* A lane's run is over: its padded tail next, or its digest out and the
 * next message in. */
static int lane_refill(void *ctx, fsha256_lane_run *run) {
    lane_queue *q = (lane_queue *)ctx;
    lane *l = (lane *)run;
    if (l->tail_blocks) {
        lane_take_tail(l);
        return 1;
    }
    fsha256_store_digest(q->out + l->msg * q->digest_size, l->state, q->digest_size);
    if (q->next_msg == q->n)
        return 0;
    lane_start(l, q, q->next_msg++);
    return 1;
}

/* One group's buffers for hash_short_groups: each starts as the padded
 * empty message (a real state, so no length value is reserved as a marker:
 * a SIZE_MAX one matched a SIZE_MAX message and copied it into the buffer). */
typedef struct short_group {
    uint8_t blocks[FSHA256_MAX_LANES][128];
    const uint8_t *data[FSHA256_MAX_LANES];
    size_t padded_len[FSHA256_MAX_LANES];
} short_group;

static void short_group_init(short_group *g, size_t width, uint64_t prefix_len) {
    for (size_t j = 0; j < width; j++) {
        g->data[j] = g->blocks[j];
        fsha256_pad_tail(g->blocks[j], NULL, 0, prefix_len);
        g->padded_len[j] = 0;
    }
}

/* Pads messages first..first+width-1 into g's buffers; 0 when one of them
 * does not fit one block. A buffer is only re-padded when the length
 * changes: for a message as long as the previous one in that buffer, 0x80,
 * zeros and bit count are in place and only the message bytes are copied
 * (batches of equal-size records). Strided records all have one length, so
 * their buffers always agree and padded_len[0] speaks for every lane: once
 * padded, the copy is all the loop does. */
static int short_group_fill(short_group *g, const fsha256_message_source *src, size_t first,
                            size_t width) {
    if (src->msgs == NULL && src->base && src->len == g->padded_len[0]) {
        const uint8_t *p = src->base + first * src->stride;
        for (size_t j = 0; j < width; j++, p += src->stride)
            fsha256_copy_short(g->blocks[j], p, src->len);
        return 1;
    }
    for (size_t j = 0; j < width; j++) {
        size_t len = message_len(src, first + j);
        const uint8_t *p = message_ptr(src, first + j);
        if (p == NULL) /* NULL is only valid with length 0 */
            len = 0;
        if (len == g->padded_len[j]) {
            fsha256_copy_short(g->blocks[j], p, len);
        } else {
            if (len > 55)
                return 0;
            fsha256_pad_tail(g->blocks[j], p, len, (uint64_t)len + src->prefix_len);
            g->padded_len[j] = len;
        }
    }
    return 1;
}

static void short_group_hash(const fsha256_lane_kernel *k, const short_group *g,
                             const uint32_t iv[8], uint8_t *out, size_t digest_size) {
    if (k->oneblock) {
        k->oneblock(iv, g->data, out, digest_size);
        return;
    }
    uint32_t group_states[FSHA256_MAX_LANES][8];
    uint32_t *states[FSHA256_MAX_LANES];
    for (size_t j = 0; j < k->width; j++) {
        memcpy(group_states[j], iv, sizeof group_states[j]);
        states[j] = group_states[j];
    }
    k->fn(states, g->data, 1);
    for (size_t j = 0; j < k->width; j++)
        fsha256_store_digest(out + j * digest_size, group_states[j], digest_size);
}

/* Fast path for runs of short messages (the common batch: many small
 * records): while the next `width` messages each fit one padded block, they
 * go through the kernel as a group with none of the lane bookkeeping.
 * Returns how many messages it hashed.
 *
 * Every instruction here counts: the kernel leaves few idle issue slots, and
 * each instruction of this loop measured about a third of a cycle. The next
 * group is padded before this one is hashed, into the other of two buffer
 * sets: the kernel's 16-byte loads of a block then find the padding's
 * narrower stores written back, where loading them at once stalls on the
 * stores being combined (docs/limits.md). */
static size_t hash_short_groups(const fsha256_lane_kernel *k, const fsha256_message_source *src,
                                size_t n, const uint32_t iv[8], uint8_t *out,
                                size_t digest_size) {
    short_group groups[2];
    size_t width = k->width, done = 0;
    if (n < width) /* no whole group: spare the set-up */
        return 0;
    short_group_init(&groups[0], width, src->prefix_len);
    short_group_init(&groups[1], width, src->prefix_len);
    if (!short_group_fill(&groups[0], src, 0, width))
        return 0;
    for (int cur = 0;; cur ^= 1) {
        int next = n - done >= 2 * width && short_group_fill(&groups[cur ^ 1], src, done + width,
                                                             width);
        short_group_hash(k, &groups[cur], iv, out + done * digest_size, digest_size);
        done += width;
        if (!next)
            return done;
    }
}

/* Fast path for runs of equal-length messages whose last block is padding
 * only (length mod 64 is 0 or 56..63: HMAC's inner hash of 64-byte
 * messages): while the next `width` messages all have the length of the
 * first, they go through the kernel as a group, whole blocks straight from
 * the caller, a partial block (56..63 bytes) from a padded copy, and the
 * padding block as rounds on its W + K, computed once per length. No lane
 * bookkeeping, no padding stores for the known block; whole-block messages
 * through the kernel's blocks_wk entry where it has one (states in
 * registers from the IV to the digests). Returns how many messages it
 * hashed. */
#if defined(__GNUC__)
FSHA256_NOINLINE /* once per batch; inlined, it changed hash_short_groups' code */
#endif
static size_t hash_known_tail_groups(const fsha256_lane_kernel *k,
                                     const fsha256_message_source *src, size_t n,
                                     const uint32_t iv[8], uint8_t *out, size_t digest_size) {
    uint8_t blocks[FSHA256_MAX_LANES][128];
    uint32_t group_states[FSHA256_MAX_LANES][8];
    uint32_t *states[FSHA256_MAX_LANES];
    const uint8_t *data[FSHA256_MAX_LANES];
    uint32_t wk[64];
    size_t width = k->width, done = 0, len = 0;
    if (k->rounds_wk == NULL || n < width)
        return 0;
    for (size_t j = 0; j < width; j++)
        states[j] = group_states[j];
    for (; n - done >= width; done += width) {
        size_t first = fsha256_readable_len(message_ptr(src, done), message_len(src, done));
        size_t tail_len = first % FASTSHA256_BLOCK_SIZE;
        if (!fsha256_tail_leaves_padding_block(tail_len))
            return done;
        for (size_t j = 1; j < width; j++)
            if (fsha256_readable_len(message_ptr(src, done + j), message_len(src, done + j)) !=
                first)
                return done;
        if (done == 0 || first != len) { /* a new length: its padding blocks and table */
            static const uint8_t no_bytes[FASTSHA256_BLOCK_SIZE]; /* the message's come later */
            len = first;
            for (size_t j = 0; j < width; j++)
                fsha256_pad_tail(blocks[j], no_bytes, tail_len, (uint64_t)len + src->prefix_len);
            fsha256_block_wk(wk, blocks[0] + (tail_len ? FASTSHA256_BLOCK_SIZE : 0));
        }
        size_t whole = len / FASTSHA256_BLOCK_SIZE;
        if (k->blocks_wk && whole && !tail_len) {
            for (size_t j = 0; j < width; j++)
                data[j] = message_ptr(src, done + j);
            k->blocks_wk(iv, data, whole, wk, out + done * digest_size, digest_size);
            continue;
        }
        for (size_t j = 0; j < width; j++)
            memcpy(group_states[j], iv, sizeof group_states[j]);
        if (whole) {
            for (size_t j = 0; j < width; j++)
                data[j] = message_ptr(src, done + j);
            k->fn(states, data, whole);
        }
        if (tail_len) {
            for (size_t j = 0; j < width; j++) {
                fsha256_copy_short(blocks[j],
                                   message_ptr(src, done + j) + whole * FASTSHA256_BLOCK_SIZE,
                                   tail_len);
                data[j] = blocks[j];
            }
            k->fn(states, data, 1);
        }
        k->rounds_wk(states, wk);
        for (size_t j = 0; j < width; j++)
            fsha256_store_digest(out + (done + j) * digest_size, group_states[j], digest_size);
    }
    return done;
}

void fsha256_hash_many(const fsha256_impl *impl, const fsha256_message_source *src, size_t n,
                       const uint32_t iv[8], uint8_t *out, size_t digest_size) {
    fsha256_message_source rest = *src;
    if (impl->lanes[0].width) {
        size_t done = hash_short_groups(impl->lanes, src, n, iv, out, digest_size);
        if (done == 0)
            done = hash_known_tail_groups(impl->lanes, src, n, iv, out, digest_size);
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
    lane_queue q;
    q.src = src;
    q.n = n;
    q.next_msg = 0;
    q.iv = iv;
    q.out = out;
    q.digest_size = digest_size;
    /* A known block pays for its table only where a whole kernel call of
     * lanes can share it. */
    q.wk_state = impl->lanes[0].rounds_wk && n >= impl->lanes[0].width ? 0 : -1;
    size_t nlanes = fsha256_lane_count(impl), nactive = 0;
    for (; nactive < nlanes && q.next_msg < n; nactive++) {
        lane_start(&lanes[nactive], &q, q.next_msg++);
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
