/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Inside the engine: the workers that open, read and hash files (small
 * files in batches, large ones as streams advanced together), offering
 * their large files to idle threads for read-ahead through the run's pool
 * (pool.h). Used by engine.c only. */
#ifndef FSUM_FILES_H
#define FSUM_FILES_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

#include "engine.h"
#include "pool.h"
#include "readahead.h"

#ifndef SMALL_FILE_MAX
#  define SMALL_FILE_MAX (64u * 1024u) /* measured: docs/cli.md */
#endif
#define SMALL_BATCH 128                /* files per fastsha256_many call */
#define SMALL_BATCH_BYTES (2u << 20)   /* or bytes per call */
/* Large files in flight per worker: enough to fill the widest lane kernel
 * (16 AVX-512 lanes; the measurement: docs/cli.md). */
#define MAX_STREAMS 16

typedef struct run {
    const engine_config *cfg;
    entry *entries;
    size_t n;
    atomic_size_t next_claim;
    atomic_size_t workers;        /* working threads, the calling one included */
    atomic_size_t active_streams; /* open streams of all workers */
    pthread_mutex_t lock;
    pthread_cond_t published;
    atomic_bool waiting; /* the calling thread sleeps on `published` */
    /* Large files open for read-ahead, and the threads that may still
     * open one (idle threads wait for one while others work). */
    pool pool;
    size_t jobs;                /* threads allowed (-j) */
} run;

typedef struct stream {
    entry *e;
    int fd;
    fastsha256_ctx ctx;
    unsigned char *buf; /* READ_PIECE bytes, for streams read with read() */
    read_ahead *ra;     /* this slot's read-ahead, kept for reuse */
    bool ahead;         /* this stream goes through ra */
} stream;

typedef struct worker {
    run *r;
    pthread_t thread;
    /* Small files waiting for one batch call: their bytes in `arena`. */
    entry *small[SMALL_BATCH];
    size_t small_off[SMALL_BATCH], small_len[SMALL_BATCH];
    size_t nsmall;
    unsigned char *arena;
    size_t arena_len, arena_cap;
    stream streams[MAX_STREAMS];
    size_t nstreams;
    bool exhausted;
} worker;

/* Wakes the calling thread if it sleeps waiting for a result. */
void publish(run *r);
/* Records an entry's digest (as hex) or failure; the entry is then done. */
void finish_entry(const run *r, entry *e, const uint8_t *digest);
void fail_entry(entry *e, int err, bool open_failed);

/* One step of a worker: claims entries until it has started a new stream
 * (so the other workers get their share of large files) or run out, then
 * advances its streams by a piece. Returns false when it has nothing left. */
bool worker_step(worker *w);
/* A worker thread: steps until done, retires, then helps the others. */
void *worker_main(void *arg);
void worker_free(worker *w);

#endif
