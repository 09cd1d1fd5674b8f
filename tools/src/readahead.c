/* SPDX-License-Identifier: Apache-2.0 OR MIT */
#define _GNU_SOURCE 1
#include "readahead.h"

#include <errno.h>
#include <stdlib.h>
#include <unistd.h>

#include "program.h"

struct timespec deadline_in_ms(long ms) {
    struct timespec t;
    clock_gettime(CLOCK_REALTIME, &t);
    t.tv_nsec += ms * 1000000L;
    t.tv_sec += t.tv_nsec / 1000000000L;
    t.tv_nsec %= 1000000000L;
    return t;
}

ssize_t read_piece(int fd, unsigned char *buf, int64_t off, atomic_uint_fast64_t *counted) {
    ssize_t got;
    do
        got = off < 0 ? read(fd, buf, READ_PIECE) : pread(fd, buf, READ_PIECE, (off_t)off);
    while (got < 0 && errno == EINTR);
    if (got > 0)
        atomic_fetch_add_explicit(counted, (uint64_t)got, memory_order_relaxed);
    return got;
}

/* Claims ra's next piece for the caller, who holds ra->lock and then reads
 * it with read_claimed() without the lock. */
static piece *claim_piece(read_ahead *ra) {
    piece *p = &ra->ring[ra->claimed++ % AHEAD_PIECES];
    p->state = PIECE_READING;
    p->off = ra->next_off;
    ra->next_off += READ_PIECE;
    return p;
}

/* A short piece is the end of the file (pread on a regular file): nothing
 * after it is claimed, and pieces claimed after it before that was known
 * are never hashed, so a growing file is hashed as it was at one moment. */
static void read_claimed(read_ahead *ra, piece *p) {
    if (p->buf == NULL) /* allocated on first use: most streams use one slot */
        p->buf = xmalloc(READ_PIECE);
    ssize_t got = read_piece(ra->fd, p->buf, (int64_t)p->off, ra->counted);
    int err = got < 0 ? errno : 0;
    pthread_mutex_lock(&ra->lock);
    p->got = got;
    p->err = err;
    p->state = PIECE_FULL;
    if (got < (ssize_t)READ_PIECE)
        ra->stop = true;
    pthread_cond_broadcast(&ra->changed);
    pthread_mutex_unlock(&ra->lock);
}

/* The owner's next piece, in file order: already read by a helper, being
 * read (wait for it), or not claimed yet (read it now). */
piece *take_piece(read_ahead *ra) {
    pthread_mutex_lock(&ra->lock);
    piece *p = &ra->ring[ra->consumed % AHEAD_PIECES];
    if (ra->consumed == ra->claimed) {
        /* Nothing read ahead: restart at slot 0, so a stream without
         * helpers keeps reusing one buffer that stays in cache. */
        ra->consumed = ra->claimed = 0;
        p = &ra->ring[0];
        claim_piece(ra);
        pthread_mutex_unlock(&ra->lock);
        read_claimed(ra, p);
        return p;
    }
    while (p->state != PIECE_FULL)
        pthread_cond_wait(&ra->changed, &ra->lock);
    pthread_mutex_unlock(&ra->lock);
    return p;
}

void release_piece(read_ahead *ra, piece *p) {
    pthread_mutex_lock(&ra->lock);
    p->state = PIECE_EMPTY;
    ra->consumed++;
    /* A sleeping helper is woken once half the ring is free: one wake-up
     * (a system call) per few pieces, not per piece. */
    if (ra->helpers_waiting && ra->claimed - ra->consumed <= AHEAD_PIECES / 2)
        pthread_cond_broadcast(&ra->changed);
    pthread_mutex_unlock(&ra->lock);
}

/* A helper's turn on ra (it holds one of ra->helpers): waits a little for
 * room if the ring is full, then reads pieces until it is full again. */
void help_stream(read_ahead *ra) {
    pthread_mutex_lock(&ra->lock);
    if (!ra->stop && ra->claimed - ra->consumed >= AHEAD_PIECES) {
        struct timespec until = deadline_in_ms(50);
        ra->helpers_waiting++;
        while (!ra->stop && ra->claimed - ra->consumed >= AHEAD_PIECES &&
               pthread_cond_timedwait(&ra->changed, &ra->lock, &until) == 0)
            ;
        ra->helpers_waiting--;
    }
    while (!ra->stop && ra->claimed - ra->consumed < AHEAD_PIECES) {
        piece *p = claim_piece(ra);
        pthread_mutex_unlock(&ra->lock);
        read_claimed(ra, p);
        pthread_mutex_lock(&ra->lock);
    }
    if (--ra->helpers == 0 && ra->stop)
        pthread_cond_broadcast(&ra->changed); /* the owner may wait to close */
    pthread_mutex_unlock(&ra->lock);
}

read_ahead *new_read_ahead(void) {
    read_ahead *ra = xmalloc(sizeof *ra);
    pthread_mutex_init(&ra->lock, NULL);
    pthread_cond_init(&ra->changed, NULL);
    for (size_t k = 0; k < AHEAD_PIECES; k++)
        ra->ring[k].buf = NULL;
    return ra;
}

void free_read_ahead(read_ahead *ra) {
    if (ra == NULL)
        return;
    for (size_t k = 0; k < AHEAD_PIECES; k++)
        free(ra->ring[k].buf);
    pthread_mutex_destroy(&ra->lock);
    pthread_cond_destroy(&ra->changed);
    free(ra);
}


void reset_read_ahead(read_ahead *ra, int fd, atomic_uint_fast64_t *counted) {
    ra->fd = fd;
    ra->counted = counted;
    ra->next_off = 0;
    ra->claimed = ra->consumed = 0;
    ra->helpers = ra->helpers_waiting = 0;
    ra->stop = false;
}

void join_stream(read_ahead *ra) {
    pthread_mutex_lock(&ra->lock);
    ra->helpers++;
    pthread_mutex_unlock(&ra->lock);
}

void stop_stream(read_ahead *ra) {
    pthread_mutex_lock(&ra->lock);
    ra->stop = true;
    pthread_cond_broadcast(&ra->changed);
    while (ra->helpers > 0)
        pthread_cond_wait(&ra->changed, &ra->lock);
    pthread_mutex_unlock(&ra->lock);
}
