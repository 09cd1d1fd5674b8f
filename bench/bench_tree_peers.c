/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* --tree, the programs: each format's own tool (fsverity, veritysetup,
 * libtorrent, botocore) and fastsha256-tree, run and timed by
 * bench/python/tree.py; and OpenSSL leaf by leaf here (the RFC 6962 tree
 * with one EVP_Digest per leaf and per parent). What each gives is
 * returned for the caller to check. */
#define _GNU_SOURCE 1

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

/* tree.py's JSON line: the result, or why there is none. */
static double read_peer(char *out, double size, bench_tree_peer *p) {
    bench_peer_row row;
    for (char *save = NULL, *l = strtok_r(out, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
        int kind = bench_peer_parse(l, &row);
        if (kind == 1 && row.nreps == 1 && row.rate[0] > 0) {
            bench_fmt(p->who, sizeof p->who, "%s %s", row.runtime, row.version);
            bench_fmt(p->hex, sizeof p->hex, "%s", row.last);
            return size / row.rate[0];
        }
        p->missing |= kind == 2;
        bench_fmt(p->hex, sizeof p->hex, "%s", kind == 2 ? row.missing : l);
    }
    return -1;
}

static double python_run(const bench_tree_job *j, bench_tree_format f, int jobs,
                         bench_tree_peer *p) {
    const char *py = getenv("FASTSHA256_PYTHON");
    if (jobs > 0)
        bench_fmt(p->who, sizeof p->who, "fastsha256-tree -j %d", jobs);
    else
        bench_fmt(p->who, sizeof p->who, "%s", tool_name[f]);
    py = py && *py ? py : "/usr/bin/python3";
    if (access(py, X_OK) != 0) {
        p->missing = 1;
        bench_fmt(p->hex, sizeof p->hex, "%s not found (apt-get install python3)", py);
        return -1;
    }
    char q[3][BENCH_PATH_MAX], cmd[4 * BENCH_PATH_MAX], out[8192];
    bench_proc_quote(q[0], sizeof q[0], py);
    bench_proc_quote(q[1], sizeof q[1], j->file);
    bench_proc_quote(q[2], sizeof q[2], FASTSHA256_BENCH_TREE_TOOL);
    int k = snprintf(cmd, sizeof cmd, "%s %s/python/tree.py %s %s --salt %s", q[0],
                     FASTSHA256_BENCH_SOURCE_DIR, format_arg[f], q[1], j->salt_hex);
    if (jobs > 0 && k > 0)
        snprintf(cmd + k, sizeof cmd - (size_t)k, " --tree %s --jobs %d", q[2], jobs);
    bench_fmt(p->hex, sizeof p->hex, "no output");
    bench_fmt(cmd + strlen(cmd), sizeof cmd - strlen(cmd), " 2>&1");
    int st = bench_proc_capture(cmd, out, sizeof out);
    double s = read_peer(out, (double)j->size, p);
    return st == 0 ? s : -1;
}

double bench_tree_peer_run(const bench_tree_job *j, bench_tree_format f, int jobs,
                           bench_tree_peer *p) {
    p->missing = 0;
    if (f != BENCH_TREE_RFC6962)
        return python_run(j, f, jobs, p);
    if (!bench_openssl_available()) {
        p->missing = 1;
        bench_fmt(p->hex, sizeof p->hex, "no OpenSSL in this build (apt-get install libssl-dev)");
        return -1;
    }
    bench_openssl_short_version(p->hex, sizeof p->hex);
    bench_fmt(p->who, sizeof p->who, "OpenSSL %s", p->hex);
    return openssl_rfc6962(j, p->hex, sizeof p->hex);
}
