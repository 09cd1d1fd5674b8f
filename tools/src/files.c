/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The workers of a run: each claims entries in list order, reads small
 * regular files whole into a batch hashed with fastsha256_many, and keeps
 * up to MAX_STREAMS larger files open as streams, advanced a piece at a
 * time together with fastsha256_update_many. */
#define _GNU_SOURCE 1
#include "files.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "program.h"

void publish(run *r) {
    if (atomic_load_explicit(&r->waiting, memory_order_seq_cst)) {
        pthread_mutex_lock(&r->lock);
        pthread_cond_broadcast(&r->published);
        pthread_mutex_unlock(&r->lock);
    }
}

/* Sequentially consistent, paired with `waiting` in publish(). */
void finish_entry(const run *r, entry *e, const uint8_t *digest) {
    fastsha256_to_hex(digest, r->cfg->digest_size, e->hex);
    atomic_store(&e->done, true);
}

void fail_entry(entry *e, int err, bool open_failed) {
    e->err = err;
    e->open_failed = open_failed;
    atomic_store(&e->done, true);
}

static void flush_small(worker *w) {
    if (w->nsmall == 0)
        return;
    const void *msgs[SMALL_BATCH];
    uint8_t digests[SMALL_BATCH][FASTSHA256_DIGEST_SIZE];
    for (size_t k = 0; k < w->nsmall; k++)
        msgs[k] = w->arena + w->small_off[k];
    if (w->r->cfg->digest_size == FASTSHA224_DIGEST_SIZE) {
        uint8_t d224[SMALL_BATCH][FASTSHA224_DIGEST_SIZE];
        fastsha224_many(msgs, w->small_len, w->nsmall, d224);
        for (size_t k = 0; k < w->nsmall; k++)
            memcpy(digests[k], d224[k], FASTSHA224_DIGEST_SIZE);
    } else {
        fastsha256_many(msgs, w->small_len, w->nsmall, digests);
    }
    for (size_t k = 0; k < w->nsmall; k++)
        finish_entry(w->r, w->small[k], digests[k]);
    w->nsmall = 0;
    w->arena_len = 0;
    publish(w->r);
}

static void arena_reserve(worker *w, size_t extra) {
    if (w->arena_cap - w->arena_len >= extra)
        return;
    size_t cap = w->arena_cap ? w->arena_cap : SMALL_BATCH_BYTES;
    while (cap - w->arena_len < extra) {
        if (cap > SIZE_MAX / 2)
            xalloc_die();
        cap *= 2;
    }
    w->arena = xrealloc(w->arena, cap);
    w->arena_cap = cap;
}

/* Starts a stream on fd after head_len bytes already read; `seekable`: a
 * regular file at offset 0, which other threads may read ahead when -j
 * leaves more than one thread. */
static void start_stream(worker *w, entry *e, int fd, const unsigned char *head, size_t head_len,
                         bool seekable) {
    run *r = w->r;
    stream *s = &w->streams[w->nstreams++];
    atomic_fetch_add_explicit(&r->active_streams, 1, memory_order_relaxed);
    s->e = e;
    s->fd = fd;
    r->cfg->init(&s->ctx);
    fastsha256_update(&s->ctx, head, head_len);
    s->ahead = seekable && head_len == 0 && r->jobs > 1;
    if (!s->ahead) {
        if (s->buf == NULL)
            s->buf = xmalloc(READ_PIECE);
        return;
    }
    if (s->ra == NULL)
        s->ra = new_read_ahead();
    reset_read_ahead(s->ra, fd, r->cfg->bytes_read);
    pool_add(&r->pool, s->ra);
}

/* Reads the regular file e (fd, st_size `size`) whole into the small batch:
 * stops at a short read once st_size bytes are in (the end of a regular
 * file), or at 0; a file that grows past the limit while read becomes a
 * stream. */
static void read_small(worker *w, entry *e, int fd, size_t size) {
    size_t off = w->arena_len, got = 0;
    for (;;) {
        /* Past st_size (a growing file, or /proc and /sys, whose st_size
         * is 0), read in larger steps. */
        size_t want = size > got ? size - got + 1 : 16384;
        arena_reserve(w, got + want);
        ssize_t k = read(fd, w->arena + off + got, want);
        if (k < 0) {
            if (errno == EINTR)
                continue;
            int err = errno;
            close(fd);
            fail_entry(e, err, false);
            return;
        }
        got += (size_t)k;
        atomic_fetch_add_explicit(w->r->cfg->bytes_read, (uint64_t)k, memory_order_relaxed);
        if (k == 0 || ((size_t)k < want && got >= size))
            break;
        if (got > 4 * (size_t)SMALL_FILE_MAX) {
            start_stream(w, e, fd, w->arena + off, got, false);
            return;
        }
    }
    close(fd);
    w->small[w->nsmall] = e;
    w->small_off[w->nsmall] = off;
    w->small_len[w->nsmall] = got;
    w->nsmall++;
    w->arena_len = off + got;
    if (w->nsmall == SMALL_BATCH || w->arena_len >= SMALL_BATCH_BYTES)
        flush_small(w);
}

/* Opens entry e and either reads it whole into the small batch, starts a
 * stream for it, or records why it failed. */
static void start_entry(worker *w, entry *e) {
    int fd = open(e->name, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        fail_entry(e, errno, true);
        return;
    }
    struct stat st;
    bool stat_ok = fstat(fd, &st) == 0;
    if (!stat_ok || !S_ISREG(st.st_mode) || (uint64_t)st.st_size > SMALL_FILE_MAX) {
#if defined(POSIX_FADV_SEQUENTIAL)
        (void)posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
#endif
        start_stream(w, e, fd, NULL, 0, stat_ok && S_ISREG(st.st_mode));
        return;
    }
    read_small(w, e, fd, (size_t)st.st_size);
}

/* The pieces of one advance: for each stream, its bytes (or its end). */
typedef struct advance {
    fastsha256_ctx *ctxs[MAX_STREAMS];
    const void *data[MAX_STREAMS];
    size_t lens[MAX_STREAMS], nready;
    piece *taken[MAX_STREAMS];
    bool ended[MAX_STREAMS];
} advance;

/* Takes stream k's next piece into a; a read error fails its entry. */
static void take_next(worker *w, size_t k, advance *a) {
    stream *s = &w->streams[k];
    ssize_t got;
    int err = 0;
    const unsigned char *bytes;
    if (s->ahead) {
        a->taken[k] = take_piece(s->ra);
        got = a->taken[k]->got;
        err = a->taken[k]->err;
        bytes = a->taken[k]->buf;
        a->ended[k] = got < (ssize_t)READ_PIECE; /* hashed first if got > 0 */
    } else {
        got = read_piece(s->fd, s->buf, -1, w->r->cfg->bytes_read);
        if (got < 0)
            err = errno;
        bytes = s->buf;
        a->ended[k] = got <= 0;
    }
    if (got > 0) {
        a->ctxs[a->nready] = &s->ctx;
        a->data[a->nready] = bytes;
        a->lens[a->nready++] = (size_t)got;
    } else if (got < 0) {
        uint8_t discard[FASTSHA256_DIGEST_SIZE];
        fastsha256_final(&s->ctx, discard);
        fail_entry(s->e, err, false);
    }
}

/* Closes an ended stream and records its digest (unless it failed). */
static void end_stream(worker *w, stream *s) {
    if (s->ahead)
        pool_remove(&w->r->pool, s->ra);
    close(s->fd);
    if (!atomic_load_explicit(&s->e->done, memory_order_relaxed)) {
        uint8_t digest[FASTSHA256_DIGEST_SIZE];
        fastsha256_final(&s->ctx, digest);
        finish_entry(w->r, s->e, digest);
    }
}

/* One piece from every stream, hashed together; ends the streams at EOF. */
static void advance_streams(worker *w) {
    advance a;
    a.nready = 0;
    for (size_t k = 0; k < w->nstreams; k++)
        take_next(w, k, &a);
    fastsha256_update_many(a.ctxs, a.data, a.lens, a.nready);
    size_t kept = 0;
    for (size_t k = 0; k < w->nstreams; k++) {
        stream *s = &w->streams[k];
        if (s->ahead)
            release_piece(s->ra, a.taken[k]);
        if (a.ended[k]) {
            end_stream(w, s);
            continue;
        }
        if (kept != k) { /* the stream takes its buffers along, the spares move back */
            stream *to = &w->streams[kept];
            unsigned char *spare_buf = to->buf;
            read_ahead *spare_ra = to->ra;
            *to = *s;
            s->buf = spare_buf;
            s->ra = spare_ra;
        }
        kept++;
    }
    if (kept != w->nstreams) { /* else the shared counter stays untouched */
        atomic_fetch_sub_explicit(&w->r->active_streams, w->nstreams - kept, memory_order_relaxed);
        w->nstreams = kept;
        publish(w->r);
    }
}

bool worker_step(worker *w) {
    run *r = w->r;
    /* A worker holding more than its share of the open streams leaves the
     * next large file to the others (whichever thread starts first would
     * otherwise take them all). */
    bool may_claim = w->nstreams * atomic_load_explicit(&r->workers, memory_order_relaxed) <=
                     atomic_load_explicit(&r->active_streams, memory_order_relaxed);
    /* At most a batch of files a step: the calling thread works too and
     * emits (and updates --progress) between steps. */
    for (size_t claimed = 0;
         may_claim && !w->exhausted && w->nstreams < MAX_STREAMS && claimed < SMALL_BATCH;
         claimed++) {
        size_t i = atomic_fetch_add_explicit(&r->next_claim, 1, memory_order_relaxed);
        if (i >= r->n) {
            w->exhausted = true;
            break;
        }
        entry *e = &r->entries[i];
        if (e->is_stdin)
            continue;
        size_t before = w->nstreams;
        start_entry(w, e);
        if (atomic_load_explicit(&e->done, memory_order_relaxed))
            publish(r); /* an error: let the caller move on */
        if (w->nstreams > before)
            break;
    }
    flush_small(w); /* do not hold small results back while streaming */
    if (w->nstreams == 0)
        return !w->exhausted;
    advance_streams(w);
    return true;
}

void *worker_main(void *arg) {
    worker *w = arg;
    while (worker_step(w))
        ;
    pool_retire_worker(&w->r->pool);
    return pool_helper_main(&w->r->pool); /* then reads ahead for the others */
}

void worker_free(worker *w) {
    for (size_t k = 0; k < MAX_STREAMS; k++) {
        free(w->streams[k].buf);
        free_read_ahead(w->streams[k].ra);
    }
    free(w->arena);
}
