/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* --seed, the Python rows: bench/python/seed.py (hashlib per call, fastsha256
 * per call, sha256_many, sha256_packed) run by Debian's python3 with the
 * module built in this tree, pinned like the C rows; one row per style.
 * Interpreter: $FASTSHA256_PYTHON, else /usr/bin/python3. Module: the
 * installed one, or $FASTSHA256_PYTHONPATH, else this build's
 * bindings/python. Rows are skipped (with a progress line) when either is
 * missing. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "bench_common.h"
#include "bench_eta.h"
#include "bench_seed.h"

#ifndef FASTSHA256_BENCH_SOURCE_DIR
#define FASTSHA256_BENCH_SOURCE_DIR ""
#endif
#ifndef FASTSHA256_BENCH_PYTHON_DIR
#define FASTSHA256_BENCH_PYTHON_DIR ""
#endif

static int bp_exists(const char *path) {
    struct stat st;
    return path[0] != '\0' && stat(path, &st) == 0;
}

const char *bench_python_interpreter(void) {
    const char *python = getenv("FASTSHA256_PYTHON");
    return python && python[0] ? python : "/usr/bin/python3";
}

const char *bench_python_path(void) {
    static char built[BENCH_JS_PATH_MAX];
    const char *path = getenv("FASTSHA256_PYTHONPATH");
    if (path && path[0])
        return path;
    bench_fmt(built, sizeof built, "%s/fastsha256", FASTSHA256_BENCH_PYTHON_DIR);
    return bp_exists(built) ? FASTSHA256_BENCH_PYTHON_DIR : NULL;
}

/* Its four rows: start-up, then about a million messages a second each. */
static double python_expected(const bench_ctx *c) {
    return 0.5 + 4 * 1.1 * (double)c->opt.js_peer_count / 1e6;
}

void bench_seed_python_plan(const bench_ctx *c) {
    bench_eta_plan(4, python_expected(c));
}

void bench_seed_python(bench_ctx *c) {
    const char *python = bench_python_interpreter();
    char script[BENCH_JS_PATH_MAX], count[32], reps[16];
    bench_fmt(script, sizeof script, "%s/python/seed.py", FASTSHA256_BENCH_SOURCE_DIR);
    bench_eta_step(4, python_expected(c), "python hashlib and fastsha256 (bench/python/seed.py)");
    if (!bp_exists(python) || !bp_exists(script)) {
        bench_progress("      not run: %s not found\n", bp_exists(python) ? script : python);
        return;
    }
    const char *path = bench_python_path();
    bench_fmt(count, sizeof count, "%zu", c->opt.js_peer_count);
    bench_fmt(reps, sizeof reps, "%d", c->opt.reps);
    const char *argv[] = {python, script, count, reps, NULL};
    bench_peer_row pr[8];
    char err[256];
    int missing;
    /* Same CPU as this process: the child inherits the pinning. */
    int n = bench_peer_run(argv, path ? "PYTHONPATH" : NULL, path, 0, c->opt.js_timeout, pr, 8,
                           err, sizeof err, &missing);
    if (n == 0)
        bench_progress("      %s: %s%s\n", missing ? "left out" : "FAILED", err,
                       missing ? " (it builds with fastsha256-bench where python3-dev is "
                                 "installed)" : "");
    for (int i = 0; i < n; i++) {
        bench_report_row *r = bench_seed_runtime_row(c, "python", BENCH_GROUP_PYTHON, pr[i].style,
                                                     &pr[i]);
        bench_fmt(r->note, sizeof r->note, "pinned; %zu messages in %d repetitions", pr[i].count,
                  pr[i].nreps);
    }
}
