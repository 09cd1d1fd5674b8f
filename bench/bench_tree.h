/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* --tree: the hash-tree formats on a file in the page cache and on many
 * small RFC 6962 leaves (bench_tree.c: the file, fastsha256's rows, the
 * table), next to each format's own tool (bench_tree_peers.c). */
#ifndef FASTSHA256_BENCH_TREE_H
#define FASTSHA256_BENCH_TREE_H

#include <stddef.h>
#include <stdint.h>

#include "bench_context.h"

typedef enum {
    BENCH_TREE_FSVERITY,
    BENCH_TREE_DMVERITY,
    BENCH_TREE_BT2,
    BENCH_TREE_GLACIER,
    BENCH_TREE_RFC6962,
    BENCH_TREE_NFORMATS
} bench_tree_format;

typedef struct bench_tree_job {
    const char *file;           /* the data file, in the page cache */
    uint64_t size;
    const void *const *leaves;  /* RFC 6962's leaves */
    const size_t *lens;
    size_t nleaves;
    char salt_hex[65];          /* dm-verity's (veritysetup's default: a random 32 bytes) */
} bench_tree_job;

typedef struct bench_tree_peer {
    char who[96];   /* "fsverity v1.5", "fastsha256-tree -j 2", ... */
    char hex[256];  /* the result it gave, or why it gave none */
    int missing;    /* not installed here (hex names the Debian package) */
} bench_tree_peer;

/* One timed run on the job, pinned as this thread is: jobs 0 the format's
 * tool, else fastsha256-tree -j jobs (both by python/tree.py, which
 * bench/peers.sh runs); RFC 6962: OpenSSL leaf by leaf, here. Returns its
 * seconds, or -1. */
double bench_tree_peer_run(const bench_ctx *c, const bench_tree_job *j, bench_tree_format f,
                           int jobs, bench_tree_peer *p);

#endif /* FASTSHA256_BENCH_TREE_H */
