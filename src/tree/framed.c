/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Framed batches through the lane loop (lanes.h). Each lane's message is
 * split into up to three runs: a front block (the head and the body's
 * first bytes, copied), the body's whole blocks straight from the caller's
 * memory, and the padded back (the body's last bytes, the suffix, the
 * padding, copied). A message short enough is all back: one run. With no
 * head and no suffix the batch is a plain one for fastsha256_many's
 * scheduler, which has faster paths for it. */
#include <string.h>

#include "../bytes.h"
#include "../dispatch.h"
#include "../lanes.h"
#include "../many.h"
#include "../seams.h"
#include "framed.h"

/* The back holds < 64 body bytes, the suffix, 0x80 and the bit count. */
#define BACK_MAX (64 * ((63 + FSHA256_FRAMED_MAX_SUFFIX + 9 + 63) / 64))

typedef struct framed_lane {
    fsha256_lane_run run; /* first: what the lane loop sees */
    uint32_t state[8];
    size_t msg;
    const uint8_t *mid;   /* whole body blocks still to run */
    size_t mid_blocks, back_blocks;
    uint8_t front[64];
    uint8_t back[BACK_MAX];
} framed_lane;

typedef struct framed_queue {
    const fsha256_framed *f;
    size_t n, next;
    uint8_t (*out)[32];
} framed_queue;

static const uint8_t *body_ptr(const fsha256_framed *f, size_t i, size_t *len) {
    const uint8_t *p = f->bodies ? (const uint8_t *)f->bodies[i]
                                 : (f->base ? f->base + i * f->stride : NULL);
    *len = fsha256_readable_len(p, f->bodies ? f->lens[i] : f->len);
    return p;
}

/* Pads the back: n bytes already at l->back, then suffix, 0x80, the count. */
static void pad_back(framed_lane *l, const fsha256_framed *f, size_t n, uint64_t total) {
    size_t used = n + f->suffix_len;
    size_t blocks = (used + 9 + 63) / 64;
    if (f->suffix_len)
        memcpy(l->back + n, f->suffix, f->suffix_len);
    memset(l->back + used, 0, blocks * 64 - used);
    l->back[used] = 0x80;
    fsha256_store_be64(l->back + blocks * 64 - 8, total << 3);
    l->back_blocks = blocks;
}

static void lane_start(framed_lane *l, framed_queue *q, size_t i) {
    const fsha256_framed *f = q->f;
    size_t len, h = f->head_len;
    const uint8_t *p = body_ptr(f, i, &len);
    uint64_t total = f->prefix_len + h + (uint64_t)len + f->suffix_len;
    memcpy(l->state, f->iv, sizeof l->state);
    l->run.state = l->state;
    l->run.wk = NULL;
    l->msg = i;
    l->mid_blocks = 0;
    if (h + len + f->suffix_len + 9 <= BACK_MAX) { /* all of it in the back */
        if (h)
            memcpy(l->back, f->head, h);
        if (len)
            memcpy(l->back + h, p, len);
        pad_back(l, f, h + len, total);
        l->run.next = l->back;
        l->run.blocks_left = l->back_blocks;
        l->back_blocks = 0;
        return;
    }
    size_t skip = h ? 64 - h : 0; /* body bytes in the front block */
    size_t whole = (len - skip) / 64, rest = (len - skip) % 64;
    memcpy(l->back, p + skip + whole * 64, rest);
    pad_back(l, f, rest, total);
    l->mid = p + skip;
    l->mid_blocks = whole;
    if (h) {
        memcpy(l->front, f->head, h);
        memcpy(l->front + h, p, skip);
        l->run.next = l->front;
        l->run.blocks_left = 1;
    } else {
        l->run.next = l->mid;
        l->run.blocks_left = whole;
        l->mid_blocks = 0;
    }
}

/* Next run of a lane: its body blocks, its back, or the next message. */
static int lane_refill(void *ctx, fsha256_lane_run *run) {
    framed_queue *q = (framed_queue *)ctx;
    framed_lane *l = (framed_lane *)run;
    if (l->mid_blocks) {
        run->next = l->mid;
        run->blocks_left = l->mid_blocks;
        l->mid_blocks = 0;
        return 1;
    }
    if (l->back_blocks) {
        run->next = l->back;
        run->blocks_left = l->back_blocks;
        l->back_blocks = 0;
        return 1;
    }
    fsha256_store_digest(q->out[l->msg], l->state, 32);
    if (q->next == q->n)
        return 0;
    lane_start(l, q, q->next++);
    return 1;
}

void fsha256_hash_framed(const fsha256_framed *f, size_t n, uint8_t (*out)[32]) {
    const fsha256_impl *impl = fsha256_active();
    if (n == 0)
        return;
    if (f->head_len == 0 && f->suffix_len == 0) {
        fsha256_message_source src = {f->bodies, f->lens, f->base, f->stride, f->len,
                                      f->prefix_len};
        fsha256_hash_many(impl, &src, n, f->iv, out[0], 32);
        return;
    }
    framed_lane lanes[FSHA256_MAX_LANES];
    fsha256_lane_run *slot[FSHA256_MAX_LANES];
    framed_queue q = {f, n, 0, out};
    size_t nlanes = fsha256_lane_count(impl), nactive = 0;
    for (; nactive < nlanes && q.next < n; nactive++) {
        lane_start(&lanes[nactive], &q, q.next++);
        slot[nactive] = &lanes[nactive].run;
    }
    fsha256_run_lanes(impl, slot, nactive, lane_refill, &q);
}

int fsha256_leaf_fill(fastsha256_ctx *leaf, uint64_t *data_len, size_t leaf_size,
                      const uint8_t **p, size_t *len) {
    size_t held = (size_t)(*data_len % leaf_size);
    if (held == 0 || *len == 0) /* no leaf in progress, or nothing for it */
        return 0;
    size_t need = leaf_size - held, take = need < *len ? need : *len;
    fastsha256_update(leaf, *p, take);
    *p += take;
    *len -= take;
    *data_len += take;
    return take == need;
}

uint64_t fsha256_absorb_blocks(uint32_t iv[8], const uint8_t *salt, size_t salt_len) {
    size_t blocks = salt_len / 64;
    memcpy(iv, fsha256_sha256_iv, 32);
    if (blocks)
        fsha256_active()->blocks(iv, salt, blocks);
    return (uint64_t)blocks * 64;
}
