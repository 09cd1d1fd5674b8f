/* The large files open for read-ahead, shared by the threads of a run:
 * workers offer their streams, idle and spare threads take turns reading
 * ahead in them (see readahead.h). */
#define _GNU_SOURCE 1
#include "files.h"

bool help_one(run *r, bool wait) {
    pthread_mutex_lock(&r->ahead_lock);
    size_t n;
    while ((n = atomic_load(&r->nahead)) == 0 && wait && r->busy_workers > 0)
        pthread_cond_wait(&r->ahead_added, &r->ahead_lock);
    if (n == 0) {
        pthread_mutex_unlock(&r->ahead_lock);
        return false;
    }
    read_ahead *ra = r->ahead[r->ahead_turn++ % n];
    join_stream(ra); /* before ahead_lock is released: remove_ahead waits for it */
    pthread_mutex_unlock(&r->ahead_lock);
    help_stream(ra);
    return true;
}

void retire_worker(run *r) {
    pthread_mutex_lock(&r->ahead_lock);
    r->busy_workers--;
    pthread_cond_broadcast(&r->ahead_added);
    pthread_mutex_unlock(&r->ahead_lock);
}

void *helper_main(void *arg) {
    run *r = arg;
    while (help_one(r, true))
        ;
    return NULL;
}

void add_ahead(run *r, read_ahead *ra) {
    pthread_mutex_lock(&r->ahead_lock);
    r->ahead[atomic_load(&r->nahead)] = ra;
    atomic_fetch_add(&r->nahead, 1);
    if (r->spare_threads > 0) {
        if (pthread_create(&r->helpers[r->nhelpers], NULL, helper_main, r) == 0)
            r->nhelpers++;
        r->spare_threads--;
    }
    pthread_cond_broadcast(&r->ahead_added);
    pthread_mutex_unlock(&r->ahead_lock);
    publish(r); /* the calling thread helps too while it waits */
}

void remove_ahead(run *r, read_ahead *ra) {
    pthread_mutex_lock(&r->ahead_lock);
    size_t n = atomic_load(&r->nahead);
    for (size_t k = 0; k < n; k++) {
        if (r->ahead[k] == ra) {
            r->ahead[k] = r->ahead[n - 1];
            atomic_store(&r->nahead, n - 1);
            break;
        }
    }
    pthread_mutex_unlock(&r->ahead_lock);
    stop_stream(ra);
}
