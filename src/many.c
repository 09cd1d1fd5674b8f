/* The lane scheduler: hashes many independent messages with a backend's
 * multi-lane kernels. It keeps every lane busy, feeds whole blocks straight
 * from the caller's memory, pads each message's tail in a per-lane buffer,
 * and refills a lane as soon as its message ends. Kernels only ever see
 * lane states and block pointers, never message framing. */
#include <string.h>

#include "internal.h"

typedef struct lane {
    uint32_t state[8];
    const uint8_t *next;  /* next block of the current segment */
    size_t blocks_left;   /* blocks left in the current segment */
    size_t tail_blocks;   /* padded blocks waiting in `padded` */
    size_t msg;           /* index of the message in this lane */
    uint8_t padded[128];  /* the message's last one or two blocks, padded */
} lane;

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
    l->msg = i;
    l->tail_blocks = fsha256_pad_tail(l->padded, whole ? p + whole * FASTSHA256_BLOCK_SIZE : p,
                                      len % FASTSHA256_BLOCK_SIZE, (uint64_t)len + src->prefix_len);
    if (whole) {
        l->next = p;
        l->blocks_left = whole;
    } else {
        l->next = l->padded;
        l->blocks_left = l->tail_blocks;
        l->tail_blocks = 0;
    }
}

/* Advances a lane by nblocks; returns 1 when its message is complete. */
static inline int lane_advance(lane *l, size_t nblocks) {
    l->blocks_left -= nblocks;
    l->next += nblocks * FASTSHA256_BLOCK_SIZE;
    if (l->blocks_left)
        return 0;
    if (l->tail_blocks == 0)
        return 1;
    l->next = l->padded;
    l->blocks_left = l->tail_blocks;
    l->tail_blocks = 0;
    return 0;
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
    /* Slot j holds a busy lane; states[j] and data[j] are what the kernel
     * gets for it, kept up to date so a call needs no gathering. */
    lane *slot[FSHA256_MAX_LANES];
    uint32_t *states[FSHA256_MAX_LANES];
    const uint8_t *data[FSHA256_MAX_LANES];
    /* kernel_for[a]: the widest kernel that a busy lanes can fill (NULL:
     * the single-stream kernel, one lane at a time). */
    const fsha256_lane_kernel *kernel_for[FSHA256_MAX_LANES + 1];
    size_t nlanes = impl->lanes[0].width ? impl->lanes[0].width : 1;
    if (nlanes > FSHA256_MAX_LANES)
        nlanes = FSHA256_MAX_LANES;
    for (size_t a = 0; a <= nlanes; a++) {
        const fsha256_lane_kernel *k = impl->lanes;
        while (k->width && k->width > a)
            k++;
        kernel_for[a] = k->width ? k : NULL;
    }

    size_t nactive = 0, next_msg = 0;
    while (nactive < nlanes && next_msg < n) {
        lane *l = slot[nactive] = &lanes[nactive];
        lane_start(l, src, next_msg++, iv);
        states[nactive] = l->state;
        data[nactive] = l->next;
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

        /* Finished lanes take the next message in place; once the queue is
         * empty they leave, swapped with the last busy slot (walking down,
         * so the lane swapped in has already been advanced or was not in
         * this call). */
        for (size_t j = width; j-- > 0;) {
            lane *l = slot[j];
            if (lane_advance(l, nblocks)) {
                fsha256_store_digest(out + l->msg * digest_size, l->state, digest_size);
                if (next_msg < n) {
                    lane_start(l, src, next_msg++, iv);
                } else {
                    nactive--;
                    slot[j] = slot[nactive];
                    states[j] = states[nactive];
                    slot[nactive] = l;
                    states[nactive] = l->state;
                }
            }
            data[j] = slot[j]->next;
        }
    }
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
