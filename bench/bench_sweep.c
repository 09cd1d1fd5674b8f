/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* --sweep: message sizes from 0 bytes to 16 MiB, one message per call
 * (one-shot) and batches through fastsha256_many, per backend, next to
 * OpenSSL's SHA256_Init/Update/Final: hashes/s, GB/s and cycles/byte. */
#include <stdlib.h>

#include "bench_context.h"

enum { SWEEP_MAX_BATCH = BENCH_MSGS_MAX };

static uint64_t sweep_batch(void *p, size_t start, size_t n, uint64_t acc) {
    bench_msgs *a = (bench_msgs *)p;
    (void)start;
    for (size_t done = 0; done < n;) {
        size_t b = n - done < a->nmsg ? n - done : a->nmsg;
        fastsha256_many(a->ptrs, a->lens, b, a->dig);
        for (size_t j = 0; j < b; j++)
            acc = bench_fold_digest(acc, a->dig[j]);
        done += b;
    }
    return acc;
}

/* Messages per fastsha256_many call at size bytes: about 4 MiB a call,
 * 16 to SWEEP_MAX_BATCH messages. */
static size_t sweep_batch_count(size_t size) {
    if (size == 0)
        return SWEEP_MAX_BATCH;
    size_t n = 4 * BENCH_MIB / size;
    return n < 16 ? 16 : n > SWEEP_MAX_BATCH ? SWEEP_MAX_BATCH : n;
}

static const size_t sweep_sizes[] = {0, 14, 55, 64, 256, 1 * BENCH_KIB, 4 * BENCH_KIB,
                                     64 * BENCH_KIB, 1 * BENCH_MIB, 16 * BENCH_MIB};

/* What one run of the sweep measures on: the sizes, one buffer for the
 * largest batch (shared by the threads), and each thread's argument. */
typedef struct sweep_run {
    size_t nsizes;
    int threads;
    double target, budget;
    uint8_t *buf;
    bench_msgs *args;
    void **argp;
} sweep_run;

static void sweep_init(const bench_ctx *c, sweep_run *w) {
    w->nsizes = sizeof sweep_sizes / sizeof sweep_sizes[0] - (c->opt.quick ? 1 : 0); /* no 16 MiB */
    w->threads = c->opt.threads;
    w->target = c->opt.quick ? 2.0 : 40.0;
    w->budget = c->opt.quick ? 60.0 : 3000.0;
    size_t maxbuf = 0;
    for (size_t z = 0; z < w->nsizes; z++) {
        size_t need = sweep_sizes[z] * sweep_batch_count(sweep_sizes[z]);
        maxbuf = need > maxbuf ? need : maxbuf;
    }
    w->buf = bench_xmalloc(maxbuf);
    bench_fill_pattern(w->buf, maxbuf, 0x5eed);
    w->args = bench_xmalloc((size_t)w->threads * sizeof *w->args);
    w->argp = bench_xmalloc((size_t)w->threads * sizeof *w->argp);
    for (int t = 0; t < w->threads; t++)
        w->argp[t] = &w->args[t];
}

static void sweep_free(sweep_run *w) {
    free(w->args);
    free(w->argp);
    free(w->buf);
}

/* Every thread's argument for messages of size bytes. */
static void sweep_set_size(sweep_run *w, size_t size) {
    for (int t = 0; t < w->threads; t++) {
        w->args[t].buf = w->buf;
        w->args[t].ostyle = BENCH_OPENSSL_LOW_LEVEL;
        bench_msgs_set(&w->args[t], size, sweep_batch_count(size));
    }
}

/* One row at the size set: OpenSSL (label NULL), or fastsha256's one-shot
 * or batch on the backend of label. */
static void sweep_row(const bench_ctx *c, const sweep_run *w, const char *label, int batch) {
    size_t size = w->args[0].size, nmsg = w->args[0].nmsg;
    int th = batch ? w->threads : 1;
    bench_work_fn fn = !label ? bench_work_openssl : batch ? sweep_batch : bench_work_oneshot;
    bench_result res;
    bench_measure_for(c, fn, w->argp, th, batch ? nmsg : 1, w->target, w->budget, &res);
    bench_report_row *r =
        !label ? bench_row("sweep", "openssl", bench_openssl_short_version(),
                           "SHA256_Init/Update/Final")
               : bench_row("sweep", "fastsha256", label, "%s", batch ? "batch" : "one-shot");
    r->size = size;
    bench_row_measured(c, r, &res, size, th);
    if (batch)
        bench_fmt(r->note, sizeof r->note, "fastsha256_many, %zu messages per call%s", nmsg,
                  th > 1 ? ", per thread" : "");
    char rate[16];
    bench_report_fmt_rate(rate, sizeof rate, r->hps_med);
    bench_progress("  %-10s %-10s %-9s %9zu B  %9s hashes/s  %8.3f GB/s  %7.2f cycles/B\n",
                   r->who, r->backend, r->style, size, rate, r->gbps, r->cpb);
}

static void run_sweep(bench_ctx *c) {
    sweep_run w;
    sweep_init(c, &w);
    /* Forced backends only ("auto" is one of them); --backend narrows it. */
    const char *names[BENCH_MAX_BACKENDS];
    size_t nb = bench_backends(c, BENCH_FORCED, names);
    int with_openssl = bench_openssl_usable(c);
    bench_progress("sweep: %zu sizes x (%zu backends x one-shot/batch%s)%s\n", w.nsizes, nb,
                   with_openssl ? " + OpenSSL" : "",
                   w.threads > 1 ? ", batches on several threads" : "");
    for (size_t b = 0; b < nb + (size_t)with_openssl; b++) {
        char label[32];
        if (b < nb)
            bench_use_backend(names[b], label, sizeof label);
        for (size_t z = 0; z < w.nsizes; z++) {
            sweep_set_size(&w, sweep_sizes[z]);
            sweep_row(c, &w, b < nb ? label : NULL, 0);
            if (b < nb)
                sweep_row(c, &w, label, 1);
        }
    }
    fastsha256_reset_backend();
    sweep_free(&w);
}

const bench_mode bench_mode_sweep = {
    "sweep",
    "sizes 0, 14, 55, 64, 256 B, 1, 4, 64 KiB, 1, 16 MiB: one-shot and\n"
    "                      batch per backend, hashes/s, GB/s and cycles/byte",
    run_sweep,
    bench_report_print_sweep,
};
