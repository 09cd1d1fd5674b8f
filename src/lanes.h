/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The lane loop shared by the batch scheduler (many.c), the multi-stream
 * update (update_many.c) and HMAC batches: keeps up to a kernel's width of
 * block runs going on impl's lane kernels, each call as long as its
 * shortest run, and refills a finished run in place.
 *
 * Inline, with the refill function a constant at each call site: the
 * compiler then folds the refill into the loop, which matters for batches
 * of short messages (a refill per one or two blocks). */
#ifndef FASTSHA256_LANES_H
#define FASTSHA256_LANES_H

#include "bytes.h"
#include "seams.h"

/* One lane's current run of consecutive blocks into one state. Callers
 * embed it as the first member of their own lane record. */
typedef struct fsha256_lane_run {
    uint32_t *state;
    const uint8_t *next;  /* next block of the run */
    size_t blocks_left;
    /* NULL, or the run is one block (at next) whose W + K words are these
     * (fsha256_block_wk): when every lane of a kernel call is on the same
     * such block, the kernel's rounds_wk entry runs it without a schedule. */
    const uint32_t *wk;
} fsha256_lane_run;

/* Gives a lane whose run is over its next run (returns 1), or returns 0
 * when there is no more work for it. */
typedef int (*fsha256_lane_refill_fn)(void *ctx, fsha256_lane_run *run);

/* How many lanes impl's widest kernel takes (1: single-stream kernel only). */
static inline size_t fsha256_lane_count(const fsha256_impl *impl) {
    size_t n = impl->lanes[0].width ? impl->lanes[0].width : 1;
    return n < FSHA256_MAX_LANES ? n : FSHA256_MAX_LANES;
}

/* Runs slot[0..nactive) (nactive <= fsha256_lane_count(impl), each run at
 * least one block long) and every run refill gives, to the end. */
static inline void fsha256_run_lanes(const fsha256_impl *impl, fsha256_lane_run **slot,
                                     size_t nactive, fsha256_lane_refill_fn refill, void *ctx) {
    /* states[j] and data[j] are what the kernel gets for slot j, kept up to
     * date so a call needs no gathering. */
    uint32_t *states[FSHA256_MAX_LANES];
    const uint8_t *data[FSHA256_MAX_LANES];
    /* The widest kernel that nactive busy lanes can fill (width 0: the
     * single-stream kernel, one lane at a time). nactive only falls and the
     * kernels are listed widest first, so it only ever moves down the list:
     * no per-call table (which cost short batches ~60 cycles a call). */
    const fsha256_lane_kernel *k = impl->lanes;
    for (size_t j = 0; j < nactive; j++) {
        states[j] = slot[j]->state;
        data[j] = slot[j]->next;
    }

    while (nactive) {
        while (k->width > nactive) /* the list ends with width 0 */
            k++;
        size_t width = k->width ? k->width : 1;
        size_t nblocks = slot[0]->blocks_left;
        for (size_t j = 1; j < width; j++)
            if (slot[j]->blocks_left < nblocks)
                nblocks = slot[j]->blocks_left;

        /* All lanes on one known block: rounds only. A pointer compare per
         * lane, as equal lengths share their table (the list's end has no
         * rounds_wk). */
        const uint32_t *wk = k->rounds_wk ? slot[0]->wk : NULL;
        for (size_t j = 1; wk && j < width; j++)
            if (slot[j]->wk != wk)
                wk = NULL;

        if (wk)
            k->rounds_wk(states, wk);
        else if (k->width)
            k->fn(states, data, nblocks);
        else
            impl->blocks(states[0], data[0], nblocks);

        /* A finished run is refilled in place; once there is no more work
         * its lane leaves, swapped with the last busy slot (walking down,
         * so the slot swapped in has already been advanced or was not in
         * this call). */
        for (size_t j = width; j-- > 0;) {
            fsha256_lane_run *r = slot[j];
            r->blocks_left -= nblocks;
            r->next += nblocks * FASTSHA256_BLOCK_SIZE;
            if (r->blocks_left == 0 && !refill(ctx, r)) {
                nactive--;
                slot[j] = slot[nactive];
                slot[nactive] = r;
            }
            states[j] = slot[j]->state;
            data[j] = slot[j]->next;
        }
    }
}

#endif /* FASTSHA256_LANES_H */
