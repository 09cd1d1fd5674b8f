/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The hashing engine: hashes a list of files with worker threads and hands
 * each result, in list order, to the caller's emit function on the calling
 * thread. It knows files, digests and threads only: no options, messages,
 * locale or output (the caller decides those when each result comes).
 *
 * A regular file of at most SMALL_FILE_MAX bytes is read whole and joins a
 * batch hashed with fastsha256_many; anything larger (or not a regular
 * file) is read in pieces, several per worker, advanced together with
 * fastsha256_update_many, and read ahead by idle threads. "-" (standard
 * input) is read by the calling thread when its turn comes, so its bytes
 * are consumed in the order the names were given. */
#ifndef FSUM_ENGINE_H
#define FSUM_ENGINE_H

#include <errno.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

#include "fastsha256.h"

#define MAX_JOBS 1024

typedef struct entry {
    const char *name;
    bool is_stdin;     /* "-": read by the calling thread, in order */
    /* Results, set by the engine: */
    atomic_bool done;
    bool open_failed;
    int err;           /* 0, or the errno of the failed open or read */
    char hex[FASTSHA256_HEX_SIZE];
} entry;

typedef struct engine_config {
    size_t digest_size;              /* FASTSHA256_DIGEST_SIZE or FASTSHA224_DIGEST_SIZE */
    void (*init)(fastsha256_ctx *);  /* fastsha256_init or fastsha224_init */
    size_t jobs;                     /* threads, 1 to MAX_JOBS; 0: the CPUs usable */
    atomic_uint_fast64_t *bytes_read; /* counts every byte read (relaxed) */
    void (*tick)(void);              /* called now and then on the calling thread */
    void (*idle)(void);              /* called when the next result is not in yet */
} engine_config;

typedef void (*emit_fn)(entry *e, void *arg);

/* Hashes entries[0..n) (name and is_stdin set) and calls emit for each, in
 * order, from this thread, once its result is in. */
void run_entries(const engine_config *cfg, entry *entries, size_t n, emit_fn emit, void *arg);

/* A failed entry that does not exist (its open failed with ENOENT). */
static inline bool entry_missing(const entry *e) { return e->open_failed && e->err == ENOENT; }

#endif
