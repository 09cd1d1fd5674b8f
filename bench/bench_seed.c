/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* --seed (bench/README.md): the seed workload's C rows, fastsha256's styles
 * on each backend and OpenSSL's; the runtimes' rows are bench_seed_peers.c's. */
#include <stdlib.h>
#include <string.h>

#include "bench_context.h"

typedef enum { ST_ONESHOT, ST_ONESHOT_HEX, ST_STREAM, ST_MANY, ST_STRIDED } seed_style;

/* Messages are 16-byte records (14 bytes used). The distinct messages of a
 * chunk are written before the chunk is timed (seed_prep), so distinct and
 * repeated messages run the same code on the same amount of memory. */
#define RECORD 16u
#define COUNTER_AT (sizeof BENCH_DISTINCT_PREFIX - 1)
#define SEED_MAX_CHUNK ((size_t)1 << 18)

typedef struct seed_arg {
    seed_style style;
    int distinct;
    size_t batch, cap;      /* messages per batch call; per chunk at most */
    uint8_t *msgs;          /* cap records: the chunk's messages */
    const void **ptrs;      /* cap pointers: to the records, or all to seed_msg */
    size_t *lens;           /* cap lengths, all 14 */
    uint8_t (*dig)[32];     /* batch digests */
    char (*hex)[65];        /* batch hex strings */
} seed_arg;

static const char seed_msg[RECORD] = BENCH_SEED_MSG;

/* Untimed: the distinct messages start .. start + n - 1 into the records. */
static void seed_prep(void *p, size_t start, size_t n) {
    seed_arg *a = (seed_arg *)p;
    if (!a->distinct)
        return;
    char counter[BENCH_DISTINCT_DIGITS];
    bench_set_counter(counter, start);
    for (size_t i = 0; i < n && i < a->cap; i++) {
        uint8_t *r = a->msgs + i * RECORD;
        memcpy(r, BENCH_DISTINCT_PREFIX, COUNTER_AT);
        memcpy(r + COUNTER_AT, counter, BENCH_DISTINCT_DIGITS);
        bench_next_counter(counter);
    }
}

/* One message at a time in style st: always inlined with a constant st at
 * each use below, so no switch is timed. */
static inline __attribute__((always_inline)) uint64_t seed_each(const seed_arg *a, size_t n,
                                                                uint64_t acc, seed_style st) {
    uint8_t d[32];
    bench_ring ring;
    fastsha256_ctx ctx;
    ring.n = 0;
    for (size_t i = 0; i < n; i++) {
        const void *m = a->distinct ? (const void *)(a->msgs + i * RECORD) : (const void *)seed_msg;
        if (st == ST_ONESHOT_HEX) { /* hash and hex in one call */
            fastsha256_hex(m, BENCH_SEED_LEN, bench_ring_slot(&ring));
        } else {
            if (st == ST_ONESHOT) {
                fastsha256(m, BENCH_SEED_LEN, d);
            } else {
                fastsha256_init(&ctx);
                fastsha256_update(&ctx, m, BENCH_SEED_LEN);
                fastsha256_final(&ctx, d);
            }
            fastsha256_to_hex(d, 32, bench_ring_slot(&ring));
        }
        acc = bench_ring_commit(&ring, acc, bench_fold_hex);
    }
    return bench_ring_flush(&ring, acc, bench_fold_hex);
}

#define SEED_EACH(fn, st)                                                                          \
    static uint64_t fn(void *p, size_t start, size_t n, uint64_t acc) {                            \
        (void)start;                                                                               \
        return seed_each((const seed_arg *)p, n, acc, st);                                         \
    }
SEED_EACH(seed_oneshot, ST_ONESHOT)
SEED_EACH(seed_oneshot_hex, ST_ONESHOT_HEX)
SEED_EACH(seed_stream, ST_STREAM)

static uint64_t seed_batch(void *p, size_t start, size_t n, uint64_t acc) {
    const seed_arg *a = (const seed_arg *)p;
    (void)start;
    for (size_t done = 0; done < n;) {
        size_t b = n - done < a->batch ? n - done : a->batch;
        if (a->style == ST_MANY)
            fastsha256_many(a->ptrs + done, a->lens + done, b, a->dig);
        else
            fastsha256_many_strided(a->msgs + done * RECORD, RECORD, BENCH_SEED_LEN, b, a->dig);
        fastsha256_to_hex_many((const uint8_t(*)[32])a->dig, b, a->hex);
        for (size_t j = 0; j < b; j++)
            acc = bench_fold_hex(acc, a->hex[j]);
        done += b;
    }
    return acc;
}

static bench_work_fn seed_fn(seed_style s) {
    switch (s) {
    case ST_ONESHOT: return seed_oneshot;
    case ST_ONESHOT_HEX: return seed_oneshot_hex;
    case ST_STREAM: return seed_stream;
    default: return seed_batch;
    }
}

/* The checksum every repeated-message row must produce, computed without
 * hashing: count copies of the known hex digest. */
static uint64_t seed_reference(size_t count) {
    uint64_t acc = BENCH_CHECK_INIT;
    for (size_t i = 0; i < count; i++)
        acc = bench_fold_hex(acc, BENCH_SEED_HEX);
    return acc;
}

static bench_plan seed_plan(const bench_ctx *c) {
    bench_plan p;
    memset(&p, 0, sizeof p);
    size_t B = c->opt.batch;
    size_t chunk = c->opt.count / 64 > B ? c->opt.count / 64 : B;
    if (chunk > SEED_MAX_CHUNK)
        chunk = SEED_MAX_CHUNK;
    p.chunk = (chunk + B - 1) / B * B;
    p.items = c->opt.count;
    p.granule = B;
    p.warmup = c->opt.count / 20 > B * 4 ? c->opt.count / 20 : B * 4;
    if (p.warmup > c->opt.count)
        p.warmup = c->opt.count;
    p.reps = c->opt.reps;
    p.chunk_ms = 0.5;
    return p;
}

/* Seconds a C row is expected to take: warm-up and repetitions at a rough
 * rate for its backend. */
static double c_expected(const bench_ctx *c, const char *backend) {
    double rate = strcmp(backend, "scalar") == 0 ? 3e6 : 1.5e7;
    return 0.05 + (double)c->opt.count * (c->opt.reps + 0.1) / rate;
}

static const struct {
    seed_style style;
    int distinct;
    int forced; /* also runs on each forced backend without --full */
    const char *name;
} styles[] = {
    {ST_ONESHOT, 0, 1, "one-shot + to_hex"},
    {ST_ONESHOT_HEX, 0, 0, "one-shot to hex (fastsha256_hex)"},
    {ST_STREAM, 0, 0, "init/update/final + to_hex"},
    {ST_MANY, 0, 1, "many + to_hex_many"},
    {ST_STRIDED, 0, 0, "many_strided + to_hex_many"},
    {ST_ONESHOT, 1, 0, "one-shot + to_hex"},
    {ST_ONESHOT_HEX, 1, 0, "one-shot to hex (fastsha256_hex)"},
    {ST_MANY, 1, 0, "many + to_hex_many"},
};
#define NSTYLES (sizeof styles / sizeof styles[0])

/* Style s on backend b (0: auto): every style on auto; on the forced
 * backends two without --full. */
static int style_runs(const bench_ctx *c, size_t b, size_t s) {
    return c->opt.full || b == 0 || styles[s].forced;
}

static void plan_seed_fastsha256(const bench_ctx *c) {
    const char *names[BENCH_MAX_BACKENDS];
    size_t nb = bench_backends(c, BENCH_AUTO_AND_FORCED, names);
    for (size_t b = 0; b < nb; b++)
        for (size_t s = 0; s < NSTYLES; s++)
            if (style_runs(c, b, s))
                bench_eta_plan(1, c_expected(c, names[b]));
}

static void run_seed_fastsha256(bench_ctx *c, uint64_t ref_same, uint64_t *ref_distinct) {
    const char *names[BENCH_MAX_BACKENDS];
    size_t nb = bench_backends(c, BENCH_AUTO_AND_FORCED, names);
    bench_plan plan = seed_plan(c);
    seed_arg a;
    memset(&a, 0, sizeof a);
    a.batch = c->opt.batch;
    a.cap = plan.chunk > c->opt.batch ? plan.chunk : c->opt.batch;
    a.msgs = bench_xmalloc(a.cap * RECORD);
    a.ptrs = bench_xmalloc(a.cap * sizeof *a.ptrs);
    a.lens = bench_xmalloc(a.cap * sizeof *a.lens);
    a.dig = bench_xmalloc(a.batch * sizeof *a.dig);
    a.hex = bench_xmalloc(a.batch * sizeof *a.hex);

    for (size_t b = 0; b < nb; b++) {
        char label[32];
        bench_use_backend(names[b], label, sizeof label);
        for (size_t s = 0; s < NSTYLES; s++) {
            if (!style_runs(c, b, s))
                continue;
            a.style = styles[s].style;
            a.distinct = styles[s].distinct;
            /* Repeated message: every pointer to the one seed message, every
             * record a copy of it. Distinct: pointers to the records, which
             * seed_prep rewrites before each chunk. */
            for (size_t j = 0; j < a.cap; j++) {
                a.ptrs[j] = a.distinct ? (const void *)(a.msgs + j * RECORD)
                                       : (const void *)seed_msg;
                a.lens[j] = BENCH_SEED_LEN;
                memcpy(a.msgs + j * RECORD, seed_msg, RECORD);
            }
            plan.prep = a.distinct ? seed_prep : NULL;
            bench_eta_step(1, c_expected(c, names[b]), "fastsha256 %s %s (%s messages)", label,
                           styles[s].name, a.distinct ? "distinct" : "same");
            bench_result res;
            bench_measure(seed_fn(a.style), &a, &plan, &res);
            bench_report_row *r;
            if (a.style == ST_MANY || a.style == ST_STRIDED)
                r = bench_row("seed", "fastsha256", label, "%s (batch %zu)", styles[s].name,
                              a.batch);
            else
                r = bench_row("seed", "fastsha256", label, "%s", styles[s].name);
            bench_fmt(r->messages, sizeof r->messages, "%s", a.distinct ? "distinct" : "same");
            r->group = BENCH_GROUP_C;
            r->size = BENCH_SEED_LEN;
            r->count = c->opt.count;
            bench_row_measured(c, r, &res, 0, 1);
            bench_fmt(r->note, sizeof r->note, "hex encoder %s", fastsha256_hex_backend());
            uint64_t want = a.distinct ? *ref_distinct : ref_same;
            if (a.distinct && want == 0) /* no OpenSSL reference: the first row is */
                want = *ref_distinct = res.checksum;
            bench_row_check(c, r, res.checksum_stable && res.checksum == want);
            bench_seed_row_progress(r);
        }
    }
    fastsha256_reset_backend();
    free(a.msgs);
    free(a.ptrs);
    free(a.lens);
    free(a.dig);
    free(a.hex);
}

/* --- The seed workload, OpenSSL ----------------------------------------------- */

typedef struct ossl_arg {
    bench_openssl_style style;
    int distinct;
} ossl_arg;

static uint64_t ossl_seed_work(void *p, size_t start, size_t n, uint64_t acc) {
    const ossl_arg *a = (const ossl_arg *)p;
    return bench_openssl_seed_work(a->style, a->distinct, start, n, acc);
}

static void run_seed_openssl(bench_ctx *c, uint64_t ref_same) {
    static const bench_openssl_style styles[] = {
        BENCH_OPENSSL_EVP_DIGEST, BENCH_OPENSSL_EVP_DIGEST_FETCHED, BENCH_OPENSSL_LOW_LEVEL};
    bench_plan plan = seed_plan(c);
    const char *ver = bench_openssl_short_version();
    for (size_t s = 0; s < sizeof styles / sizeof styles[0]; s++) {
        if (!bench_openssl_style_available(styles[s]))
            continue;
        ossl_arg a = {styles[s], 0};
        bench_result res;
        bench_eta_step(1, c_expected(c, "openssl"), "openssl %s",
                       bench_openssl_style_name(styles[s]));
        bench_measure(ossl_seed_work, &a, &plan, &res);
        bench_report_row *r = bench_row("seed", "openssl", ver, "%s + table hex",
                                        bench_openssl_style_name(styles[s]));
        bench_fmt(r->messages, sizeof r->messages, "same");
        r->group = BENCH_GROUP_C;
        r->size = BENCH_SEED_LEN;
        r->count = c->opt.count;
        bench_row_measured(c, r, &res, 0, 1);
        bench_row_check(c, r, res.checksum_stable && res.checksum == ref_same);
        bench_seed_row_progress(r);
    }
}

static int have_openssl(const bench_ctx *c) {
    return !c->opt.no_openssl && bench_openssl_available();
}

/* Every row of the run, with the seconds it is expected to take. */
static void plan_seed(const bench_ctx *c) {
    if (!c->opt.no_js)
        for (int g = BENCH_GROUP_CREATEHASH; g <= BENCH_GROUP_FROM_JS; g++)
            bench_seed_peers_plan(c, g);
    plan_seed_fastsha256(c);
    if (have_openssl(c))
        for (int s = 0; s < 3; s++)
            bench_eta_plan(1, c_expected(c, "openssl"));
    if (!c->opt.no_python)
        bench_seed_peers_plan(c, BENCH_GROUP_PYTHON);
    if (!c->opt.no_js)
        bench_seed_peers_plan(c, BENCH_GROUP_NPM);
}

/* The C rows: fastsha256 on each backend, then OpenSSL. */
static void run_seed_c(bench_ctx *c) {
    uint64_t ref_same = seed_reference(c->opt.count);
    uint64_t ref_distinct = 0;
    if (have_openssl(c)) /* an independent reference for the distinct messages */
        ref_distinct = bench_openssl_seed_work(BENCH_OPENSSL_EVP_DIGEST, 1, 0, c->opt.count,
                                               BENCH_CHECK_INIT);
    run_seed_fastsha256(c, ref_same, &ref_distinct);
    if (have_openssl(c))
        run_seed_openssl(c, ref_same);
}

/* The report's parts in the order they are printed, each as soon as its rows
 * are in: the seed's answer first. */
static void run_seed(bench_ctx *c) {
    plan_seed(c);
    if (c->stream)
        bench_report_print_plan(stdout, &c->meta, bench_eta_rows(), bench_eta_seconds());
    if (!c->opt.no_js) {
        for (int g = BENCH_GROUP_CREATEHASH; g <= BENCH_GROUP_BUILTIN; g++)
            bench_seed_peers_group(c, g);
        if (c->stream)
            bench_report_print_answer(stdout, &c->meta);
        bench_seed_peers_group(c, BENCH_GROUP_FROM_JS);
        if (c->stream)
            bench_report_print_from_js(stdout, &c->meta);
    }
    run_seed_c(c);
    if (c->stream)
        bench_report_print_c(stdout, &c->meta);
    if (!c->opt.no_python)
        bench_seed_peers_group(c, BENCH_GROUP_PYTHON);
    if (!c->opt.no_js)
        bench_seed_peers_group(c, BENCH_GROUP_NPM);
    if (c->stream) {
        bench_report_print_others(stdout, &c->meta);
        bench_report_print_seed_rest(stdout, &c->meta);
    }
}

const bench_mode bench_mode_seed = {
    "seed",
    "the seed workload comparison",
    run_seed,
    bench_report_print_seed,
};
