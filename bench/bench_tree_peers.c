/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* --tree, the programs: each format's own tool (fsverity, veritysetup,
 * libtorrent, botocore) and fastsha256-tree, run and timed by
 * bench/python/tree.py (bench/peers.sh runs it); and OpenSSL leaf by leaf
 * here (the RFC 6962 tree with one EVP_Digest per leaf and per parent).
 * What each gives is returned for the caller to check. */
#define _GNU_SOURCE 1

#include <string.h>

#include "bench_peer.h"
#include "bench_tree.h"

#ifndef FASTSHA256_BENCH_TREE_TOOL /* this build's, else the one on PATH */
#define FASTSHA256_BENCH_TREE_TOOL "fastsha256-tree"
#endif

static const char *const format_arg[] = {"fsverity", "dmverity", "bt2", "glacier"};
static const char *const tool_name[] = {"fsverity", "veritysetup", "libtorrent", "botocore"};

/* EVP_Digest with the EVP_MD fetched once (OpenSSL 3), else EVP_sha256(). */
static bench_openssl_style ossl_style;

/* SHA-256(prefix || a || b) with OpenSSL, a and b at most 128 bytes. */
static void ossl_node(uint8_t prefix, const void *a, size_t la, const void *b, size_t lb,
                      uint8_t out[32]) {
    uint8_t m[1 + 256];
    m[0] = prefix;
    memcpy(m + 1, a, la);
    memcpy(m + 1 + la, b, lb);
    bench_openssl_digest(ossl_style, m, 1 + la + lb, out);
}

/* RFC 6962 leaf by leaf: a stack of subtree roots, merged while the count
 * of leaves so far is even; at the end folded from the right (the tree is
 * left-balanced, so this is the split at the largest power of two). */
static double openssl_rfc6962(const bench_tree_job *j, char *hex, size_t n) {
    uint8_t stack[65][32], h[32];
    size_t top = 0;
    if (j->nleaves == 0)
        return -1;
    ossl_style = bench_openssl_style_available(BENCH_OPENSSL_EVP_DIGEST_FETCHED)
                     ? BENCH_OPENSSL_EVP_DIGEST_FETCHED
                     : BENCH_OPENSSL_EVP_DIGEST;
    uint64_t t0 = bench_wall_ns();
    for (size_t i = 0; i < j->nleaves; i++) {
        ossl_node(0, j->leaves[i], j->lens[i] > 128 ? 128 : j->lens[i], "", 0, stack[top++]);
        for (size_t k = i + 1; k % 2 == 0; k /= 2, top--)
            ossl_node(1, stack[top - 2], 32, stack[top - 1], 32, stack[top - 2]);
    }
    for (memcpy(h, stack[top - 1], 32); top > 1; top--)
        ossl_node(1, stack[top - 2], 32, h, 32, h);
    double s = (double)(bench_wall_ns() - t0) * 1e-9;
    if (n > 64)
        bench_table_hex(h, 32, hex);
    return s;
}

/* A run of tree.py through bench/peers.sh: its JSON line, the result or why
 * there is none. */
typedef struct tree_run {
    bench_tree_peer *p;
    double size, s;
} tree_run;

static void on_line(void *arg, const char *line) {
    tree_run *t = (tree_run *)arg;
    bench_peer_row row;
    int kind = bench_peer_parse(line, &row);
    if (t->s > 0) /* the result is in */
        return;
    if (kind == 1 && row.nreps == 1 && row.rate[0] > 0) {
        bench_fmt(t->p->who, sizeof t->p->who, "%s %s", row.runtime, row.version);
        bench_fmt(t->p->hex, sizeof t->p->hex, "%s", row.last);
        t->s = t->size / row.rate[0];
        return;
    }
    t->p->missing |= kind == 2;
    bench_fmt(t->p->hex, sizeof t->p->hex, "%s", kind == 2 ? row.missing : line);
}

static double python_run(const bench_ctx *c, const bench_tree_job *j, bench_tree_format f, int jobs,
                         bench_tree_peer *p) {
    char file[BENCH_PATH_MAX], tool[BENCH_PATH_MAX];
    tree_run t = {p, (double)j->size, -1};
    if (jobs > 0)
        bench_fmt(p->who, sizeof p->who, "fastsha256-tree -j %d", jobs);
    else
        bench_fmt(p->who, sizeof p->who, "%s", tool_name[f]);
    bench_fmt(p->hex, sizeof p->hex, "no output");
    bench_proc_quote(file, sizeof file, j->file);
    bench_proc_quote(tool, sizeof tool, FASTSHA256_BENCH_TREE_TOOL);
    int st = bench_peers_run(c, on_line, &t, "tree %s %s %s %s %d", format_arg[f], file,
                             j->salt_hex, tool, jobs);
    if (st < 0)
        bench_fmt(p->hex, sizeof p->hex, "bench/peers.sh not found (it runs python/tree.py)");
    return st == 0 ? t.s : -1;
}

double bench_tree_peer_run(const bench_ctx *c, const bench_tree_job *j, bench_tree_format f,
                           int jobs, bench_tree_peer *p) {
    p->missing = 0;
    if (f != BENCH_TREE_RFC6962)
        return python_run(c, j, f, jobs, p);
    if (!bench_openssl_available()) {
        p->missing = 1;
        bench_fmt(p->hex, sizeof p->hex, "no OpenSSL in this build (apt-get install libssl-dev)");
        return -1;
    }
    bench_openssl_short_version(p->hex, sizeof p->hex);
    bench_fmt(p->who, sizeof p->who, "OpenSSL %s", p->hex);
    return openssl_rfc6962(j, p->hex, sizeof p->hex);
}
