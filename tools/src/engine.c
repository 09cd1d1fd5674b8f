/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* A run: worker threads hash the entries (files.c); this thread works too
 * between results, reads standard input when its turn comes, and hands the
 * results to the caller in list order, so messages and their interleaving
 * with the output are decided exactly as a one-file-at-a-time program
 * would decide them. */
#define _GNU_SOURCE 1
#include "engine.h"

#include <sched.h>
#include <stdlib.h>
#include <unistd.h>

#include "files.h"
#include "pool.h"
#include "program.h"

static size_t available_cpus(void) {
#ifdef __linux__
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
        return (size_t)CPU_COUNT(&set);
#endif
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (size_t)n : 1;
}

/* Standard input, read by this thread when its turn comes; *buf is a
 * READ_PIECE buffer allocated on first use. */
static void hash_stdin(run *r, entry *e, unsigned char **buf) {
    if (*buf == NULL)
        *buf = xmalloc(READ_PIECE);
    fastsha256_ctx ctx;
    r->cfg->init(&ctx);
    for (;;) {
        ssize_t got = read_piece(STDIN_FILENO, *buf, -1, r->cfg->bytes_read);
        if (got > 0) {
            fastsha256_update(&ctx, *buf, (size_t)got);
            r->cfg->tick();
            continue;
        }
        uint8_t digest[FASTSHA256_DIGEST_SIZE];
        fastsha256_final(&ctx, digest);
        if (got < 0)
            fail_entry(e, errno, false);
        else
            finish_entry(r, e, digest);
        return;
    }
}

/* One wait of this thread for entry e, woken when an entry is done or a
 * large file is offered for read-ahead (it helps then). */
static void wait_published(run *r, entry *e) {
    pthread_mutex_lock(&r->lock);
    atomic_store(&r->waiting, true);
    if (!atomic_load(&e->done) && pool_empty(&r->pool)) {
        struct timespec until = deadline_in_ms(200);
        pthread_cond_timedwait(&r->published, &r->lock, &until);
    }
    atomic_store(&r->waiting, false);
    pthread_mutex_unlock(&r->lock);
}

/* The pool's news of a large file on offer: this thread helps too. */
static void wake_caller(void *r) { publish(r); }

/* Sets up r for the entries; returns the number of worker threads, this
 * one included (0 when every entry is standard input). */
static size_t init_run(run *r, const engine_config *cfg, entry *entries, size_t n) {
    r->cfg = cfg;
    r->entries = entries;
    r->n = n;
    atomic_init(&r->next_claim, 0);
    atomic_init(&r->active_streams, 0);
    atomic_init(&r->waiting, false);
    pthread_mutex_init(&r->lock, NULL);
    pthread_cond_init(&r->published, NULL);
    size_t files = 0;
    for (size_t k = 0; k < n; k++) {
        atomic_init(&entries[k].done, false);
        entries[k].err = 0;
        entries[k].open_failed = false;
        files += !entries[k].is_stdin;
    }
    size_t jobs = cfg->jobs > 0 ? cfg->jobs : available_cpus();
    if (jobs > MAX_JOBS)
        jobs = MAX_JOBS;
    size_t nthreads = jobs > files ? files : jobs;
    r->jobs = jobs;
    pool_init(&r->pool, nthreads ? nthreads : 1, MAX_STREAMS, jobs - nthreads, wake_caller, r);
    atomic_init(&r->workers, nthreads ? nthreads : 1);
    return nthreads;
}

/* Starts workers[0..nthreads-1) as threads (the last one is this thread);
 * returns how many started. This thread is a worker too (with -j 1 the
 * only one): it works between the results it hands on, so -j N runs N
 * threads, not N + 1 contending for N CPUs with a caller that mostly
 * sleeps. */
static size_t start_workers(run *r, worker *workers, size_t nthreads) {
    size_t started = 0;
    workers[nthreads ? nthreads - 1 : 0].r = r;
    for (; started + 1 < nthreads; started++) {
        workers[started].r = r;
        if (pthread_create(&workers[started].thread, NULL, worker_main, &workers[started]) != 0)
            break; /* fewer threads: this one still works */
    }
    atomic_store(&r->workers, started + 1);
    for (size_t t = started + 1; t < nthreads; t++)
        pool_retire_worker(&r->pool); /* the threads that could not be created */
    if (nthreads == 0)
        pool_retire_worker(&r->pool);
    return started;
}

/* Hands each entry to emit in order, working or helping while it waits. */
static void emit_in_order(run *r, worker *self, bool self_busy, emit_fn emit, void *arg) {
    unsigned char *stdin_buf = NULL;
    for (size_t k = 0; k < r->n; k++) {
        entry *e = &r->entries[k];
        /* Lines held back leave before this thread waits for anything. */
        if (e->is_stdin || !atomic_load_explicit(&e->done, memory_order_acquire))
            r->cfg->idle();
        if (e->is_stdin)
            hash_stdin(r, e, &stdin_buf);
        while (!atomic_load_explicit(&e->done, memory_order_acquire)) {
            if (self_busy) {
                self_busy = worker_step(self);
                if (!self_busy)
                    pool_retire_worker(&r->pool);
            } else if (!pool_help_one(&r->pool, false)) {
                wait_published(r, e);
            }
            r->cfg->tick();
        }
        emit(e, arg);
        r->cfg->tick();
    }
    if (self_busy) /* every entry was done before this thread ran out of work */
        pool_retire_worker(&r->pool);
    free(stdin_buf);
}

void run_entries(const engine_config *cfg, entry *entries, size_t n, emit_fn emit, void *arg) {
    run r;
    size_t nthreads = init_run(&r, cfg, entries, n);
    size_t nworkers = nthreads ? nthreads : 1;
    worker *workers = calloc(nworkers, sizeof *workers);
    if (workers == NULL)
        xalloc_die();
    size_t started = start_workers(&r, workers, nthreads);
    emit_in_order(&r, &workers[nworkers - 1], nthreads > 0, emit, arg);
    for (size_t t = 0; t < started; t++)
        pthread_join(workers[t].thread, NULL);
    pool_destroy(&r.pool); /* joins the spare threads before the streams are freed */
    for (size_t t = 0; t < nworkers; t++)
        worker_free(&workers[t]);
    free(workers);
    pthread_mutex_destroy(&r.lock);
    pthread_cond_destroy(&r.published);
}
