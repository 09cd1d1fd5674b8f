/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Helpers shared by the modes of fastsha256-bench (see bench_context.h). */
#include "bench_context.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void bench_progress(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fflush(stderr);
}

void *bench_xmalloc(size_t n) {
    void *p = malloc(n ? n : 1);
    if (!p) {
        fprintf(stderr, BENCH_PROG ": out of memory (%zu bytes)\n", n);
        exit(1);
    }
    return p;
}

/* xorshift */
void bench_fill_pattern(uint8_t *p, size_t n, uint64_t seed) {
    uint64_t x = seed | 1;
    for (size_t i = 0; i < n; i++) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        p[i] = (uint8_t)(x >> 24);
    }
}

double bench_cycles(const bench_ctx *c, double ticks) { return ticks * c->clk.core_per_tick; }

size_t bench_backends(const bench_ctx *c, bench_backend_set set,
                      const char *names[BENCH_MAX_BACKENDS]) {
    const char *only = set == BENCH_SUPPORTED ? NULL : c->opt.backend;
    if (only && (set == BENCH_AUTO_AND_FORCED || strcmp(only, "auto") != 0)) {
        names[0] = only;
        return 1;
    }
    size_t first = set == BENCH_AUTO_AND_FORCED ? 1 : 0;
    if (first)
        names[0] = "auto";
    size_t n = fastsha256_backends(names + first, BENCH_MAX_BACKENDS - first);
    if (n > BENCH_MAX_BACKENDS - first)
        n = BENCH_MAX_BACKENDS - first;
    return first + n;
}

int bench_backend_supported(const char *name) {
    const char *names[BENCH_MAX_BACKENDS];
    size_t n = fastsha256_backends(names, BENCH_MAX_BACKENDS);
    for (size_t i = 0; i < n && i < BENCH_MAX_BACKENDS; i++)
        if (strcmp(names[i], name) == 0)
            return 1;
    return 0;
}

void bench_use_backend(const char *name, char *label, size_t n) {
    if (strcmp(name, "auto") == 0) {
        fastsha256_reset_backend();
        bench_fmt(label, n, "auto=%s", fastsha256_backend());
    } else {
        if (fastsha256_set_backend(name) != 0) {
            fprintf(stderr, BENCH_PROG ": backend %s cannot be forced\n", name);
            exit(1);
        }
        bench_fmt(label, n, "%s", fastsha256_backend());
    }
}

const char *bench_openssl_short_version(void) {
    static char out[32];
    const char *v = bench_openssl_version();
    const char *sp = strchr(v, ' ');
    bench_fmt(out, sizeof out, "%.*s", (int)strcspn(sp ? sp + 1 : v, " "), sp ? sp + 1 : v);
    return out;
}

bench_report_row *bench_row(const char *section, const char *who, const char *backend,
                            const char *style_fmt, ...) {
    bench_report_row *r = bench_report_add();
    bench_fmt(r->section, sizeof r->section, "%s", section);
    bench_fmt(r->who, sizeof r->who, "%s", who);
    bench_fmt(r->backend, sizeof r->backend, "%s", backend);
    va_list ap;
    va_start(ap, style_fmt);
    if (vsnprintf(r->style, sizeof r->style, style_fmt, ap) < 0)
        r->style[0] = '\0';
    va_end(ap);
    return r;
}

void bench_row_measured(const bench_ctx *c, bench_report_row *r, const bench_result *res,
                        size_t per_item_bytes, int threads) {
    r->reps = res->reps;
    r->threads = threads;
    r->ns_med = res->ns_med;
    r->ns_best = res->ns_best;
    r->hps_med = res->ns_med > 0 ? 1e9 / res->ns_med : 0;
    r->hps_best = res->ns_best > 0 ? 1e9 / res->ns_best : 0;
    r->hps_min = res->ns_worst > 0 ? 1e9 / res->ns_worst : 0;
    r->outliers = res->outliers;
    /* One core's cycles per hash: with several threads, elapsed x threads. */
    r->cyc_med = bench_cycles(c, res->ticks_med) * threads;
    if (per_item_bytes) {
        r->gbps = r->hps_med * (double)per_item_bytes / 1e9;
        r->cpb = r->cyc_med / (double)per_item_bytes;
    }
    r->chunks = res->chunks;
    r->discarded = res->discarded;
    r->checksum = res->checksum;
}

void bench_row_check(bench_ctx *c, bench_report_row *r, int ok) {
    r->check = ok ? 1 : -1;
    if (!ok)
        c->failures++;
}

void bench_measure_for(const bench_ctx *c, bench_work_fn fn, void *const *args, int threads,
                       size_t granule, double target_ms, double budget_ms, bench_result *res) {
    uint64_t t0 = bench_wall_ns();
    (void)fn(args[0], 0, granule, BENCH_CHECK_INIT);
    double per_granule = (double)(bench_wall_ns() - t0) / 1e6;
    if (per_granule < 0.001)
        per_granule = 0.001;
    if (per_granule < target_ms / 4) { /* a second, better calibration */
        size_t k = (size_t)(target_ms / 4 / per_granule) + 1;
        t0 = bench_wall_ns();
        (void)fn(args[0], 0, k * granule, BENCH_CHECK_INIT);
        per_granule = (double)(bench_wall_ns() - t0) / 1e6 / (double)k;
        if (per_granule < 0.0001)
            per_granule = 0.0001;
    }
    size_t granules = (size_t)(target_ms / per_granule);
    if (granules < 1)
        granules = 1;
    bench_plan p;
    memset(&p, 0, sizeof p);
    p.granule = granule;
    p.items = granules * granule;
    p.chunk = p.items;
    p.chunk_ms = 0.5;
    p.warmup = granules >= 8 ? (granules / 8) * granule : granule;
    p.reps = c->opt.reps;
    double rep_ms = per_granule * (double)granules;
    if (rep_ms * p.reps > budget_ms) {
        p.reps = (int)(budget_ms / rep_ms);
        if (p.reps < 1)
            p.reps = 1;
    }
    bench_measure_threads(fn, args, threads, c->meta.pinned_cpu, &p, res);
}

int bench_openssl_usable(const bench_ctx *c) {
    return !c->opt.no_openssl && bench_openssl_available() &&
           bench_openssl_style_available(BENCH_OPENSSL_LOW_LEVEL);
}

void bench_msgs_set(bench_msgs *m, size_t size, size_t nmsg) {
    m->size = size;
    m->nmsg = nmsg;
    for (size_t j = 0; j < nmsg; j++) {
        m->ptrs[j] = m->buf + j * size;
        m->lens[j] = size;
    }
}

typedef void (*digest_fn)(bench_openssl_style style, const void *data, size_t len,
                          uint8_t out[32]);

static void digest_fastsha256(bench_openssl_style style, const void *data, size_t len,
                              uint8_t out[32]) {
    (void)style;
    fastsha256(data, len, out);
}

/* n one-shot digests of the same message, each folded in through a ring
 * (bench_common.h). Always inlined, with a constant digest at every use, so
 * the digest is called directly: no indirect call is timed. */
static inline __attribute__((always_inline)) uint64_t
oneshot_loop(digest_fn digest, const bench_msgs *m, size_t n, uint64_t acc) {
    bench_ring ring;
    ring.n = 0;
    for (size_t i = 0; i < n; i++) {
        digest(m->ostyle, m->buf, m->size, (uint8_t *)bench_ring_slot(&ring));
        acc = bench_ring_commit(&ring, acc, bench_fold_digest);
    }
    return bench_ring_flush(&ring, acc, bench_fold_digest);
}

uint64_t bench_work_oneshot(void *msgs, size_t start, size_t n, uint64_t acc) {
    (void)start;
    return oneshot_loop(digest_fastsha256, (const bench_msgs *)msgs, n, acc);
}

uint64_t bench_work_openssl(void *msgs, size_t start, size_t n, uint64_t acc) {
    (void)start;
    return oneshot_loop(bench_openssl_digest, (const bench_msgs *)msgs, n, acc);
}

uint64_t bench_work_many(void *msgs, size_t start, size_t n, uint64_t acc) {
    bench_msgs *m = (bench_msgs *)msgs;
    (void)start;
    for (size_t i = 0; i < n; i++) {
        fastsha256_many(m->ptrs, m->lens, m->nmsg, m->dig);
        for (size_t j = 0; j < m->nmsg; j++)
            acc = bench_fold_digest(acc, m->dig[j]);
    }
    return acc;
}
