/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* --tree (bench/README.md): each hash-tree format on one file in the page
 * cache. fastsha256's one-shot call on the file mapped once is the library's
 * speed; fastsha256-tree and the format's own tool read the file, as tools
 * run. Rows run round by round, interleaved. A row whose result differs from
 * the one-shot call's is a failure, not a number.
 *
 * The programs, each format's own tool (fsverity, veritysetup, libtorrent,
 * botocore) and fastsha256-tree, are run and timed by bench/python/tree.py
 * (bench/peers.sh runs it); RFC 6962's peer is OpenSSL leaf by leaf, here
 * (one EVP_Digest per leaf and per parent). */
#define _GNU_SOURCE 1

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bench_context.h"

#ifndef FASTSHA256_BENCH_TREE_TOOL /* this build's, else the one on PATH */
#define FASTSHA256_BENCH_TREE_TOOL "fastsha256-tree"
#endif

#define TREE_REPS_MAX 64
#define TREE_MAX_ROWS 24

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

static const char *const format_name[BENCH_TREE_NFORMATS] = {
    "fs-verity, 4 KiB blocks", "dm-verity 4 KiB, format 1, salt", "BitTorrent v2 pieces root",
    "Glacier tree hash", "RFC 6962, 64-byte leaves"};

/* --- The programs ----------------------------------------------------------- */

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

/* One timed run on the job, pinned as this thread is: jobs 0 the format's
 * tool, else fastsha256-tree -j jobs (both by python/tree.py); RFC 6962:
 * OpenSSL leaf by leaf, here. Returns its seconds, or -1. */
static double peer_run(const bench_ctx *c, const bench_tree_job *j, bench_tree_format f, int jobs,
                       bench_tree_peer *p) {
    p->missing = 0;
    if (f != BENCH_TREE_RFC6962)
        return python_run(c, j, f, jobs, p);
    if (!bench_openssl_available()) {
        p->missing = 1;
        bench_fmt(p->hex, sizeof p->hex, "no OpenSSL in this build (apt-get install libssl-dev)");
        return -1;
    }
    bench_fmt(p->who, sizeof p->who, "OpenSSL %s", bench_openssl_short_version());
    return openssl_rfc6962(j, p->hex, sizeof p->hex);
}

/* --- The rows ---------------------------------------------------------------- */

enum { ROW_STREAM, ROW_OURS, ROW_PEER };

typedef struct tree_row {
    bench_tree_format f;
    int kind, jobs, n, failed; /* ROW_PEER: jobs 0 the tool, else fastsha256-tree -j jobs */
    bench_tree_peer peer;
    double s[TREE_REPS_MAX];
} tree_row;

typedef struct tree_bench {
    bench_tree_job job;
    const uint8_t *data;
    int fd, nrows;
    char dir[BENCH_PATH_MAX], path[BENCH_PATH_MAX + 8];
    void *hash_tree;
    size_t hash_tree_size;
    uint8_t expect[BENCH_TREE_NFORMATS][32], stream[32], salt[32];
    tree_row rows[TREE_MAX_ROWS];
} tree_bench;

static tree_bench b;

/* Writes size bytes: a pattern, each MiB numbered (so leaves differ). */
static int create_file(const char *path, uint64_t size) {
    FILE *f = fopen(path, "wb");
    uint8_t *buf = bench_xmalloc(BENCH_MIB);
    bench_fill_pattern(buf, BENCH_MIB, 0x7ee);
    int ok = f != NULL;
    for (uint64_t off = 0; ok && off < size; off += BENCH_MIB) {
        memcpy(buf, &off, sizeof off);
        size_t n = size - off < BENCH_MIB ? (size_t)(size - off) : BENCH_MIB;
        ok = fwrite(buf, 1, n, f) == n;
    }
    free(buf);
    return f && fclose(f) == 0 && ok ? 0 : -1;
}

/* The file (--tree-file, made when missing and kept; else one in a temp
 * folder), the RFC 6962 leaves, dm-verity's hash tree; 0 or -1. */
static int setup(const bench_ctx *c, uint64_t size, size_t nleaves) {
    const char *tmp = getenv("TMPDIR");
    bench_fmt(b.dir, sizeof b.dir, "%s/fastsha256-tree-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!c->opt.tree_file && !mkdtemp(b.dir))
        return -1;
    bench_fmt(b.path, sizeof b.path, "%s%s", c->opt.tree_file ? c->opt.tree_file : b.dir,
              c->opt.tree_file ? "" : "/data");
    struct stat st;
    if (stat(b.path, &st) != 0 && create_file(b.path, size) != 0)
        return -1;
    b.fd = open(b.path, O_RDONLY);
    if (b.fd < 0 || fstat(b.fd, &st) != 0 || st.st_size < 4096)
        return -1;
    uint64_t ts = 0;
    fastsha256_dmverity_tree_size((uint64_t)st.st_size, 4096, 4096, &ts);
    b.hash_tree_size = (size_t)ts;
    b.hash_tree = bench_xmalloc(ts + 1);
    uint8_t *data = bench_xmalloc(nleaves * 64);
    const void **leaves = bench_xmalloc(nleaves * sizeof *leaves);
    size_t *lens = bench_xmalloc(nleaves * sizeof *lens);
    bench_fill_pattern(data, nleaves * 64, 0x6962);
    for (size_t i = 0; i < nleaves; i++)
        leaves[i] = data + 64 * i, lens[i] = 64;
    b.job = (bench_tree_job){b.path, (uint64_t)st.st_size, leaves, lens, nleaves, ""};
    bench_fill_pattern(b.salt, sizeof b.salt, 0x5a17);
    bench_table_hex(b.salt, sizeof b.salt, b.job.salt_hex);
    return 0;
}

static void teardown(const bench_ctx *c) {
    if (b.data)
        munmap((void *)b.data, (size_t)b.job.size);
    if (b.fd >= 0)
        close(b.fd);
    if (!c->opt.tree_file && unlink(b.path) == 0)
        rmdir(b.dir);
    if (b.job.leaves)
        free((void *)b.job.leaves[0]);
    free((void *)b.job.leaves);
    free((void *)b.job.lens);
    free(b.hash_tree);
}

/* The format's one-shot call (dm-verity with its hash tree); 0 or -1. */
static int oneshot(bench_tree_format f, uint8_t out[32]) {
    const size_t len = (size_t)b.job.size;
    switch (f) {
    case BENCH_TREE_FSVERITY: return fastsha256_fsverity_digest(b.data, len, 4096, NULL, 0, out);
    case BENCH_TREE_DMVERITY:
        return fastsha256_dmverity_tree(b.data, len, 4096, 4096, b.salt, 32, 1, b.hash_tree,
                                        b.hash_tree_size, out);
    case BENCH_TREE_BT2: return fastsha256_bt2_pieces_root(b.data, len, out);
    case BENCH_TREE_GLACIER: return fastsha256_glacier_tree_hash(b.data, len, out);
    default: return fastsha256_rfc6962_root(b.job.leaves, b.job.lens, b.job.nleaves, out);
    }
}

/* A row of fastsha256 in this process: seconds, or -1. */
static double run_ours(const tree_row *r, uint8_t out[32]) {
    uint64_t t0 = bench_wall_ns();
    int rc = 0;
    if (r->kind == ROW_STREAM)
        fastsha256(b.data, (size_t)b.job.size, out);
    else
        rc = oneshot(r->f, out);
    const double s = (double)(bench_wall_ns() - t0) * 1e-9;
    return rc == 0 ? s : -1;
}

/* fastsha256's results, which every row must give; the file mapped and
 * its pages read in. */
static int expect(void) {
    void *p = mmap(NULL, b.job.size, PROT_READ, MAP_SHARED | MAP_POPULATE, b.fd, 0);
    if (p == MAP_FAILED)
        return -1;
    b.data = (const uint8_t *)p;
    fastsha256(b.data, (size_t)b.job.size, b.stream);
    int rc = 0;
    for (int f = 0; f < BENCH_TREE_NFORMATS; f++)
        rc |= oneshot((bench_tree_format)f, b.expect[f]);
    return rc;
}

static void add_row(bench_tree_format f, int kind, int jobs) {
    tree_row *r = &b.rows[b.nrows++];
    memset(r, 0, sizeof *r);
    r->f = f, r->kind = kind, r->jobs = jobs;
}

/* One stream; per format fastsha256 on one thread, the tool, and
 * fastsha256-tree -j 1 and -j (every allowed CPU). */
static void plan_rows(void) {
    add_row(BENCH_TREE_FSVERITY, ROW_STREAM, 1);
    for (int f = 0; f < BENCH_TREE_NFORMATS; f++) {
        add_row((bench_tree_format)f, ROW_OURS, 1);
        add_row((bench_tree_format)f, ROW_PEER, 0);
        if (f == BENCH_TREE_RFC6962)
            continue;
        add_row((bench_tree_format)f, ROW_PEER, 1);
        if (bench_affinity_count() > 1)
            add_row((bench_tree_format)f, ROW_PEER, bench_affinity_count());
    }
}

/* One run of a row; fastsha256-tree -j N runs on every allowed CPU. */
static void run_once(const bench_ctx *c, tree_row *r) {
    uint8_t out[32];
    char want[65];
    bench_table_hex(r->kind == ROW_STREAM ? b.stream : b.expect[r->f], 32, want);
    if (r->jobs > 1)
        bench_affinity_restore_self();
    double s = r->kind == ROW_PEER ? peer_run(c, &b.job, r->f, r->jobs, &r->peer)
                                   : run_ours(r, out);
    if (r->jobs > 1 && c->meta.pinned_cpu >= 0)
        bench_pin_self(c->meta.pinned_cpu);
    if (r->kind != ROW_PEER)
        bench_table_hex(out, 32, r->peer.hex);
    if (s > 0 && strcmp(r->peer.hex, want) == 0 && r->n < TREE_REPS_MAX) {
        r->s[r->n++] = s;
        return;
    }
    r->failed = 1;
    if (s > 0)
        bench_fmt(r->peer.hex + 64, sizeof r->peer.hex - 64, ", not %s: MISMATCH", want);
    bench_progress("tree: %s: %s\n", format_name[r->f], r->peer.hex);
}

static double rate(const tree_row *r, double s) {
    return r->f == BENCH_TREE_RFC6962 && r->kind != ROW_STREAM ? (double)b.job.nleaves / s / 1e6
                                                               : (double)b.job.size / s / 1e9;
}

static double median_rate(const tree_row *r) {
    return r && r->n && !r->failed ? rate(r, bench_median(r->s, r->n)) : 0;
}

static const tree_row *find_row(bench_tree_format f, int kind, int jobs) {
    for (int i = 0; i < b.nrows; i++)
        if (b.rows[i].f == f && b.rows[i].kind == kind && b.rows[i].jobs == jobs)
            return &b.rows[i];
    return NULL;
}

/* A result row: the median rate, the spread of the runs, the ratios to
 * the tool, to one stream and (-j N) to -j 1. */
static void report_row(bench_ctx *c, tree_row *r) {
    const int leaves = r->f == BENCH_TREE_RFC6962 && r->kind != ROW_STREAM;
    const tree_row *tool = find_row(r->f, ROW_PEER, 0), *j1 = find_row(r->f, ROW_PEER, 1);
    const char *who = r->kind == ROW_STREAM ? "fastsha256 one stream"
                      : r->kind == ROW_OURS ? "fastsha256" : r->peer.who;
    bench_report_row *x = bench_row("tree", who, r->kind == ROW_PEER ? "-" : fastsha256_backend(),
                                    "%s", r->kind == ROW_STREAM ? "SHA-256 of the file"
                                                                : format_name[r->f]);
    const double v = median_rate(r), one = median_rate(&b.rows[0]);
    double t = median_rate(tool);
    bench_fmt(x->unit, sizeof x->unit, "%s", leaves ? "Mleaves/s" : "GB/s");
    x->threads = r->jobs ? r->jobs : 1, x->reps = r->n, x->value = v, x->gbps = leaves ? 0 : v;
    x->size = leaves ? 64 : (size_t)b.job.size, x->count = leaves ? b.job.nleaves : 1;
    if (r->kind == ROW_STREAM)
        t = 0;
    bench_fmt(x->peer, sizeof x->peer, "%s", t > 0 ? tool->peer.who : "-");
    x->peer_value = t;
    if (r->failed) {
        bench_fmt(x->note, sizeof x->note, "%s", r->peer.hex);
        if (!r->peer.missing)
            bench_row_check(c, x, 0);
        return;
    }
    bench_row_check(c, x, 1);
    bench_sort_doubles(r->s, (size_t)r->n);
    char a[24] = "", o[24] = "", j[24] = "";
    if (r != tool && t > 0)
        bench_fmt(a, sizeof a, "; %.2fx the tool", v / t);
    if (!leaves && r->kind != ROW_STREAM && one > 0)
        bench_fmt(o, sizeof o, "; %.2fx one stream", v / one);
    if (r->jobs > 1 && median_rate(j1) > 0)
        bench_fmt(j, sizeof j, "; %.2fx -j 1", v / median_rate(j1));
    bench_fmt(x->note, sizeof x->note, "runs %.2f-%.2f%s%s%s", rate(r, r->s[r->n - 1]),
              rate(r, r->s[0]), a, o, j);
}

static void print_tree(FILE *out, const bench_report_meta *m) {
    int head = 0;
    const bench_report_row *r;
    for (size_t i = 0; (r = bench_report_next("tree", &i));) {
        if (!head++)
            fprintf(out, "\nHash trees: %s (%.0f MiB, in the page cache); RFC 6962 on %zu leaves of "
                         "64 bytes;\nmedian of %d runs by the wall clock, the rows interleaved; fastsha256 (one thread) "
                         "on the file\nmapped once, fastsha256-tree and the tools from the file to "
                         "the result\n"
                         "%-33s %-22s %7s %8s %-9s %s\n", b.path, (double)b.job.size / BENCH_MIB,
                    b.job.nleaves, m->reps, "what", "who", "threads", "median", "unit",
                    "runs; against the tool, one stream, -j 1");
        char v[16] = "-";
        if (r->check == 1)
            bench_fmt(v, sizeof v, "%.2f", r->value);
        fprintf(out, "%-33.33s %-22.22s %7d %8s %-9s %s\n", r->style, r->who, r->threads, v,
                r->unit, r->note);
    }
}

static void run_tree(bench_ctx *c) {
    const uint64_t size = c->opt.tree_size ? c->opt.tree_size
                          : c->opt.quick   ? 16 * BENCH_MIB
                                           : 1024 * BENCH_MIB;
    b.fd = -1;
    bench_progress("tree: preparing the file and the leaves...\n");
    if (setup(c, size, c->opt.quick ? 20000 : 1000000) != 0 || expect() != 0) {
        bench_progress("tree: cannot prepare %s: no rows\n", b.path);
        c->failures++;
        teardown(c);
        return;
    }
    plan_rows();
    const int reps = c->opt.reps > TREE_REPS_MAX ? TREE_REPS_MAX : c->opt.reps;
    for (int rep = 0; rep < reps; rep++) {
        bench_progress("tree: round %d of %d\n", rep + 1, reps);
        for (int i = 0; i < b.nrows; i++)
            if (!b.rows[i].failed)
                run_once(c, &b.rows[i]);
    }
    for (int i = 0; i < b.nrows; i++)
        report_row(c, &b.rows[i]);
    teardown(c);
}

const bench_mode bench_mode_tree = {
    "tree",
    "hash trees: fs-verity, dm-verity, BitTorrent v2 and Glacier on a 1 GiB\n"
    "                      file in the page cache (--tree-file, --tree-size), RFC 6962\n"
    "                      on 1,000,000 leaves of 64 bytes; fastsha256 on one thread,\n"
    "                      fastsha256-tree on one and on every CPU, next to fsverity,\n"
    "                      veritysetup, libtorrent, botocore and OpenSSL leaf by leaf",
    run_tree,
    print_tree,
};
