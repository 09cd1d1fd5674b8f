/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Reading a file through a tree format. One thread: pieces of whole leaves
 * read and hashed in turn. More: each worker claims the next piece, reads
 * it with pread and hashes its leaves through the lanes into its slot;
 * the slots' digests are fed in file order by the calling thread, so the
 * tree above the leaves is built as one thread would build it. */
#define _GNU_SOURCE 1
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tree_cli.h"

/* Bytes a piece holds: whole leaves, 4 MiB or 16 leaves (lanes to fill). */
static size_t piece_size(size_t leaf) {
    size_t n = leaf >= (1u << 20) ? 16 : ((size_t)4 << 20) / leaf;
    return n ? n * leaf : leaf;
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

static int read_serial(int fd, uint64_t size, const tree_ops *ops) {
    size_t cap = piece_size(ops->leaf);
    uint8_t *buf = malloc(cap);
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
    free(buf);
    return err;
}

typedef struct slot {
    uint8_t *data;
    uint8_t (*digests)[32];
    uint64_t piece; /* which piece the slot holds */
    int state;      /* 0 free, 1 being read, 2 ready */
    int err;
} slot;

typedef struct pipe_run {
    pthread_mutex_t lock;
    pthread_cond_t changed;
    const tree_ops *ops;
    int fd, failed;
    uint64_t pieces, next, leaves;
    size_t per, nslots; /* leaves a piece */
    slot *slots;
} pipe_run;

/* Worker: claims pieces while their slot is free, reads and hashes them. */
static void *worker(void *arg) {
    pipe_run *p = (pipe_run *)arg;
    size_t leaf = p->ops->leaf;
    pthread_mutex_lock(&p->lock);
    for (;;) {
        while (!p->failed && p->next < p->pieces && p->slots[p->next % p->nslots].state != 0)
            pthread_cond_wait(&p->changed, &p->lock);
        if (p->failed || p->next >= p->pieces)
            break;
        uint64_t c = p->next++;
        slot *s = &p->slots[c % p->nslots];
        s->state = 1;
        s->piece = c;
        pthread_mutex_unlock(&p->lock);
        uint64_t first = c * p->per;
        size_t n = p->leaves - first < p->per ? (size_t)(p->leaves - first) : p->per;
        s->err = read_at(p->fd, s->data, n * leaf, first * leaf);
        if (!s->err)
            p->ops->leaves(p->ops->ctx, s->data, n, s->digests);
        pthread_mutex_lock(&p->lock);
        s->state = 2;
        pthread_cond_broadcast(&p->changed);
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

/* The calling thread: each piece's digests in order into the tree. */
static int consume(pipe_run *p) {
    int err = 0;
    for (uint64_t c = 0; c < p->pieces && !err; c++) {
        slot *s = &p->slots[c % p->nslots];
        pthread_mutex_lock(&p->lock);
        while (!(s->state == 2 && s->piece == c))
            pthread_cond_wait(&p->changed, &p->lock);
        pthread_mutex_unlock(&p->lock);
        uint64_t first = c * p->per;
        size_t n = p->leaves - first < p->per ? (size_t)(p->leaves - first) : p->per;
        err = s->err;
        if (!err)
            p->ops->add(p->ops->ctx, (const uint8_t(*)[32])s->digests, n);
        atomic_fetch_add_explicit(progress_counter(), (uint64_t)n * p->ops->leaf, memory_order_relaxed);
        progress_tick();
        pthread_mutex_lock(&p->lock);
        s->state = 0;
        if (err)
            p->failed = 1;
        pthread_cond_broadcast(&p->changed);
        pthread_mutex_unlock(&p->lock);
    }
    return err;
}

static int slots_alloc(pipe_run *p) {
    p->slots = calloc(p->nslots, sizeof *p->slots);
    if (p->slots == NULL)
        return ENOMEM;
    for (size_t i = 0; i < p->nslots; i++) {
        p->slots[i].data = malloc(p->per * p->ops->leaf);
        p->slots[i].digests = malloc(p->per * 32);
        if (!p->slots[i].data || !p->slots[i].digests)
            return ENOMEM;
    }
    return 0;
}

static void slots_free(pipe_run *p) {
    for (size_t i = 0; p->slots && i < p->nslots; i++) {
        free(p->slots[i].data);
        free(p->slots[i].digests);
    }
    free(p->slots);
}

/* The whole leaves through the pipeline, then the tail through update. */
static int read_parallel(int fd, uint64_t size, const tree_ops *ops, unsigned jobs) {
    pipe_run p = {.ops = ops, .fd = fd, .leaves = size / ops->leaf};
    pthread_t tid[64];
    unsigned started = 0;
    p.per = piece_size(ops->leaf) / ops->leaf;
    p.pieces = (p.leaves + p.per - 1) / p.per;
    p.nslots = 2 * (size_t)jobs;
    pthread_mutex_init(&p.lock, NULL);
    pthread_cond_init(&p.changed, NULL);
    int err = slots_alloc(&p);
    for (; !err && started < jobs && started < 64; started++)
        if (pthread_create(&tid[started], NULL, worker, &p) != 0)
            break;
    if (!err && started == 0)
        err = EAGAIN;
    if (!err)
        err = consume(&p);
    pthread_mutex_lock(&p.lock);
    p.failed = 1; /* stops workers still waiting for a slot */
    pthread_cond_broadcast(&p.changed);
    pthread_mutex_unlock(&p.lock);
    for (unsigned i = 0; i < started; i++)
        pthread_join(tid[i], NULL);
    size_t tail = (size_t)(size % ops->leaf);
    if (!err && tail) {
        uint8_t *buf = p.nslots ? p.slots[0].data : NULL;
        err = read_at(fd, buf, tail, size - tail);
        if (!err)
            ops->update(ops->ctx, buf, tail);
        atomic_fetch_add_explicit(progress_counter(), tail, memory_order_relaxed);
    }
    slots_free(&p);
    pthread_mutex_destroy(&p.lock);
    pthread_cond_destroy(&p.changed);
    return err;
}

int tree_read(int fd, uint64_t size, const tree_ops *ops, unsigned jobs) {
    if (jobs <= 1 || size < 2 * (uint64_t)piece_size(ops->leaf))
        return read_serial(fd, size, ops);
    return read_parallel(fd, size, ops, jobs);
}
