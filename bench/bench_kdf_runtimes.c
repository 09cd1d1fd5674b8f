/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* --kdf, the runtimes' rows: Node's crypto.pbkdf2Sync against fastsha256's
 * pbkdf2Sync through this build's addon (bench/js/kdf.mjs), and Python's
 * hashlib.pbkdf2_hmac against fastsha256.pbkdf2_hmac through this build's
 * module (bench/python/kdf.py). Each script alternates the two call by call
 * in one process, pinned like the C rows, and prints the median and best
 * CPU time of each; the table shows them with their ratio. bench/peers.sh
 * finds and runs them as it does the seed's rows; a runtime or module that
 * is missing leaves its row out, saying so. */
#include <stdio.h>
#include <string.h>

#include "bench_context.h"

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

/* A line of kdf.mjs or kdf.py: "fastsha256-bench-kdf\trow\t<who>\t..." is a
 * row; any other line of theirs says why there is none. */
static void on_line(void *arg, const char *line) {
    const bench_ctx *c = (const bench_ctx *)arg;
    bench_kdf_runtime_row *r = &runtime_rows[nruntime_rows];
    if (nruntime_rows == 2 || strncmp(line, "fastsha256-bench-kdf\t", 21) != 0)
        return;
    if (sscanf(line, "fastsha256-bench-kdf\trow\t%47[^\t]\t%lf\t%lf\t%lf\t%lf", r->who,
               &r->peer_med, &r->peer_best, &r->ours_med, &r->ours_best) != 5) {
        bench_progress("  kdf: a row left out: %.200s\n", line + 21);
        return;
    }
    int node = strncmp(r->who, "node", 4) == 0;
    r->peer = node ? "crypto.pbkdf2Sync" : "hashlib.pbkdf2_hmac";
    r->ours = node ? "fastsha256 pbkdf2Sync" : "fastsha256.pbkdf2_hmac";
    add_result(c, &runtime_rows[nruntime_rows++]);
}

/* bench/peers.sh runs the scripts, pinned like the C rows. */
void bench_kdf_runtimes_run(const bench_ctx *c, uint64_t iterations) {
    int reps = c->opt.quick ? 1 : c->opt.reps;
    runtime_iterations = iterations;
    for (int i = 0; i < 2; i++)
        if (!(i ? c->opt.no_python : c->opt.no_js) &&
            bench_peers_run(c, on_line, (void *)c, "kdf-%s %llu %d", i ? "python" : "node",
                            (unsigned long long)iterations, reps) < 0)
            bench_progress("  kdf: bench/peers.sh not found: no Node or Python row\n");
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
