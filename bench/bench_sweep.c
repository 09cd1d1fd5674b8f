/* --sweep: message sizes from 0 bytes to 16 MiB, one message per call
 * (one-shot) and batches through fastsha256_many, per backend, next to
 * OpenSSL's SHA256_Init/Update/Final: hashes/s, GB/s and cycles/byte. */
#include <stdlib.h>
#include <string.h>

#include "bench_common.h"
#include "bench_context.h"
#include "bench_openssl.h"
#include "fastsha256.h"

typedef struct sweep_arg {
    const uint8_t *buf;
    size_t size, nmsg;
    const void **ptrs;
    size_t *lens;
    uint8_t (*dig)[32];
} sweep_arg;

static uint64_t sweep_oneshot(void *p, size_t start, size_t n, uint64_t acc) {
    const sweep_arg *a = (const sweep_arg *)p;
    (void)start;
    return bench_oneshot_loop(bench_digest_fastsha256, BO_LOW_LEVEL, a->buf, a->size, n, acc);
}

static uint64_t sweep_batch(void *p, size_t start, size_t n, uint64_t acc) {
    const sweep_arg *a = (const sweep_arg *)p;
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

static uint64_t sweep_openssl(void *p, size_t start, size_t n, uint64_t acc) {
    const sweep_arg *a = (const sweep_arg *)p;
    (void)start;
    return bench_oneshot_loop(bo_digest, BO_LOW_LEVEL, a->buf, a->size, n, acc);
}

/* Measures fn with enough items for about target_ms per repetition: one
 * granule first (untimed warm-up and calibration), then the plan. */
static size_t sweep_batch_count(size_t size) {
    if (size == 0)
        return 1024;
    size_t n = 4 * BENCH_MIB / size;
    return n < 16 ? 16 : n > 1024 ? 1024 : n;
}

static void run_sweep(bench_ctx *c) {
    static const size_t all_sizes[] = {0, 14, 55, 64, 256, 1 * BENCH_KIB, 4 * BENCH_KIB,
                                       64 * BENCH_KIB, 1 * BENCH_MIB, 16 * BENCH_MIB};
    size_t nsizes = sizeof all_sizes / sizeof all_sizes[0];
    if (c->opt.quick)
        nsizes--; /* no 16 MiB in quick runs */
    const double target = c->opt.quick ? 2.0 : 40.0, budget = c->opt.quick ? 60.0 : 3000.0;
    int threads = c->opt.threads;

    size_t maxbuf = 0;
    for (size_t z = 0; z < nsizes; z++) {
        size_t need = all_sizes[z] * sweep_batch_count(all_sizes[z]);
        if (need > maxbuf)
            maxbuf = need;
    }
    uint8_t *buf = bench_xmalloc(maxbuf);
    bench_fill_pattern(buf, maxbuf, 0x5eed);
    const void **ptrs = bench_xmalloc(1024 * sizeof *ptrs);
    size_t *lens = bench_xmalloc(1024 * sizeof *lens);
    sweep_arg *args = bench_xmalloc((size_t)threads * sizeof *args);
    void **argp = bench_xmalloc((size_t)threads * sizeof *argp);
    for (int t = 0; t < threads; t++) {
        args[t].dig = bench_xmalloc(1024 * sizeof *args[t].dig);
        argp[t] = &args[t];
    }

    /* Forced backends only ("auto" is one of them); --backend narrows it. */
    const char *names[BENCH_MAX_BACKENDS];
    size_t nb = bench_backends(c, BENCH_FORCED, names);
    int with_openssl = !c->opt.no_openssl && bo_available() && bo_style_available(BO_LOW_LEVEL);
    char ossl_version[32];
    bench_openssl_short_version(ossl_version, sizeof ossl_version);
    bench_progress("sweep: %zu sizes x (%zu backends x one-shot/batch%s)%s\n", nsizes, nb,
                   with_openssl ? " + OpenSSL" : "",
                   threads > 1 ? ", batches on several threads" : "");

    for (size_t b = 0; b <= nb; b++) {
        int is_ossl = b == nb;
        if (is_ossl && !with_openssl)
            break;
        char label[32] = "";
        if (!is_ossl)
            bench_use_backend(names[b], label, sizeof label);
        for (size_t z = 0; z < nsizes; z++) {
            size_t size = all_sizes[z];
            size_t nmsg = sweep_batch_count(size);
            for (size_t j = 0; j < nmsg; j++) {
                ptrs[j] = buf + j * size;
                lens[j] = size;
            }
            for (int t = 0; t < threads; t++) {
                args[t].buf = buf;
                args[t].size = size;
                args[t].nmsg = nmsg;
                args[t].ptrs = ptrs;
                args[t].lens = lens;
            }
            for (int mode = 0; mode < 2; mode++) {
                if (is_ossl && mode == 1)
                    continue;
                bu_result res;
                int th = mode == 1 ? threads : 1;
                bu_work_fn fn = is_ossl ? sweep_openssl : mode == 0 ? sweep_oneshot : sweep_batch;
                bench_measure_for(c, fn, argp, th, mode == 1 ? nmsg : 1, target, budget, &res);
                br_row *r = is_ossl ? bench_row("sweep", "openssl", ossl_version,
                                                "SHA256_Init/Update/Final")
                                    : bench_row("sweep", "fastsha256", label, "%s",
                                                mode == 0 ? "one-shot" : "batch");
                r->size = size;
                r->count = 0;
                bench_row_measured(c, r, &res, size, th);
                if (mode == 1)
                    bench_fmt(r->note, sizeof r->note, "fastsha256_many, %zu messages per call%s",
                              nmsg, th > 1 ? ", per thread" : "");
                char rate[16];
                br_fmt_rate(rate, sizeof rate, r->hps_med);
                bench_progress("  %-10s %-10s %-9s %9zu B  %9s hashes/s  %8.3f GB/s  %7.2f cycles/B\n",
                               r->who, r->backend, r->style, size, rate, r->gbps, r->cpb);
            }
        }
    }
    fastsha256_reset_backend();
    for (int t = 0; t < threads; t++)
        free(args[t].dig);
    free(args);
    free(argp);
    free(ptrs);
    free(lens);
    free(buf);
}

const bench_mode bench_mode_sweep = {
    "sweep",
    "sizes 0, 14, 55, 64, 256 B, 1, 4, 64 KiB, 1, 16 MiB: one-shot and\n"
    "                      batch per backend, hashes/s, GB/s and cycles/byte",
    run_sweep,
    br_print_sweep,
};
