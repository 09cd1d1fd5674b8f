/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Read-ahead for a large regular file: threads with nothing else to do read
 * its next pieces (pread at fixed offsets) while the owner hashes, so one
 * large file costs its hash time, not its hash plus read time. The pieces
 * form a ring; the owner hashes them in order and reads a piece itself when
 * no helper has claimed it. A leaf of the engine: file descriptors, pieces
 * and locks only. */
#ifndef FSUM_READAHEAD_H
#define FSUM_READAHEAD_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <time.h>

#ifndef READ_PIECE
#  define READ_PIECE (64u * 1024u)     /* measured: docs/cli.md */
#endif
#define AHEAD_PIECES 8

enum { PIECE_EMPTY, PIECE_READING, PIECE_FULL };

typedef struct piece {
    unsigned char *buf; /* READ_PIECE bytes, or NULL until first read into */
    uint64_t off;
    ssize_t got;        /* bytes read, or -1 with err */
    int err;
    int state;
} piece;

typedef struct read_ahead {
    pthread_mutex_t lock;
    pthread_cond_t changed;    /* a piece was filled or freed, or the stream stopped */
    int fd;
    atomic_uint_fast64_t *counted; /* every byte read is added here */
    uint64_t next_off;         /* where the next claimed piece starts */
    size_t claimed, consumed;  /* pieces claimed, pieces handed back by the owner */
    unsigned helpers;          /* helper threads holding this stream */
    unsigned helpers_waiting;  /* of which asleep until there is room */
    bool stop;                 /* a short piece or an error was read, or the owner ended */
    piece ring[AHEAD_PIECES];
} read_ahead;

/* The CLOCK_REALTIME time ms milliseconds from now, for timed waits. */
struct timespec deadline_in_ms(long ms);
/* One read of up to READ_PIECE bytes into buf, retried on EINTR and added
 * to *counted: pread at off, or read at the file position when off < 0. */
ssize_t read_piece(int fd, unsigned char *buf, int64_t off, atomic_uint_fast64_t *counted);

read_ahead *new_read_ahead(void);
void free_read_ahead(read_ahead *ra);
/* Makes ra (no helpers, not in use) read fd from offset 0. */
void reset_read_ahead(read_ahead *ra, int fd, atomic_uint_fast64_t *counted);
/* The owner's next piece, in file order, then its release once hashed. */
piece *take_piece(read_ahead *ra);
void release_piece(read_ahead *ra, piece *p);
/* A helper's turn on ra (it holds one of ra->helpers): waits a little for
 * room if the ring is full, then reads pieces until it is full again. */
void help_stream(read_ahead *ra);
/* Adds a helper to ra (before help_stream). */
void join_stream(read_ahead *ra);
/* Stops ra and waits for its helpers to leave, so its descriptor can be
 * closed and its ring reused. */
void stop_stream(read_ahead *ra);

#endif
