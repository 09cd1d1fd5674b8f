/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Reading a file through a tree format. One thread: pieces of whole leaves
 * read and hashed in turn. More: each thread, the caller's too, claims the
 * next piece, reads it with pread into its own buffer and hashes its leaves
 * through the lanes into a slot of digests; the thread that finishes the
 * piece next in file order feeds the ready slots to the tree in order, so
 * the levels above the leaves are built as one thread would build them. */
#define _GNU_SOURCE 1
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "fastsha256.h"
#include "tree_cli.h"

#define PIECE_BYTES ((size_t)4 << 20)
#define MAX_SLICED 16

/* Bytes a piece holds: whole leaves, 4 MiB or 16 leaves (lanes to fill). */
static size_t piece_size(size_t leaf) {
    size_t n = leaf >= (1u << 20) ? MAX_SLICED : PIECE_BYTES / leaf;
    return n ? n * leaf : leaf;
}

/* Bytes of each leaf read at once: the whole leaf, or where a piece of
 * plain leaves is over 4 MiB (Glacier's 16 of 1 MiB) a 4 MiB share of it,
 * the leaves then advanced together slice by slice: a buffer that stays in
 * the cache between the kernel's copy and the lanes (docs/trees.md). */
static size_t slice_size(const tree_ops *ops) {
    size_t per = piece_size(ops->leaf) / ops->leaf;
    if (!ops->plain || per * ops->leaf <= PIECE_BYTES || per > MAX_SLICED)
        return ops->leaf;
    return PIECE_BYTES / per / 64 * 64;
}

/* A read buffer of n bytes starting a cache line (free() it). From 2 MiB
 * on, on huge pages where the system grants them on request: the kernel's
 * copies into the buffer and the lanes' reads from it then fault and miss
 * the TLB once a 2 MiB page instead of once a 4 KiB one (docs/trees.md). */
static uint8_t *buf_alloc(size_t n) {
    const size_t huge = (size_t)2 << 20;
    if (n < huge)
        return aligned_alloc(64, (n + 64) / 64 * 64);
    size_t size = (n + huge - 1) / huge * huge;
    uint8_t *p = aligned_alloc(huge, size);
#ifdef MADV_HUGEPAGE
    if (p)
        (void)madvise(p, size, MADV_HUGEPAGE); /* a hint: refused, the buffer still serves */
#endif
    return p;
}

/* Reads exactly len bytes at off: 0, or an errno value. */
static int read_at(int fd, uint8_t *buf, size_t len, uint64_t off) {
    while (len) {
        ssize_t got = pread(fd, buf, len, (off_t)off);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0)
            return errno;
        if (got == 0)
            return EIO;
        buf += got;
        len -= (size_t)got;
        off += (uint64_t)got;
    }
    return 0;
}

/* n leaves of a plain format from off, each read and hashed in slices
 * of slice bytes, all n advanced together (fastsha256_update_many). */
static int hash_sliced(int fd, const tree_ops *ops, size_t slice, uint8_t *buf, uint64_t off,
                       size_t n, uint8_t (*out)[32]) {
    fastsha256_ctx ctx[MAX_SLICED], *ctxs[MAX_SLICED];
    const void *at[MAX_SLICED];
    size_t lens[MAX_SLICED];
    for (size_t i = 0; i < n; i++) {
        fastsha256_init(&ctx[i]);
        ctxs[i] = &ctx[i];
        at[i] = buf + i * slice;
    }
    int err = 0;
    for (size_t done = 0; !err && done < ops->leaf; done += slice) {
        size_t step = ops->leaf - done < slice ? ops->leaf - done : slice;
        for (size_t i = 0; !err && i < n; i++) {
            lens[i] = step;
            err = read_at(fd, buf + i * slice, step, off + i * (uint64_t)ops->leaf + done);
        }
        if (!err)
            fastsha256_update_many(ctxs, at, lens, n);
    }
    for (size_t i = 0; i < n; i++)
        fastsha256_final(&ctx[i], out[i]);
    return err;
}

/* Leaves first.. first + n - 1 into out: read whole and hashed together
 * through the lanes, or in slices of slice bytes (slice_size). 0, or an
 * errno value. */
static int hash_leaves(int fd, const tree_ops *ops, size_t slice, uint8_t *buf, uint64_t first,
                       size_t n, uint8_t (*out)[32]) {
    uint64_t off = first * ops->leaf;
    if (slice != ops->leaf)
        return hash_sliced(fd, ops, slice, buf, off, n, out);
    int err = read_at(fd, buf, n * ops->leaf, off);
    if (!err)
        ops->leaves(ops->ctx, buf, n, out);
    return err;
}

static int read_serial(int fd, uint64_t size, const tree_ops *ops) {
    size_t cap = piece_size(ops->leaf);
    if (size < cap)
        cap = (size_t)size;
    uint8_t *mem = buf_alloc(ops->skew + cap), *buf = mem ? mem + ops->skew : NULL;
    int err = buf ? 0 : ENOMEM;
    for (uint64_t off = 0; !err && off < size;) {
        size_t n = size - off < cap ? (size_t)(size - off) : cap;
        err = read_at(fd, buf, n, off);
        if (!err)
            ops->update(ops->ctx, buf, n);
        off += n;
        atomic_fetch_add_explicit(progress_counter(), n, memory_order_relaxed);
        progress_tick();
    }
    free(mem);
    return err;
}

typedef struct slot {
    uint8_t (*digests)[32];
    uint64_t piece; /* which piece the slot holds */
    int state;      /* 0 free, 1 being hashed, 2 ready */
    int err;
} slot;

typedef struct pipe_run {
    pthread_mutex_t lock;
    pthread_cond_t freed;
    const tree_ops *ops;
    int fd, failed, adding, err;
    uint64_t pieces, next, added, leaves;
    size_t per, nslots; /* leaves a piece */
    size_t slice;       /* slice_size(ops): a piece's buffer holds per of them */
    slot *slots;
} pipe_run;

static size_t leaves_in(const pipe_run *p, uint64_t piece) {
    uint64_t first = piece * p->per;
    return p->leaves - first < p->per ? (size_t)(p->leaves - first) : p->per;
}

/* With the lock held and this thread the only adder: the ready pieces,
 * in file order, into the tree (the lock dropped while adding). */
static void drain(pipe_run *p) {
    int freed = 0;
    for (;;) {
        slot *s = &p->slots[p->added % p->nslots];
        if (p->failed || s->state != 2 || s->piece != p->added)
            break;
        pthread_mutex_unlock(&p->lock);
        size_t n = leaves_in(p, s->piece);
        if (!s->err)
            p->ops->add(p->ops->ctx, (const uint8_t(*)[32])s->digests, n);
        atomic_fetch_add_explicit(progress_counter(), (uint64_t)n * p->ops->leaf, memory_order_relaxed);
        progress_tick();
        pthread_mutex_lock(&p->lock);
        if (s->err) {
            p->failed = 1;
            p->err = s->err;
        }
        s->state = 0;
        p->added++;
        freed = 1;
    }
    if (freed || p->failed)
        pthread_cond_broadcast(&p->freed);
}

/* Every thread, the caller's too: claims the next piece once its slot is
 * free, reads it into its own buffer and hashes its leaves into the slot;
 * whoever finishes the piece next in file order adds the ready ones, so
 * no thread only waits and wakes to add. */
static void work(pipe_run *p, uint8_t *buf) {
    pthread_mutex_lock(&p->lock);
    for (;;) {
        while (!p->failed && p->next < p->pieces && p->slots[p->next % p->nslots].state != 0)
            pthread_cond_wait(&p->freed, &p->lock);
        if (p->failed || p->next >= p->pieces)
            break;
        uint64_t c = p->next++;
        slot *s = &p->slots[c % p->nslots];
        s->state = 1;
        s->piece = c;
        pthread_mutex_unlock(&p->lock);
        s->err = buf ? hash_leaves(p->fd, p->ops, p->slice, buf, c * p->per, leaves_in(p, c),
                                   s->digests)
                     : ENOMEM;
        pthread_mutex_lock(&p->lock);
        s->state = 2;
        if (!p->adding) {
            p->adding = 1;
            drain(p);
            p->adding = 0;
        }
    }
    pthread_mutex_unlock(&p->lock);
}

static void *worker(void *arg) {
    pipe_run *p = (pipe_run *)arg;
    uint8_t *mem = buf_alloc(p->ops->skew + p->per * p->slice);
    work(p, mem ? mem + p->ops->skew : NULL);
    free(mem);
    return NULL;
}

/* Two slots a thread: one being hashed, one ready or being added. */
static int slots_alloc(pipe_run *p) {
    p->slots = calloc(p->nslots, sizeof *p->slots);
    if (p->slots == NULL)
        return ENOMEM;
    for (size_t i = 0; i < p->nslots; i++)
        if ((p->slots[i].digests = malloc(p->per * 32)) == NULL)
            return ENOMEM;
    return 0;
}

static void slots_free(pipe_run *p) {
    for (size_t i = 0; p->slots && i < p->nslots; i++)
        free(p->slots[i].digests);
    free(p->slots);
}

/* The whole leaves through jobs threads (the caller one of them), then
 * the tail through update. */
static int read_parallel(int fd, uint64_t size, const tree_ops *ops, unsigned jobs) {
    pipe_run p = {.ops = ops, .fd = fd, .leaves = size / ops->leaf};
    pthread_t tid[64];
    unsigned started = 0;
    p.per = piece_size(ops->leaf) / ops->leaf;
    p.slice = slice_size(ops);
    p.pieces = (p.leaves + p.per - 1) / p.per;
    p.nslots = 2 * (size_t)jobs;
    pthread_mutex_init(&p.lock, NULL);
    pthread_cond_init(&p.freed, NULL);
    uint8_t *mem = buf_alloc(ops->skew + p.per * p.slice);
    uint8_t *buf = mem ? mem + ops->skew : NULL;
    int err = buf ? slots_alloc(&p) : ENOMEM;
    for (; !err && started + 1 < jobs && started < 64; started++)
        if (pthread_create(&tid[started], NULL, worker, &p) != 0)
            break;
    if (!err)
        work(&p, buf);
    for (unsigned i = 0; i < started; i++)
        pthread_join(tid[i], NULL);
    if (!err)
        err = p.err ? p.err : p.added == p.pieces ? 0 : EIO;
    size_t tail = (size_t)(size % ops->leaf);
    if (!err && tail) {
        err = read_at(fd, buf, tail, size - tail);
        if (!err)
            ops->update(ops->ctx, buf, tail);
        atomic_fetch_add_explicit(progress_counter(), tail, memory_order_relaxed);
    }
    free(mem);
    slots_free(&p);
    pthread_mutex_destroy(&p.lock);
    pthread_cond_destroy(&p.freed);
    return err;
}

/* Files of two pieces or more through the pieces' pipeline, on one thread
 * too: its pieces are read as slice_size says. */
int tree_read(int fd, uint64_t size, const tree_ops *ops, unsigned jobs) {
    if (size < 2 * (uint64_t)piece_size(ops->leaf))
        return read_serial(fd, size, ops);
    return read_parallel(fd, size, ops, jobs ? jobs : 1);
}
