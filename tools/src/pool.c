/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The large files open for read-ahead, shared by the threads of a run:
 * workers offer their streams, idle and spare threads take turns reading
 * ahead in them (see pool.h, readahead.h). */
#define _GNU_SOURCE 1
#include "pool.h"

#include <stdlib.h>

#include "program.h"

void pool_init(pool *p, size_t workers, size_t streams, size_t spare, void (*offered)(void *arg),
               void *offered_arg) {
    pthread_mutex_init(&p->lock, NULL);
    pthread_cond_init(&p->added, NULL);
    atomic_init(&p->nahead, 0);
    p->turn = 0;
    p->spare_threads = spare;
    p->nhelpers = 0;
    p->busy_workers = workers; /* before any worker can retire */
    p->offered = offered;
    p->offered_arg = offered_arg;
    /* Every stream of every worker may be offered for read-ahead. */
    p->ahead = calloc(workers * streams, sizeof *p->ahead);
    p->helpers = calloc(spare ? spare : 1, sizeof *p->helpers);
    if (p->ahead == NULL || p->helpers == NULL)
        xalloc_die();
}

void pool_destroy(pool *p) {
    for (size_t t = 0; t < p->nhelpers; t++)
        pthread_join(p->helpers[t], NULL);
    free(p->ahead);
    free(p->helpers);
    pthread_mutex_destroy(&p->lock);
    pthread_cond_destroy(&p->added);
}

bool pool_help_one(pool *p, bool wait) {
    pthread_mutex_lock(&p->lock);
    size_t n;
    while ((n = atomic_load(&p->nahead)) == 0 && wait && p->busy_workers > 0)
        pthread_cond_wait(&p->added, &p->lock);
    if (n == 0) {
        pthread_mutex_unlock(&p->lock);
        return false;
    }
    read_ahead *ra = p->ahead[p->turn++ % n];
    join_stream(ra); /* before the lock is released: pool_remove waits for it */
    pthread_mutex_unlock(&p->lock);
    help_stream(ra);
    return true;
}

void pool_retire_worker(pool *p) {
    pthread_mutex_lock(&p->lock);
    p->busy_workers--;
    pthread_cond_broadcast(&p->added);
    pthread_mutex_unlock(&p->lock);
}

void *pool_helper_main(void *arg) {
    pool *p = arg;
    while (pool_help_one(p, true))
        ;
    return NULL;
}

void pool_add(pool *p, read_ahead *ra) {
    pthread_mutex_lock(&p->lock);
    p->ahead[atomic_load(&p->nahead)] = ra;
    atomic_fetch_add(&p->nahead, 1);
    if (p->spare_threads > 0) {
        if (pthread_create(&p->helpers[p->nhelpers], NULL, pool_helper_main, p) == 0)
            p->nhelpers++;
        p->spare_threads--;
    }
    pthread_cond_broadcast(&p->added);
    pthread_mutex_unlock(&p->lock);
    p->offered(p->offered_arg);
}

void pool_remove(pool *p, read_ahead *ra) {
    pthread_mutex_lock(&p->lock);
    size_t n = atomic_load(&p->nahead);
    for (size_t k = 0; k < n; k++) {
        if (p->ahead[k] == ra) {
            p->ahead[k] = p->ahead[n - 1];
            atomic_store(&p->nahead, n - 1);
            break;
        }
    }
    pthread_mutex_unlock(&p->lock);
    stop_stream(ra);
}
