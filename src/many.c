/* The lane scheduler: hashes many independent messages with a backend's
 * multi-lane kernels. It keeps every lane busy, feeds whole blocks straight
 * from the caller's memory, pads each message's tail in a per-lane buffer,
 * and refills a lane as soon as its message ends. Kernels only ever see
 * lane states and block pointers, never message framing. */
#include <string.h>

#include "internal.h"

#define FS_MAX_LANES 16

typedef struct lane {
    uint32_t state[8];
    const uint8_t *next;  /* next block of the current segment */
    size_t blocks_left;   /* blocks left in the current segment */
    size_t tail_blocks;   /* padded blocks waiting in `padded` */
    size_t msg;           /* index of the message in this lane */
    uint8_t padded[128];  /* the message's last one or two blocks, padded */
} lane;

static inline const uint8_t *message_ptr(const fs_message_source *src, size_t i) {
    if (src->msgs)
        return (const uint8_t *)src->msgs[i];
    return src->base ? src->base + i * src->stride : NULL;
}

static inline size_t message_len(const fs_message_source *src, size_t i) {
    return src->msgs ? src->lens[i] : src->len;
}

/* Starts message i in lane l: whole blocks come from the caller, the tail
 * is padded now so the caller's buffer is never read past its end. */
static void lane_start(lane *l, const fs_message_source *src, size_t i, const uint32_t iv[8]) {
    const uint8_t *p = message_ptr(src, i);
    size_t len = message_len(src, i);
    if (p == NULL) /* NULL is only valid with length 0 */
        len = 0;
    size_t whole = len / 64;
    memcpy(l->state, iv, sizeof l->state);
    l->msg = i;
    l->tail_blocks = fs_pad_tail(l->padded, whole ? p + whole * 64 : p, len % 64, (uint64_t)len);
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
    l->next += nblocks * 64;
    if (l->blocks_left)
        return 0;
    if (l->tail_blocks == 0)
        return 1;
    l->next = l->padded;
    l->blocks_left = l->tail_blocks;
    l->tail_blocks = 0;
    return 0;
}

void fs_hash_many(const fs_impl *impl, const fs_message_source *src, size_t n,
                  const uint32_t iv[8], uint8_t *out, size_t digest_size) {
    lane lanes[FS_MAX_LANES];
    lane *active[FS_MAX_LANES]; /* busy lanes, in no particular order */
    lane *idle[FS_MAX_LANES];
    size_t nlanes = impl->lanes[0].width ? impl->lanes[0].width : 1;
    size_t nactive = 0, nidle = nlanes, next_msg = 0;

    if (nlanes > FS_MAX_LANES)
        nlanes = nidle = FS_MAX_LANES;
    for (size_t i = 0; i < nlanes; i++)
        idle[i] = &lanes[i];

    for (;;) {
        while (nidle && next_msg < n) {
            lane *l = idle[--nidle];
            lane_start(l, src, next_msg++, iv);
            active[nactive++] = l;
        }
        if (nactive == 0)
            break;

        /* The widest kernel that the busy lanes can fill; once the queue is
         * empty the remainder narrows down to the single-stream kernel. */
        const fs_lane_kernel *k = impl->lanes;
        while (k->width && k->width > nactive)
            k++;
        size_t width = k->width ? k->width : 1;

        size_t nblocks = active[0]->blocks_left;
        for (size_t j = 1; j < width; j++)
            if (active[j]->blocks_left < nblocks)
                nblocks = active[j]->blocks_left;

        if (k->width) {
            uint32_t *states[FS_MAX_LANES];
            const uint8_t *data[FS_MAX_LANES];
            for (size_t j = 0; j < width; j++) {
                states[j] = active[j]->state;
                data[j] = active[j]->next;
            }
            k->fn(states, data, nblocks);
        } else {
            impl->blocks(active[0]->state, active[0]->next, nblocks);
        }

        /* Retire finished lanes; walk backwards so removal by swapping with
         * the last busy lane never skips one. */
        for (size_t j = width; j-- > 0;) {
            lane *l = active[j];
            if (lane_advance(l, nblocks)) {
                fs_store_digest(out + l->msg * digest_size, l->state, digest_size);
                active[j] = active[--nactive];
                idle[nidle++] = l;
            }
        }
    }
}

static void hash_many_pointers(const void *const *msgs, const size_t *lens, size_t n,
                               const uint32_t iv[8], uint8_t *out, size_t digest_size) {
    if (n == 0 || msgs == NULL || lens == NULL || out == NULL)
        return;
    fs_message_source src = {msgs, lens, NULL, 0, 0};
    fs_hash_many(fs_active(), &src, n, iv, out, digest_size);
}

void fastsha256_many(const void *const *msgs, const size_t *lens, size_t n, uint8_t (*out)[32]) {
    hash_many_pointers(msgs, lens, n, fs_sha256_iv, (uint8_t *)out, FASTSHA256_DIGEST_SIZE);
}

void fastsha224_many(const void *const *msgs, const size_t *lens, size_t n, uint8_t (*out)[28]) {
    hash_many_pointers(msgs, lens, n, fs_sha224_iv, (uint8_t *)out, FASTSHA224_DIGEST_SIZE);
}

void fastsha256_many_strided(const void *base, size_t stride, size_t len, size_t n,
                             uint8_t (*out)[32]) {
    if (n == 0 || out == NULL)
        return;
    fs_message_source src = {NULL, NULL, (const uint8_t *)base, stride, len};
    fs_hash_many(fs_active(), &src, n, fs_sha256_iv, (uint8_t *)out, FASTSHA256_DIGEST_SIZE);
}
