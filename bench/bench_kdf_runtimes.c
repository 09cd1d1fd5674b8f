/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* --kdf, the runtimes' rows: Node's crypto.pbkdf2Sync against fastsha256's
 * pbkdf2Sync through this build's addon (bench/js/kdf.mjs), and Python's
 * hashlib.pbkdf2_hmac against fastsha256.pbkdf2_hmac through this build's
 * module (bench/python/kdf.py). Each script alternates the two call by call
 * in one process, pinned like the C rows, and prints the median and best
 * CPU time of each; the table shows them with their ratio. The addon and
 * the Python module are found as the seed's rows find them; a runtime or
 * module that is missing leaves its row out, saying so. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_common.h"
#include "bench_js.h"
#include "bench_kdf.h"

#ifndef FASTSHA256_BENCH_SOURCE_DIR
#define FASTSHA256_BENCH_SOURCE_DIR ""
#endif

typedef struct bench_kdf_runtime_row {
    char who[48];
    const char *peer, *ours;
    double peer_med, peer_best, ours_med, ours_best; /* ms */
} bench_kdf_runtime_row;

static bench_kdf_runtime_row runtime_rows[2];
static int nruntime_rows;
static uint64_t runtime_iterations;

/* The row in the CSV and JSON: fastsha256's median ms next to the peer's. */
static void add_result(const bench_ctx *c, const bench_kdf_runtime_row *k) {
    bench_report_row *r = bench_row("kdf", k->who, "-", "%s", k->ours);
    bench_fmt(r->unit, sizeof r->unit, "ms/derivation");
    r->value = k->ours_med;
    r->count = runtime_iterations;
    r->reps = c->opt.quick ? 1 : c->opt.reps;
    r->threads = 1;
    bench_fmt(r->peer, sizeof r->peer, "%s", k->peer);
    r->peer_value = k->peer_med;
    bench_fmt(r->note, sizeof r->note, "best %.1f ms, peer's best %.1f ms", k->ours_best,
              k->peer_best);
}

/* Runs argv and keeps its "fastsha256-bench-kdf\trow\t..." line as a row. */
static void run_script(const bench_ctx *c, const char *const *argv, const char *env_name,
                       const char *env_value, const char *peer, const char *ours) {
    static char out[4096];
    int st = bench_js_capture(argv, env_name, env_value, 0, c->opt.js_timeout, out, sizeof out,
                              NULL);
    bench_kdf_runtime_row *r = &runtime_rows[nruntime_rows];
    const char *line = strstr(out, "fastsha256-bench-kdf\trow\t");
    if (st != 0 || line == NULL ||
        sscanf(line, "fastsha256-bench-kdf\trow\t%47[^\t]\t%lf\t%lf\t%lf\t%lf", r->who,
               &r->peer_med, &r->peer_best, &r->ours_med, &r->ours_best) != 5) {
        bench_progress("  kdf: %s left out (status %d): %.200s\n", argv[1], st, out);
        return;
    }
    r->peer = peer;
    r->ours = ours;
    nruntime_rows++;
    add_result(c, r);
}

static void node_row(const bench_ctx *c, const char *iters, const char *reps) {
    char index_js[BENCH_JS_PATH_MAX], addon[BENCH_JS_PATH_MAX], node[BENCH_JS_PATH_MAX];
    const char *env = getenv("FASTSHA256_JS_RUNTIMES");
    const char *dirs[2] = {c->opt.runtimes ? c->opt.runtimes : "", env ? env : ""};
    if (!bench_js_find_runtime("node", dirs, 2, node, sizeof node) ||
        !bench_js_find_addon(c->exe_dir, FASTSHA256_BENCH_SOURCE_DIR, index_js, sizeof index_js,
                             addon, sizeof addon)) {
        bench_progress("  kdf: no Node row (node or this build's addon not found)\n");
        return;
    }
    char script[BENCH_JS_PATH_MAX];
    bench_fmt(script, sizeof script, "%s/js/kdf.mjs", FASTSHA256_BENCH_SOURCE_DIR);
    const char *argv[] = {node, script, iters, reps, index_js, addon, NULL};
    run_script(c, argv, NULL, NULL, "crypto.pbkdf2Sync", "fastsha256 pbkdf2Sync");
}

static void python_row(const bench_ctx *c, const char *iters, const char *reps) {
    const char *path = bench_python_path();
    char script[BENCH_JS_PATH_MAX];
    bench_fmt(script, sizeof script, "%s/python/kdf.py", FASTSHA256_BENCH_SOURCE_DIR);
    const char *argv[] = {bench_python_interpreter(), script, iters, reps, NULL};
    run_script(c, argv, path ? "PYTHONPATH" : NULL, path, "hashlib.pbkdf2_hmac", "fastsha256.pbkdf2_hmac");
}

void bench_kdf_runtimes_run(const bench_ctx *c, uint64_t iterations) {
    char iters[24], reps[16];
    runtime_iterations = iterations;
    bench_fmt(iters, sizeof iters, "%llu", (unsigned long long)iterations);
    bench_fmt(reps, sizeof reps, "%d", c->opt.quick ? 1 : c->opt.reps);
    if (!c->opt.no_js)
        node_row(c, iters, reps);
    if (!c->opt.no_python)
        python_row(c, iters, reps);
}

void bench_kdf_runtimes_print(FILE *out) {
    if (nruntime_rows == 0)
        return;
    fprintf(out, "\nFrom Node and Python: PBKDF2-HMAC-SHA256, %llu iterations, 32-byte key, the "
                 "two alternating\nin one process, CPU time per call (ms)\n",
            (unsigned long long)runtime_iterations);
    fprintf(out, "%-16s %-24s %9s %9s %-24s %9s %9s %8s\n", "runtime", "peer", "median", "best",
            "fastsha256", "median", "best", "speedup");
    for (int i = 0; i < nruntime_rows; i++) {
        const bench_kdf_runtime_row *r = &runtime_rows[i];
        fprintf(out, "%-16s %-24s %9.1f %9.1f %-24s %9.1f %9.1f %7.2fx\n", r->who, r->peer,
                r->peer_med, r->peer_best, r->ours, r->ours_med, r->ours_best,
                r->ours_med > 0 ? r->peer_med / r->ours_med : 0);
    }
}
