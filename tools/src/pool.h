/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The pool of large files open for read-ahead, shared by the threads of a
 * run: workers offer their streams, idle and spare threads take turns
 * reading ahead in them (see readahead.h). It uses readahead only; the run
 * it serves hears of each offer through a callback, so this module knows
 * nothing of runs, workers or entries (files.c and engine.c use it). */
#ifndef FSUM_POOL_H
#define FSUM_POOL_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

#include "readahead.h"

typedef struct pool {
    pthread_mutex_t lock;
    pthread_cond_t added; /* a stream was added, or a thread ran out of work */
    read_ahead **ahead;   /* the files on offer */
    atomic_size_t nahead;
    size_t turn;          /* round robin over `ahead` */
    size_t busy_workers;  /* workers that may still open a file */
    /* Threads allowed beyond one per file (-j above the file count), started
     * only when a large file can use them as readers. */
    size_t spare_threads, nhelpers;
    pthread_t *helpers;
    /* Told of each offer, after it is made: the run's calling thread helps
     * too while it waits. */
    void (*offered)(void *arg);
    void *offered_arg;
} pool;

/* Sets p up for `workers` workers (at least one) of up to `streams` open
 * streams each, and `spare` spare threads. */
void pool_init(pool *p, size_t workers, size_t streams, size_t spare, void (*offered)(void *arg),
               void *offered_arg);
/* Joins the spare threads started, then frees p (after every worker has
 * returned). */
void pool_destroy(pool *p);

/* Nothing on offer now. */
static inline bool pool_empty(pool *p) { return atomic_load(&p->nahead) == 0; }

/* A worker that will open no more files. */
void pool_retire_worker(pool *p);
/* One turn of help with another thread's large file. Returns false when
 * there is none; with `wait`, first waits for one while some worker may
 * still open one. */
bool pool_help_one(pool *p, bool wait);
/* A spare thread (its argument a pool *): helps until no worker may open a
 * large file. */
void *pool_helper_main(void *arg);
/* Offers ra to idle threads, starting a spare one if -j allows it. */
void pool_add(pool *p, read_ahead *ra);
/* Withdraws ra and waits for its helpers to leave, so its descriptor can
 * be closed and its ring reused. */
void pool_remove(pool *p, read_ahead *ra);

#endif
