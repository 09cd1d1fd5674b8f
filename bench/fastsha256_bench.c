/* fastsha256-bench: who hashes the fastest?
 *
 * The default run is the seed workload of a well-known comparison of
 * JavaScript runtimes: 5,000,000 SHA-256 hex strings of the 14-byte message
 * "Hello world!!!". fastsha256 does it one call per message, with a
 * streaming context per message and in batches, on the automatic backend and
 * on every backend this CPU supports; OpenSSL's libcrypto and the JavaScript
 * runtimes found here (node, bun, deno) do it side by side in the same run.
 * --sweep measures message sizes from 0 bytes to 16 MiB and --kernels the
 * kernel-level cycle counts, next to OpenSSL. Run with --help for options. */
#define _GNU_SOURCE 1

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "bench_common.h"
#include "bench_hmac.h"
#include "bench_js.h"
#include "bench_openssl.h"
#include "bench_python.h"
#include "bench_report.h"
#include "bench_util.h"
#include "fastsha256.h"

#ifndef FASTSHA256_BENCH_SOURCE_DIR
#define FASTSHA256_BENCH_SOURCE_DIR ""
#endif
#ifndef FASTSHA256_BENCH_DATA_DIR
#define FASTSHA256_BENCH_DATA_DIR ""
#endif
#ifndef FASTSHA256_BENCH_REL_DATA_DIR
#define FASTSHA256_BENCH_REL_DATA_DIR "share/fastsha256/bench/js"
#endif
#ifndef FASTSHA256_BENCH_BUILD
#define FASTSHA256_BENCH_BUILD "unknown build flags"
#endif

#define PROG "fastsha256-bench"
#define MAX_BACKENDS 8
#define KIB ((size_t)1024)
#define MIB ((size_t)1024 * 1024)

/* --- Options ----------------------------------------------------------------- */

typedef struct options {
    int seed, sweep, kernels;
    int quick, no_js, no_openssl;
    size_t count, batch, js_count, js_async_count;
    int reps, threads;
    const char *backend;    /* NULL: auto and every supported backend */
    int cpu;                /* -1: default (last allowed CPU), -2: no pinning */
    const char *format;     /* table, csv, json */
    const char *output;     /* directory or NULL */
    const char *js_dir, *runtimes;
    unsigned js_timeout;
    int openssl_probe;      /* internal: child measuring OpenSSL's code paths */
} options;

static void usage(FILE *out) {
    fprintf(out,
        "Usage: " PROG " [options]\n"
        "Who hashes the fastest? By default: the seed workload, 5,000,000 SHA-256 hex strings\n"
        "of the 14-byte message \"Hello world!!!\", by fastsha256 (one call per message, a\n"
        "streaming context per message, batches; auto backend and every supported backend\n"
        "forced), OpenSSL libcrypto and the JavaScript runtimes found (node, bun, deno).\n"
        "\n"
        "Modes (several may be given; none = --seed):\n"
        "  --seed              the seed workload comparison\n"
        "  --sweep             sizes 0, 14, 55, 64, 256 B, 1, 4, 64 KiB, 1, 16 MiB: one-shot and\n"
        "                      batch per backend, hashes/s, GB/s and cycles/byte\n"
        "  --kernels           kernel cycle counts (batch lanes, single stream, hex, 14-byte\n"
        "                      one-shot) next to OpenSSL's, measured in the same run\n"
        "  --all               all three\n"
        "  --hmac [...]        HMAC-SHA256 vs OpenSSL (alone, first; --hmac --help)\n"
        "Workload:\n"
        "  --count N           seed messages per repetition (default 5000000)\n"
        "  --batch N           messages per batch call (default 1024)\n"
        "  --reps N            repetitions per row, median and best reported (default 5)\n"
        "  --threads N         run the sweep's batch rows on N threads (default 1)\n"
        "  --backend NAME      only this backend: auto, or one of fastsha256_backends()\n"
        "  --quick             small counts for CI smoke runs (a few seconds)\n"
        "Peers:\n"
        "  --no-openssl        leave out OpenSSL libcrypto\n"
        "  --no-js             leave out the JavaScript runtimes\n"
        "  --js-count N        messages for createHash (default 5000000, the seed's)\n"
        "  --js-async-count N  messages for the async WebCrypto style (default 500000)\n"
        "  --js-dir DIR        folder of the JS snippets (createhash.mjs, webcrypto.mjs)\n"
        "  --runtimes DIR      folder with bun/deno (DIR/bin or DIR); also searched:\n"
        "                      $FASTSHA256_JS_RUNTIMES, bench/.runtimes, PATH\n"
        "  --js-timeout S      seconds before a JS runtime is stopped (default 900)\n"
        "Noise control:\n"
        "  --cpu N|none        pin to CPU N (default: the last allowed CPU)\n"
        "Output:\n"
        "  --format F          table (default), csv or json on standard output\n"
        "  --output DIR        also write DIR/results.{csv,json,txt}; with --sweep also\n"
        "                      throughput.{dat,gp} and, with gnuplot, throughput.{png,svg};\n"
        "                      checked before the run: DIR exists or only its last part is\n"
        "                      missing (parents are never created)\n"
        "  --help              this text\n"
        "\n"
        "Progress goes to standard error. Exit status: 0 ok, 1 a result failed its check,\n"
        "2 bad usage. bench/install-js-runtimes.sh installs bun and deno from npm.\n");
}

static void die_usage(const char *fmt, const char *arg) {
    fprintf(stderr, PROG ": ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, " (try --help)\n");
    exit(2);
}

/* Decimal count with an optional k/M/G suffix (x1000). */
static size_t parse_count(const char *opt, const char *s, size_t min, size_t max) {
    char *end = NULL;
    if (!s || !*s || *s == '-')
        die_usage("%s needs a positive number", opt);
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || end == s)
        die_usage("bad number for %s", opt);
    unsigned long long mul = 1;
    if (*end == 'k' || *end == 'K')
        mul = 1000, end++;
    else if (*end == 'M')
        mul = 1000000, end++;
    else if (*end == 'G')
        mul = 1000000000, end++;
    if (*end != '\0')
        die_usage("bad number for %s", opt);
    if (v > ULLONG_MAX / mul)
        die_usage("number too large for %s", opt);
    v *= mul;
    if (v < min || v > max) {
        fprintf(stderr, PROG ": %s must be between %zu and %zu (try --help)\n", opt, min, max);
        exit(2);
    }
    return (size_t)v;
}

static void parse_options(int argc, char **argv, options *o) {
    memset(o, 0, sizeof *o);
    o->cpu = -1;
    o->format = "table";
    o->js_timeout = 900;
    size_t count = 0, js_count = 0, js_async = 0, batch = 0;
    int reps = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *val = NULL;
        /* --opt=value and --opt value */
        char name[64];
        const char *eq = strchr(a, '=');
        if (strncmp(a, "--", 2) == 0 && eq && (size_t)(eq - a) < sizeof name) {
            memcpy(name, a, (size_t)(eq - a));
            name[eq - a] = '\0';
            val = eq + 1;
        } else {
            bench_fmt(name, sizeof name, "%s", a);
        }
#define FLAG(s) (strcmp(name, s) == 0 && !val)
#define WITH(s) (strcmp(name, s) == 0 && (val || (i + 1 < argc ? (val = argv[++i], 1) : \
                 (die_usage("%s needs a value", s), 0))))
        if (FLAG("--help") || FLAG("-h")) {
            usage(stdout);
            exit(0);
        } else if (FLAG("--seed")) {
            o->seed = 1;
        } else if (FLAG("--sweep")) {
            o->sweep = 1;
        } else if (FLAG("--kernels")) {
            o->kernels = 1;
        } else if (FLAG("--all")) {
            o->seed = o->sweep = o->kernels = 1;
        } else if (FLAG("--quick")) {
            o->quick = 1;
        } else if (FLAG("--no-js")) {
            o->no_js = 1;
        } else if (FLAG("--no-openssl")) {
            o->no_openssl = 1;
        } else if (FLAG("--openssl-probe")) {
            o->openssl_probe = 1;
        } else if (WITH("--count")) {
            count = parse_count("--count", val, 1, (size_t)100000000000ull);
        } else if (WITH("--batch")) {
            batch = parse_count("--batch", val, 1, 1u << 20);
        } else if (WITH("--reps")) {
            reps = (int)parse_count("--reps", val, 1, 64);
        } else if (WITH("--threads")) {
            o->threads = (int)parse_count("--threads", val, 1, 256);
        } else if (WITH("--js-count")) {
            js_count = parse_count("--js-count", val, 1, (size_t)1000000000ull);
        } else if (WITH("--js-async-count")) {
            js_async = parse_count("--js-async-count", val, 1, (size_t)1000000000ull);
        } else if (WITH("--js-timeout")) {
            o->js_timeout = (unsigned)parse_count("--js-timeout", val, 1, 86400);
        } else if (WITH("--backend")) {
            o->backend = val;
        } else if (WITH("--cpu")) {
            if (strcmp(val, "none") == 0)
                o->cpu = -2;
            else
                o->cpu = (int)parse_count("--cpu", val, 0, 4095);
        } else if (WITH("--format")) {
            if (strcmp(val, "table") && strcmp(val, "csv") && strcmp(val, "json"))
                die_usage("--format must be table, csv or json, not '%s'", val);
            o->format = val;
        } else if (WITH("--output")) {
            o->output = val;
        } else if (WITH("--js-dir")) {
            o->js_dir = val;
        } else if (WITH("--runtimes")) {
            o->runtimes = val;
        } else if (a[0] == '-') {
            die_usage("unknown option '%s'", a);
        } else {
            die_usage("unexpected argument '%s'", a);
        }
#undef FLAG
#undef WITH
    }
    if (!o->seed && !o->sweep && !o->kernels)
        o->seed = 1;
    o->count = count ? count : o->quick ? 100000 : 5000000;
    o->batch = batch ? batch : 1024;
    o->reps = reps ? reps : o->quick ? 3 : 5;
    o->js_count = js_count ? js_count : o->quick ? 20000 : 5000000;
    o->js_async_count = js_async ? js_async : o->quick ? 2000 : 500000;
    if (!o->threads)
        o->threads = 1;
}

/* --- Globals of one run ------------------------------------------------------- */

static options opt;
static bu_clock clk;
static br_meta meta;
static int failures;

static double cycles_of(double ticks) { return ticks * clk.core_per_tick; }

static void progress(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
#include <stdarg.h>
static void progress(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fflush(stderr);
}

/* Backends to run: "auto" first, then every supported one (or --backend). */
static size_t run_backends(const char **names) {
    if (opt.backend) {
        names[0] = opt.backend;
        return 1;
    }
    names[0] = "auto";
    size_t n = fastsha256_backends(names + 1, MAX_BACKENDS - 1);
    if (n > MAX_BACKENDS - 1)
        n = MAX_BACKENDS - 1;
    return n + 1;
}

/* Forces a backend ("auto": the automatic choice); fills its row label. */
static void use_backend(const char *name, char *label, size_t n) {
    if (strcmp(name, "auto") == 0) {
        fastsha256_reset_backend();
        bench_fmt(label, n, "auto=%s", fastsha256_backend());
    } else {
        if (fastsha256_set_backend(name) != 0) {
            fprintf(stderr, PROG ": backend %s cannot be forced\n", name);
            exit(1);
        }
        bench_fmt(label, n, "%s", fastsha256_backend());
    }
}

static void *xmalloc(size_t n) {
    void *p = malloc(n ? n : 1);
    if (!p) {
        fprintf(stderr, PROG ": out of memory (%zu bytes)\n", n);
        exit(1);
    }
    return p;
}

/* Fills a buffer with bytes that are not all alike (xorshift). */
static void fill_pattern(uint8_t *p, size_t n, uint64_t seed) {
    uint64_t x = seed | 1;
    for (size_t i = 0; i < n; i++) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        p[i] = (uint8_t)(x >> 24);
    }
}

static void fill_result_row(br_row *r, const bu_result *res, size_t per_item_bytes,
                            int threads) {
    r->reps = res->reps;
    r->threads = threads;
    r->ns_med = res->ns_med;
    r->ns_best = res->ns_best;
    r->hps_med = res->ns_med > 0 ? 1e9 / res->ns_med : 0;
    r->hps_best = res->ns_best > 0 ? 1e9 / res->ns_best : 0;
    /* One core's cycles per hash: with several threads, elapsed x threads. */
    r->cyc_med = cycles_of(res->ticks_med) * threads;
    if (per_item_bytes) {
        r->gbps = r->hps_med * (double)per_item_bytes / 1e9;
        r->cpb = r->cyc_med / (double)per_item_bytes;
    }
    r->chunks = res->chunks;
    r->discarded = res->discarded;
    r->checksum = res->checksum;
}

/* --- The seed workload, fastsha256 --------------------------------------------- */

typedef enum { ST_ONESHOT, ST_STREAM, ST_MANY, ST_STRIDED } seed_style;

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

static uint64_t seed_oneshot(void *p, size_t start, size_t n, uint64_t acc) {
    const seed_arg *a = (const seed_arg *)p;
    uint8_t d[32];
    bench_ring ring;
    ring.n = 0;
    (void)start;
    if (a->distinct) {
        for (size_t i = 0; i < n; i++) {
            fastsha256(a->msgs + i * RECORD, BENCH_SEED_LEN, d);
            fastsha256_to_hex(d, 32, bench_ring_slot(&ring));
            acc = bench_ring_commit(&ring, acc, bench_fold_hex);
        }
    } else {
        for (size_t i = 0; i < n; i++) {
            fastsha256(seed_msg, BENCH_SEED_LEN, d);
            fastsha256_to_hex(d, 32, bench_ring_slot(&ring));
            acc = bench_ring_commit(&ring, acc, bench_fold_hex);
        }
    }
    return bench_ring_flush(&ring, acc, bench_fold_hex);
}

static uint64_t seed_stream(void *p, size_t start, size_t n, uint64_t acc) {
    const seed_arg *a = (const seed_arg *)p;
    uint8_t d[32];
    bench_ring ring;
    fastsha256_ctx ctx;
    ring.n = 0;
    (void)start;
    for (size_t i = 0; i < n; i++) {
        fastsha256_init(&ctx);
        fastsha256_update(&ctx, a->distinct ? (const void *)(a->msgs + i * RECORD)
                                            : (const void *)seed_msg, BENCH_SEED_LEN);
        fastsha256_final(&ctx, d);
        fastsha256_to_hex(d, 32, bench_ring_slot(&ring));
        acc = bench_ring_commit(&ring, acc, bench_fold_hex);
    }
    return bench_ring_flush(&ring, acc, bench_fold_hex);
}

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

static bu_work_fn seed_fn(seed_style s) {
    switch (s) {
    case ST_ONESHOT: return seed_oneshot;
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

static bu_plan seed_plan(void) {
    bu_plan p;
    memset(&p, 0, sizeof p);
    size_t B = opt.batch;
    size_t chunk = opt.count / 64 > B ? opt.count / 64 : B;
    if (chunk > SEED_MAX_CHUNK)
        chunk = SEED_MAX_CHUNK;
    p.chunk = (chunk + B - 1) / B * B;
    p.items = opt.count;
    p.granule = B;
    p.warmup = opt.count / 20 > B * 4 ? opt.count / 20 : B * 4;
    if (p.warmup > opt.count)
        p.warmup = opt.count;
    p.reps = opt.reps;
    p.chunk_ms = 0.5;
    return p;
}

static void seed_row_progress(const br_row *r) {
    char rate[16];
    br_fmt_rate(rate, sizeof rate, r->hps_med);
    progress("  %-10s %-13s %-39s %-8s %9s hashes/s%s\n", r->who, r->backend, r->style,
             r->messages, rate, r->check < 0 ? "  CHECK FAILED" : "");
}

static void run_seed_fastsha256(uint64_t ref_same, uint64_t *ref_distinct) {
    const char *names[MAX_BACKENDS];
    size_t nb = run_backends(names);
    bu_plan plan = seed_plan();
    seed_arg a;
    memset(&a, 0, sizeof a);
    a.batch = opt.batch;
    a.cap = plan.chunk > opt.batch ? plan.chunk : opt.batch;
    a.msgs = xmalloc(a.cap * RECORD);
    a.ptrs = xmalloc(a.cap * sizeof *a.ptrs);
    a.lens = xmalloc(a.cap * sizeof *a.lens);
    a.dig = xmalloc(a.batch * sizeof *a.dig);
    a.hex = xmalloc(a.batch * sizeof *a.hex);

    static const struct {
        seed_style style;
        int distinct;
        const char *name;
    } styles[] = {
        {ST_ONESHOT, 0, "one-shot + to_hex"},
        {ST_STREAM, 0, "init/update/final + to_hex"},
        {ST_MANY, 0, "many + to_hex_many"},
        {ST_STRIDED, 0, "many_strided + to_hex_many"},
        {ST_ONESHOT, 1, "one-shot + to_hex"},
        {ST_MANY, 1, "many + to_hex_many"},
    };
    for (size_t b = 0; b < nb; b++) {
        char label[32];
        use_backend(names[b], label, sizeof label);
        for (size_t s = 0; s < sizeof styles / sizeof styles[0]; s++) {
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
            bu_result res;
            bu_measure(seed_fn(a.style), &a, &plan, &res);
            br_row *r = br_add();
            bench_fmt(r->section, sizeof r->section, "seed");
            bench_fmt(r->who, sizeof r->who, "fastsha256");
            bench_fmt(r->backend, sizeof r->backend, "%s", label);
            if (a.style == ST_MANY || a.style == ST_STRIDED)
                bench_fmt(r->style, sizeof r->style, "%s (batch %zu)", styles[s].name, a.batch);
            else
                bench_fmt(r->style, sizeof r->style, "%s", styles[s].name);
            bench_fmt(r->messages, sizeof r->messages, "%s", a.distinct ? "distinct" : "same");
            r->size = BENCH_SEED_LEN;
            r->count = opt.count;
            fill_result_row(r, &res, 0, 1);
            bench_fmt(r->note, sizeof r->note, "hex encoder %s", fastsha256_hex_backend());
            uint64_t want = a.distinct ? *ref_distinct : ref_same;
            if (a.distinct && want == 0) /* no OpenSSL reference: the first row is */
                want = *ref_distinct = res.checksum;
            r->check = res.checksum_stable && res.checksum == want ? 1 : -1;
            if (r->check < 0)
                failures++;
            seed_row_progress(r);
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
    bo_style style;
    int distinct;
} ossl_arg;

static uint64_t ossl_seed_work(void *p, size_t start, size_t n, uint64_t acc) {
    const ossl_arg *a = (const ossl_arg *)p;
    return bo_seed_work(a->style, a->distinct, start, n, acc);
}

static void short_openssl_version(char *out, size_t n) {
    const char *v = bo_version();
    const char *sp = strchr(v, ' ');
    bench_fmt(out, n, "%.*s", (int)strcspn(sp ? sp + 1 : v, " "), sp ? sp + 1 : v);
}

static void run_seed_openssl(uint64_t ref_same) {
    static const bo_style styles[] = {BO_EVP_DIGEST, BO_EVP_DIGEST_FETCHED, BO_LOW_LEVEL};
    bu_plan plan = seed_plan();
    char ver[32];
    short_openssl_version(ver, sizeof ver);
    for (size_t s = 0; s < sizeof styles / sizeof styles[0]; s++) {
        if (!bo_style_available(styles[s]))
            continue;
        ossl_arg a = {styles[s], 0};
        bu_result res;
        bu_measure(ossl_seed_work, &a, &plan, &res);
        br_row *r = br_add();
        bench_fmt(r->section, sizeof r->section, "seed");
        bench_fmt(r->who, sizeof r->who, "openssl");
        bench_fmt(r->backend, sizeof r->backend, "%s", ver);
        bench_fmt(r->style, sizeof r->style, "%s + table hex", bo_style_name(styles[s]));
        bench_fmt(r->messages, sizeof r->messages, "same");
        r->size = BENCH_SEED_LEN;
        r->count = opt.count;
        fill_result_row(r, &res, 0, 1);
        r->check = res.checksum_stable && res.checksum == ref_same ? 1 : -1;
        if (r->check < 0)
            failures++;
        seed_row_progress(r);
    }
}

/* --- The seed workload, JavaScript runtimes ------------------------------------ */

static char exe_dir[BJ_PATH_MAX];

static void find_exe_dir(void) {
    ssize_t n = readlink("/proc/self/exe", exe_dir, sizeof exe_dir - 1);
    if (n <= 0) {
        exe_dir[0] = '\0';
        return;
    }
    exe_dir[n] = '\0';
    char *slash = strrchr(exe_dir, '/');
    if (slash)
        *slash = '\0';
}

static void run_seed_js(void) {
    static const char *const kinds[3] = {"node", "bun", "deno"};
    char rt_env[BJ_PATH_MAX] = "", rt_src[BJ_PATH_MAX], rt_exe[BJ_PATH_MAX];
    const char *env = getenv("FASTSHA256_JS_RUNTIMES");
    if (env)
        bench_fmt(rt_env, sizeof rt_env, "%s", env);
    bench_fmt(rt_src, sizeof rt_src, "%s%s", FASTSHA256_BENCH_SOURCE_DIR,
             FASTSHA256_BENCH_SOURCE_DIR[0] ? "/.runtimes" : "");
    bench_fmt(rt_exe, sizeof rt_exe, "%s/.runtimes", exe_dir);
    const char *rt_dirs[] = {opt.runtimes, rt_env, rt_src, rt_exe};

    /* The snippets: --js-dir, the source tree, the installed share folder
     * (relative to the binary, then the configured prefix), next to the binary. */
    char js_src[BJ_PATH_MAX], js_rel[BJ_PATH_MAX], js_data[BJ_PATH_MAX], js_exe[BJ_PATH_MAX];
    bench_fmt(js_src, sizeof js_src, "%s%s", FASTSHA256_BENCH_SOURCE_DIR,
              FASTSHA256_BENCH_SOURCE_DIR[0] ? "/js" : "");
    bench_fmt(js_rel, sizeof js_rel, "%s/../%s", exe_dir, FASTSHA256_BENCH_REL_DATA_DIR);
    bench_fmt(js_data, sizeof js_data, "%s", FASTSHA256_BENCH_DATA_DIR);
    bench_fmt(js_exe, sizeof js_exe, "%s/js", exe_dir);
    const char *js_dirs[] = {opt.js_dir, js_src, js_rel, js_data, js_exe};
    char sync_js[BJ_PATH_MAX], async_js[BJ_PATH_MAX];
    int have_sync = bj_find_script("createhash.mjs", js_dirs, 5, sync_js, sizeof sync_js);
    int have_async = bj_find_script("webcrypto.mjs", js_dirs, 5, async_js, sizeof async_js);
    /* "<runtime> + fastsha256" rows: the Node-API addon of this build. */
    char addon_index[BJ_PATH_MAX], addon_file[BJ_PATH_MAX];
    int have_addon = bj_find_addon(exe_dir, FASTSHA256_BENCH_SOURCE_DIR, addon_index,
                                   sizeof addon_index, addon_file, sizeof addon_file);
    if (!have_addon)
        progress("  js: the fastsha256 addon was not found (build bindings/node): no "
                 "\"<runtime> + fastsha256\" rows\n");
    if (!have_sync || !have_async) {
        bench_fmt(meta.js[0], sizeof meta.js[0],
                 "JS snippets not found (createhash.mjs, webcrypto.mjs): use --js-dir");
        progress("  js: snippets not found (use --js-dir DIR)\n");
        return;
    }

    for (int k = 0; k < 3; k++) {
        char path[BJ_PATH_MAX];
        if (!bj_find_runtime(kinds[k], rt_dirs, 4, path, sizeof path)) {
            bench_fmt(meta.js[k], sizeof meta.js[k], "%s: not found (bench/install-js-runtimes.sh "
                     "installs bun and deno)", kinds[k]);
            progress("  js: %s not found\n", kinds[k]);
            continue;
        }
        bench_fmt(meta.js[k], sizeof meta.js[k], "%s: %s", kinds[k], path);
        for (size_t s = 0; s < bj_nsnippets; s++) {
            const bj_snippet *sn = &bj_snippets[s];
            if (sn->only && strcmp(sn->only, kinds[k]) != 0)
                continue;
            char script[BJ_PATH_MAX];
            if (!bj_find_script(sn->file, js_dirs, 5, script, sizeof script))
                continue;
            const char *extra[4] = {sn->style, NULL, NULL, NULL};
            if (sn->addon) {
                if (!have_addon)
                    continue;
                extra[1] = addon_index;
                extra[2] = addon_file;
            }
            size_t count = sn->async_count ? opt.js_async_count : opt.js_count;
            progress("  %-10s running %s on %zu messages...\n", kinds[k], sn->label, count);
            bj_result jr;
            bj_run(kinds[k], path, script, count, 10, opt.js_timeout, sn->style ? extra : NULL,
                   &jr);
            if (!jr.ok) {
                progress("  %-10s %s failed: %s\n", kinds[k], sn->label, jr.error);
                size_t len = strlen(meta.js[k]);
                bench_fmt(meta.js[k] + len, sizeof meta.js[k] - len, "; %s: %.60s", sn->label,
                          jr.error);
                continue;
            }
            if (s == 0) {
                char desc[BJ_PATH_MAX + 64];
                bench_fmt(desc, sizeof desc, "%s %s (%s)", kinds[k], jr.version, path);
                bench_fmt(meta.js[k], sizeof meta.js[k], "%s", desc);
            }
            br_row *r = br_add();
            bench_fmt(r->section, sizeof r->section, "seed");
            bench_fmt(r->who, sizeof r->who, sn->addon ? "%s + fastsha256" : "%s", kinds[k]);
            bench_fmt(r->backend, sizeof r->backend, "%s", jr.version);
            bench_fmt(r->style, sizeof r->style, "%s", sn->label);
            bench_fmt(r->messages, sizeof r->messages, "same");
            r->size = BENCH_SEED_LEN;
            r->count = jr.count;
            r->threads = 1;
            r->reps = 1;
            r->hps_med = jr.med_rate;
            r->hps_best = jr.best_rate;
            r->ns_med = 1e9 / jr.med_rate;
            r->ns_best = 1e9 / jr.best_rate;
            r->cyc_med = r->ns_med * clk.core_hz / 1e9;
            r->chunks = 0; /* not filtered: the runtimes time themselves */
            r->check = strcmp(jr.last, BENCH_SEED_HEX) == 0 ? 1 : -1;
            if (r->check < 0)
                failures++;
            bench_fmt(r->note, sizeof r->note,
                     "unpinned; %zu messages in %.0f ms (overall %.0f/s), %d chunks; %ld "
                     "involuntary switches", jr.count, jr.total_ms,
                     jr.count / (jr.total_ms / 1000.0), jr.nchunks, jr.child_switches);
            seed_row_progress(r);
        }
    }
}

static void run_seed(void) {
    progress("seed: %zu x \"Hello world!!!\" -> hex, %d reps per row\n", opt.count, opt.reps);
    uint64_t ref_same = seed_reference(opt.count);
    uint64_t ref_distinct = 0;
    if (!opt.no_openssl && bo_available()) {
        /* An independent reference for the distinct messages. */
        ref_distinct = bo_seed_work(BO_EVP_DIGEST, 1, 0, opt.count, BENCH_CHECK_INIT);
    }
    run_seed_fastsha256(ref_same, &ref_distinct);
    if (!opt.no_openssl && bo_available())
        run_seed_openssl(ref_same);
    if (!opt.no_js) {
        run_seed_js();
        /* Python rows (bench/python/seed.py): another runtime, left out by --no-js too. */
        failures += bp_seed_rows(opt.js_count, opt.js_timeout, clk.core_hz, seed_row_progress);
    }
}

/* --- Size sweep ---------------------------------------------------------------- */

typedef struct sweep_arg {
    const uint8_t *buf;
    size_t size, nmsg;
    const void **ptrs;
    size_t *lens;
    uint8_t (*dig)[32];
} sweep_arg;

static uint64_t sweep_oneshot(void *p, size_t start, size_t n, uint64_t acc) {
    const sweep_arg *a = (const sweep_arg *)p;
    bench_ring ring;
    ring.n = 0;
    (void)start;
    for (size_t i = 0; i < n; i++) {
        fastsha256(a->buf, a->size, bench_ring_slot(&ring));
        acc = bench_ring_commit(&ring, acc, bench_fold_digest);
    }
    return bench_ring_flush(&ring, acc, bench_fold_digest);
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
    bench_ring ring;
    ring.n = 0;
    (void)start;
    for (size_t i = 0; i < n; i++) {
        bo_digest(BO_LOW_LEVEL, a->buf, a->size, bench_ring_slot(&ring));
        acc = bench_ring_commit(&ring, acc, bench_fold_digest);
    }
    return bench_ring_flush(&ring, acc, bench_fold_digest);
}

/* Measures fn with enough items for about target_ms per repetition: one
 * granule first (untimed warm-up and calibration), then the plan. */
static void measure_for(bu_work_fn fn, void *const *args, int threads, size_t granule,
                        double target_ms, double budget_ms, bu_result *res) {
    uint64_t t0 = bu_wall_ns();
    (void)fn(args[0], 0, granule, BENCH_CHECK_INIT);
    double per_granule = (double)(bu_wall_ns() - t0) / 1e6;
    if (per_granule < 0.001)
        per_granule = 0.001;
    if (per_granule < target_ms / 4) { /* a second, better calibration */
        size_t k = (size_t)(target_ms / 4 / per_granule) + 1;
        t0 = bu_wall_ns();
        (void)fn(args[0], 0, k * granule, BENCH_CHECK_INIT);
        per_granule = (double)(bu_wall_ns() - t0) / 1e6 / (double)k;
        if (per_granule < 0.0001)
            per_granule = 0.0001;
    }
    size_t granules = (size_t)(target_ms / per_granule);
    if (granules < 1)
        granules = 1;
    bu_plan p;
    memset(&p, 0, sizeof p);
    p.granule = granule;
    p.items = granules * granule;
    p.chunk = p.items;
    p.chunk_ms = 0.5;
    p.warmup = granules >= 8 ? (granules / 8) * granule : granule;
    p.reps = opt.reps;
    double rep_ms = per_granule * (double)granules;
    if (rep_ms * p.reps > budget_ms) {
        p.reps = (int)(budget_ms / rep_ms);
        if (p.reps < 1)
            p.reps = 1;
    }
    bu_measure_threads(fn, args, threads, meta.pinned_cpu, &p, res);
}

static size_t sweep_batch_count(size_t size) {
    if (size == 0)
        return 1024;
    size_t n = 4 * MIB / size;
    return n < 16 ? 16 : n > 1024 ? 1024 : n;
}

static void run_sweep(void) {
    static const size_t all_sizes[] = {0, 14, 55, 64, 256, 1 * KIB, 4 * KIB, 64 * KIB,
                                       1 * MIB, 16 * MIB};
    size_t nsizes = sizeof all_sizes / sizeof all_sizes[0];
    if (opt.quick)
        nsizes--; /* no 16 MiB in quick runs */
    const double target = opt.quick ? 2.0 : 40.0, budget = opt.quick ? 60.0 : 3000.0;
    int threads = opt.threads;

    size_t maxbuf = 0;
    for (size_t z = 0; z < nsizes; z++) {
        size_t need = all_sizes[z] * sweep_batch_count(all_sizes[z]);
        if (need > maxbuf)
            maxbuf = need;
    }
    uint8_t *buf = xmalloc(maxbuf);
    fill_pattern(buf, maxbuf, 0x5eed);
    const void **ptrs = xmalloc(1024 * sizeof *ptrs);
    size_t *lens = xmalloc(1024 * sizeof *lens);
    sweep_arg *args = xmalloc((size_t)threads * sizeof *args);
    void **argp = xmalloc((size_t)threads * sizeof *argp);
    for (int t = 0; t < threads; t++) {
        args[t].dig = xmalloc(1024 * sizeof *args[t].dig);
        argp[t] = &args[t];
    }

    /* Forced backends only ("auto" is one of them); --backend narrows it. */
    const char *names[MAX_BACKENDS];
    size_t nb;
    if (opt.backend && strcmp(opt.backend, "auto") != 0) {
        names[0] = opt.backend;
        nb = 1;
    } else {
        nb = fastsha256_backends(names, MAX_BACKENDS);
        if (nb > MAX_BACKENDS)
            nb = MAX_BACKENDS;
    }
    int with_openssl = !opt.no_openssl && bo_available() && bo_style_available(BO_LOW_LEVEL);
    progress("sweep: %zu sizes x (%zu backends x one-shot/batch%s)%s\n", nsizes, nb,
             with_openssl ? " + OpenSSL" : "",
             threads > 1 ? ", batches on several threads" : "");

    for (size_t b = 0; b <= nb; b++) {
        int is_ossl = b == nb;
        if (is_ossl && !with_openssl)
            break;
        char label[32] = "";
        if (!is_ossl)
            use_backend(names[b], label, sizeof label);
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
                measure_for(fn, argp, th, mode == 1 ? nmsg : 1, target, budget, &res);
                br_row *r = br_add();
                bench_fmt(r->section, sizeof r->section, "sweep");
                if (is_ossl) {
                    bench_fmt(r->who, sizeof r->who, "openssl");
                    short_openssl_version(r->backend, sizeof r->backend);
                    bench_fmt(r->style, sizeof r->style, "SHA256_Init/Update/Final");
                } else {
                    bench_fmt(r->who, sizeof r->who, "fastsha256");
                    bench_fmt(r->backend, sizeof r->backend, "%s", label);
                    bench_fmt(r->style, sizeof r->style, "%s", mode == 0 ? "one-shot" : "batch");
                }
                r->size = size;
                r->count = 0;
                fill_result_row(r, &res, size, th);
                r->hps_med *= 1; /* already all threads: ns are per item overall */
                if (mode == 1)
                    bench_fmt(r->note, sizeof r->note, "fastsha256_many, %zu messages per call%s",
                             nmsg, th > 1 ? ", per thread" : "");
                char rate[16];
                br_fmt_rate(rate, sizeof rate, r->hps_med);
                progress("  %-10s %-10s %-9s %9zu B  %9s hashes/s  %8.3f GB/s  %7.2f cycles/B\n",
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

/* --- Kernels -------------------------------------------------------------------- */

typedef struct kern_arg {
    const uint8_t *buf;
    size_t size, nmsg;
    const void *ptrs[16];
    size_t lens[16];
    uint8_t (*dig)[32];
    char (*hex)[65];
    size_t batch;
    bo_style ostyle;
} kern_arg;

static uint64_t k_many(void *p, size_t start, size_t n, uint64_t acc) {
    kern_arg *a = (kern_arg *)p;
    (void)start;
    for (size_t i = 0; i < n; i++) {
        fastsha256_many(a->ptrs, a->lens, a->nmsg, a->dig);
        for (size_t j = 0; j < a->nmsg; j++)
            acc = bench_fold_digest(acc, a->dig[j]);
    }
    return acc;
}

static uint64_t k_ossl_seq(void *p, size_t start, size_t n, uint64_t acc) {
    kern_arg *a = (kern_arg *)p;
    (void)start;
    for (size_t i = 0; i < n; i++) {
        for (size_t j = 0; j < a->nmsg; j++)
            bo_digest(a->ostyle, a->ptrs[j], a->lens[j], a->dig[j]);
        for (size_t j = 0; j < a->nmsg; j++)
            acc = bench_fold_digest(acc, a->dig[j]);
    }
    return acc;
}

static uint64_t k_oneshot(void *p, size_t start, size_t n, uint64_t acc) {
    kern_arg *a = (kern_arg *)p;
    bench_ring ring;
    ring.n = 0;
    (void)start;
    for (size_t i = 0; i < n; i++) {
        fastsha256(a->buf, a->size, bench_ring_slot(&ring));
        acc = bench_ring_commit(&ring, acc, bench_fold_digest);
    }
    return bench_ring_flush(&ring, acc, bench_fold_digest);
}

static uint64_t k_ossl_oneshot(void *p, size_t start, size_t n, uint64_t acc) {
    kern_arg *a = (kern_arg *)p;
    bench_ring ring;
    ring.n = 0;
    (void)start;
    for (size_t i = 0; i < n; i++) {
        bo_digest(a->ostyle, a->buf, a->size, bench_ring_slot(&ring));
        acc = bench_ring_commit(&ring, acc, bench_fold_digest);
    }
    return bench_ring_flush(&ring, acc, bench_fold_digest);
}

/* Hex kernels: n digests in batches; one string per batch goes into the
 * checksum (the encoders are what is measured, not the fold). */
static uint64_t k_hex_many(void *p, size_t start, size_t n, uint64_t acc) {
    kern_arg *a = (kern_arg *)p;
    (void)start;
    for (size_t done = 0; done < n; done += a->batch) {
        fastsha256_to_hex_many((const uint8_t(*)[32])a->dig, a->batch, a->hex);
        acc = bench_fold_hex(acc, a->hex[done / a->batch % a->batch]);
    }
    return acc;
}

static uint64_t k_hex_single(void *p, size_t start, size_t n, uint64_t acc) {
    kern_arg *a = (kern_arg *)p;
    (void)start;
    for (size_t done = 0; done < n; done += a->batch) {
        for (size_t j = 0; j < a->batch; j++)
            fastsha256_to_hex(a->dig[j], 32, a->hex[j]);
        acc = bench_fold_hex(acc, a->hex[done / a->batch % a->batch]);
    }
    return acc;
}

static uint64_t k_hex_table(void *p, size_t start, size_t n, uint64_t acc) {
    kern_arg *a = (kern_arg *)p;
    (void)start;
    for (size_t done = 0; done < n; done += a->batch) {
        for (size_t j = 0; j < a->batch; j++)
            bench_table_hex(a->dig[j], 32, a->hex[j]);
        acc = bench_fold_hex(acc, a->hex[done / a->batch % a->batch]);
    }
    return acc;
}

static uint64_t k_hex_openssl(void *p, size_t start, size_t n, uint64_t acc) {
    kern_arg *a = (kern_arg *)p;
    (void)start;
    for (size_t done = 0; done < n; done += a->batch) {
        for (size_t j = 0; j < a->batch; j++)
            (void)bo_buf2hex(a->dig[j], 32, a->hex[j], 65);
        acc = bench_fold_hex(acc, a->hex[done / a->batch % a->batch]);
    }
    return acc;
}

/* Median ticks per item of fn over about target_ms per repetition. */
static double k_ticks(bu_work_fn fn, kern_arg *a, size_t granule, double target_ms) {
    void *args[1] = {a};
    bu_result res;
    measure_for(fn, args, 1, granule, target_ms, opt.quick ? 400.0 : 4000.0, &res);
    return res.ticks_med;
}

/* OpenSSL's other x86-64 code paths, chosen by OPENSSL_ia32cap, which
 * libcrypto reads once at load: measured in a child process of this program
 * (same CPU, same counter). Values are ticks. */
typedef struct ossl_probe {
    int ok;
    double per_byte_16m, per_block_1m, per_hash_14;
} ossl_probe;

static int openssl_probe_main(void) {
    if (!bo_available() || !bo_style_available(BO_LOW_LEVEL))
        return 1;
    kern_arg a;
    memset(&a, 0, sizeof a);
    uint8_t *buf = xmalloc(16 * MIB);
    fill_pattern(buf, 16 * MIB, 0x16);
    a.buf = buf;
    a.ostyle = BO_LOW_LEVEL;
    double target = opt.quick ? 20 : 150;
    a.size = 16 * MIB;
    double t16 = k_ticks(k_ossl_oneshot, &a, 1, target) / (double)(16 * MIB);
    a.size = 1 * MIB;
    double t1 = k_ticks(k_ossl_oneshot, &a, 1, target) / (double)(MIB / 64 + 1);
    a.size = BENCH_SEED_LEN;
    double t14 = k_ticks(k_ossl_oneshot, &a, 1, target);
    printf("openssl-probe %.6f %.6f %.6f\n", t16, t1, t14);
    free(buf);
    return 0;
}

static ossl_probe run_probe(const char *ia32cap) {
    ossl_probe p;
    memset(&p, 0, sizeof p);
#if defined(__x86_64__) || defined(__i386__)
    char self[BJ_PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0)
        return p;
    self[n] = '\0';
    const char *argv[] = {self, "--openssl-probe", opt.quick ? "--quick" : "--reps",
                          opt.quick ? NULL : "5", NULL};
    static char out[4096];
    /* Same CPU as this process: the child inherits the pinning. */
    int st = bj_capture(argv, "OPENSSL_ia32cap", ia32cap, 0, 300, out, sizeof out, NULL);
    const char *line = strstr(out, "openssl-probe ");
    if (st == 0 && line &&
        sscanf(line + 14, "%lf %lf %lf", &p.per_byte_16m, &p.per_block_1m, &p.per_hash_14) == 3)
        p.ok = 1;
#else
    (void)ia32cap;
#endif
    return p;
}

static br_row *k_row(const char *style, const char *unit, double value, const char *peer,
                     double peer_value) {
    br_row *r = br_add();
    bench_fmt(r->section, sizeof r->section, "kernels");
    bench_fmt(r->who, sizeof r->who, "fastsha256");
    bench_fmt(r->backend, sizeof r->backend, "%s", fastsha256_backend());
    bench_fmt(r->style, sizeof r->style, "%s", style);
    bench_fmt(r->unit, sizeof r->unit, "%s", unit);
    r->value = value;
    bench_fmt(r->peer, sizeof r->peer, "%s", peer_value > 0 ? peer : "");
    r->peer_value = peer_value;
    r->reps = opt.reps;
    r->threads = 1;
    progress("  %-54s %10.3f %-13s  OpenSSL %10.3f  %s\n", style, value, unit, peer_value,
             peer_value > 0 ? peer : "(n/a)");
    return r;
}

static int backend_supported(const char *name) {
    const char *names[MAX_BACKENDS];
    size_t n = fastsha256_backends(names, MAX_BACKENDS);
    for (size_t i = 0; i < n && i < MAX_BACKENDS; i++)
        if (strcmp(names[i], name) == 0)
            return 1;
    return 0;
}

static void run_kernels(void) {
    const double target = opt.quick ? 10 : 120;
    const int ossl = !opt.no_openssl && bo_available() && bo_style_available(BO_LOW_LEVEL);
    kern_arg a;
    memset(&a, 0, sizeof a);
    uint8_t *buf = xmalloc(16 * MIB);
    fill_pattern(buf, 16 * MIB, 0x16);
    a.buf = buf;
    a.batch = 1024;
    a.dig = xmalloc(1024 * sizeof *a.dig);
    a.hex = xmalloc(1024 * sizeof *a.hex);
    a.ostyle = BO_LOW_LEVEL;
    for (size_t j = 0; j < 16; j++) {
        a.ptrs[j] = buf + j * MIB;
        a.lens[j] = MIB;
    }
    const double blocks_1m = (double)(MIB / 64 + 1); /* with the padding block */

    progress("kernels: core cycles = TSC cycles x %.3f\n", clk.core_per_tick);
    ossl_probe p_avx2 = {0, 0, 0, 0}, p_int = {0, 0, 0, 0};
    if (ossl) { /* OPENSSL_ia32cap masks: empty probes off x86 */
        p_avx2 = run_probe(":~0x20000000");            /* no SHA extensions */
        p_int = run_probe("~0x20000000000:~0x20000128"); /* no SSSE3, SHA, AVX2, BMI */
    }
    /* OpenSSL default path (SHA-NI where present), in this process. */
    double o_16m = 0, o_1m_block = 0, o_14 = 0, o_14_evp = 0, o_14_sha256 = 0, o_many = 0;
    if (ossl) {
        a.size = 16 * MIB;
        o_16m = cycles_of(k_ticks(k_ossl_oneshot, &a, 1, target)) / (double)(16 * MIB);
        a.nmsg = 16;
        o_many = k_ticks(k_ossl_seq, &a, 1, target); /* ticks per 16 x 1 MiB */
        o_1m_block = cycles_of(o_many) / (16 * blocks_1m);
        a.size = BENCH_SEED_LEN;
        o_14 = cycles_of(k_ticks(k_ossl_oneshot, &a, 1, target));
        a.ostyle = BO_EVP_DIGEST;
        o_14_evp = cycles_of(k_ticks(k_ossl_oneshot, &a, 1, target));
        a.ostyle = BO_SHA256_ONESHOT;
        o_14_sha256 = cycles_of(k_ticks(k_ossl_oneshot, &a, 1, target));
        a.ostyle = BO_LOW_LEVEL;
    }
    /* OpenSSL through SHA256_Init/Update/Final, its fastest API for short
     * messages (OpenSSL 3's SHA256() and EVP_Digest fetch the algorithm on
     * every call). */
    char o_def[48];
    bench_fmt(o_def, sizeof o_def, "default path%s",
              backend_supported("shani") ? " (SHA-NI here)" : "");
    const char *o_seq = "16 x 1 MiB in a row, default path";
    const char *o_avx2 = "AVX2 path (ia32cap: no SHA-NI)";
    const char *o_int = "integer path (ia32cap: no SIMD)";

    /* 1. 16 independent 1 MiB buffers through fastsha256_many, auto backend. */
    char s[96];
    fastsha256_reset_backend();
    if (!opt.backend || strcmp(opt.backend, "auto") == 0) {
        a.nmsg = 16;
        double t = k_ticks(k_many, &a, 1, target);
        double secs = t / clk.tick_hz;
        bench_fmt(s, sizeof s, "fastsha256_many, 16 x 1 MiB (auto=%s)", fastsha256_backend());
        k_row(s, "GB/s", 16.0 * MIB / secs / 1e9, o_seq,
              o_many > 0 ? 16.0 * MIB / (o_many / clk.tick_hz) / 1e9 : 0);
        k_row(s, "cycles/block", cycles_of(t) / (16 * blocks_1m), o_seq, o_1m_block);
    }

    /* 2. The AVX2 8-lane kernel: exactly 8 messages, every lane busy. */
    if (backend_supported("avx2") && (!opt.backend || strcmp(opt.backend, "avx2") == 0)) {
        fastsha256_set_backend("avx2");
        a.nmsg = 8;
        double t = k_ticks(k_many, &a, 1, target);
        br_row *r = k_row("avx2 forced, 8 lanes: fastsha256_many, 8 x 1 MiB", "cycles/block",
                          cycles_of(t) / (8 * blocks_1m), o_avx2,
                          p_avx2.ok ? cycles_of(p_avx2.per_block_1m) : 0);
        bench_fmt(r->note, sizeof r->note, "= %.0f cycles per 8-lane step (8 blocks at once); "
                 "OpenSSL default path %.2f cycles/block", cycles_of(t) / blocks_1m, o_1m_block);
    }

    /* 3. Single stream, 16 MiB, per backend; 4. the 14-byte one-shot. */
    const char *names[MAX_BACKENDS];
    size_t nb = fastsha256_backends(names, MAX_BACKENDS);
    if (nb > MAX_BACKENDS)
        nb = MAX_BACKENDS;
    for (size_t b = 0; b < nb; b++) {
        if (opt.backend && strcmp(opt.backend, "auto") != 0 && strcmp(opt.backend, names[b]) != 0)
            continue;
        fastsha256_set_backend(names[b]);
        const ossl_probe *pp = NULL;
        const char *peer = o_def;
        if (strcmp(names[b], "avx2") == 0)
            pp = &p_avx2, peer = o_avx2;
        else if (strcmp(names[b], "scalar") == 0)
            pp = &p_int, peer = o_int;
        a.size = 16 * MIB;
        double t = k_ticks(k_oneshot, &a, 1, target);
        bench_fmt(s, sizeof s, "%s forced, single stream: 16 MiB one-shot", names[b]);
        double peer_v = pp ? (pp->ok ? cycles_of(pp->per_byte_16m) : 0) : o_16m;
        br_row *r = k_row(s, "cycles/byte", cycles_of(t) / (double)(16 * MIB), peer, peer_v);
        bench_fmt(r->note, sizeof r->note, "%.3f GB/s", 16.0 * MIB / (t / clk.tick_hz) / 1e9);
        a.size = BENCH_SEED_LEN;
        t = k_ticks(k_oneshot, &a, 1, target);
        bench_fmt(s, sizeof s, "%s forced: 14-byte one-shot (fastsha256())", names[b]);
        peer_v = pp ? (pp->ok ? cycles_of(pp->per_hash_14) : 0) : o_14;
        r = k_row(s, "cycles/hash", cycles_of(t), peer, peer_v);
        if (ossl)
            bench_fmt(r->note, sizeof r->note, "OpenSSL default path, other APIs: EVP_Digest "
                      "%.0f, SHA256() %.0f cycles/hash", o_14_evp, o_14_sha256);
    }

    /* 5. Hex: per encoder reachable through a backend (auto's, and scalar's
     * portable one), in batches of 1024 digests. */
    for (size_t j = 0; j < 1024; j++) {
        uint8_t m[8];
        memcpy(m, &j, sizeof m < sizeof j ? sizeof m : sizeof j);
        fastsha256(m, sizeof m, a.dig[j]);
    }
    double t_table = k_ticks(k_hex_table, &a, a.batch, target);
    double t_ossl_hex = 0;
    if (ossl && bo_buf2hex(a.dig[0], 32, a.hex[0], 65))
        t_ossl_hex = k_ticks(k_hex_openssl, &a, a.batch, target);
    const char *hex_seen[MAX_BACKENDS];
    size_t nhex = 0;
    for (size_t b = 0; b <= nb; b++) {
        if (b == 0)
            fastsha256_reset_backend();
        else
            fastsha256_set_backend(names[b - 1]);
        const char *h = fastsha256_hex_backend();
        int seen = 0;
        for (size_t k = 0; k < nhex; k++)
            if (strcmp(hex_seen[k], h) == 0)
                seen = 1;
        if (seen || nhex == MAX_BACKENDS)
            continue;
        hex_seen[nhex++] = h;
        double t = k_ticks(k_hex_many, &a, a.batch, target);
        bench_fmt(s, sizeof s, "hex %s: to_hex_many, batches of 1024 (via %s)", h,
                 fastsha256_backend());
        br_row *r = k_row(s, "cycles/digest", cycles_of(t), "OPENSSL_buf2hexstr_ex (upper)",
                          cycles_of(t_ossl_hex));
        bench_fmt(r->note, sizeof r->note, "plain table encoder: %.1f cycles/digest",
                 cycles_of(t_table));
        t = k_ticks(k_hex_single, &a, a.batch, target);
        bench_fmt(s, sizeof s, "hex %s: to_hex, one digest per call", h);
        r = k_row(s, "cycles/digest", cycles_of(t), "OPENSSL_buf2hexstr_ex (upper)",
                  cycles_of(t_ossl_hex));
        bench_fmt(r->note, sizeof r->note, "plain table encoder: %.1f cycles/digest",
                 cycles_of(t_table));
    }
    if (ossl && (!p_avx2.ok || !p_int.ok))
        progress("  note: OpenSSL's AVX2/integer paths could not be measured (OPENSSL_ia32cap "
                 "probe%s)\n",
#if defined(__x86_64__) || defined(__i386__)
                 " failed"
#else
                 "s are x86-only"
#endif
        );
    fastsha256_reset_backend();
    free(a.dig);
    free(a.hex);
    free(buf);
}

/* --- Main ------------------------------------------------------------------------ */

static void check_backend_option(void) {
    if (!opt.backend || strcmp(opt.backend, "auto") == 0)
        return;
    const char *all[MAX_BACKENDS], *sup[MAX_BACKENDS];
    size_t na = fastsha256_all_backends(all, MAX_BACKENDS);
    size_t ns = fastsha256_backends(sup, MAX_BACKENDS);
    int known = 0, supported = 0;
    for (size_t i = 0; i < na && i < MAX_BACKENDS; i++)
        known |= strcmp(all[i], opt.backend) == 0;
    for (size_t i = 0; i < ns && i < MAX_BACKENDS; i++)
        supported |= strcmp(sup[i], opt.backend) == 0;
    char list[128] = "";
    for (size_t i = 0; i < ns && i < MAX_BACKENDS; i++) {
        size_t l = strlen(list);
        bench_fmt(list + l, sizeof list - l, "%s%s", l ? ", " : "", sup[i]);
    }
    if (!known) {
        fprintf(stderr, PROG ": unknown backend '%s': not a backend of this build (supported here: auto, %s)\n", opt.backend,
                list);
        exit(2);
    }
    if (!supported) {
        fprintf(stderr, PROG ": backend '%s' is not supported on this CPU (supported here: "
                        "auto, %s)\n", opt.backend, list);
        exit(2);
    }
}

static void fill_meta(void) {
    bu_cpu_model(meta.cpu_model, sizeof meta.cpu_model);
    meta.ncpus = bu_affinity_count();
    meta.tick_source = bu_tick_source();
    meta.compiler = bu_compiler();
    bench_fmt(meta.build, sizeof meta.build, "%s", FASTSHA256_BENCH_BUILD);
    meta.version = fastsha256_version();
    const char *names[MAX_BACKENDS];
    size_t n = fastsha256_backends(names, MAX_BACKENDS);
    for (size_t i = 0; i < n && i < MAX_BACKENDS; i++) {
        size_t l = strlen(meta.backends);
        bench_fmt(meta.backends + l, sizeof meta.backends - l, "%s%s", i ? " " : "", names[i]);
    }
    bench_fmt(meta.auto_backend, sizeof meta.auto_backend, "%s", fastsha256_backend());
    bench_fmt(meta.hex_backend, sizeof meta.hex_backend, "%s", fastsha256_hex_backend());
    if (opt.no_openssl)
        bench_fmt(meta.openssl, sizeof meta.openssl, "left out (--no-openssl)");
    else
        bench_fmt(meta.openssl, sizeof meta.openssl, "%s", bo_version());
    if (opt.no_js)
        bench_fmt(meta.js[0], sizeof meta.js[0], "left out (--no-js)");
    meta.count = opt.count;
    meta.batch = opt.batch;
    meta.js_count = opt.js_count;
    meta.js_async_count = opt.js_async_count;
    meta.reps = opt.reps;
    meta.threads = opt.threads;
    meta.quick = opt.quick;
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    strftime(meta.date, sizeof meta.date, "%Y-%m-%d %H:%M UTC", &tm);
    struct utsname u;
    if (uname(&u) == 0)
        bench_fmt(meta.host_kernel, sizeof meta.host_kernel, "%s %s %s", u.sysname, u.release,
                 u.machine);
    bench_fmt(meta.modes, sizeof meta.modes, "%s%s%s", opt.seed ? "seed " : "",
             opt.sweep ? "sweep " : "", opt.kernels ? "kernels" : "");
    if (getenv("FASTSHA256_BACKEND") || getenv("FASTSHA256_HIDE")) {
        size_t l = strlen(meta.auto_backend);
        bench_fmt(meta.auto_backend + l, sizeof meta.auto_backend - l, " (env)");
    }
}

int main(int argc, char **argv) {
    if (argc > 1 && strcmp(argv[1], "--hmac") == 0)
        return bh_main(argc - 1, argv + 1);
    parse_options(argc, argv, &opt);
    bu_affinity_save();
    if (opt.openssl_probe)
        return openssl_probe_main();
    check_backend_option();
    if (opt.output && br_prepare_dir(opt.output) != 0)
        return 2;
    find_exe_dir();

    /* Pin (before calibrating: the core estimate is of this core). */
    meta.pinned_cpu = -1;
    if (opt.cpu != -2) {
        int cpu = opt.cpu >= 0 ? opt.cpu : bu_affinity_nth(bu_affinity_count() - 1);
        if (opt.cpu >= 0 && !bu_affinity_has(cpu)) {
            fprintf(stderr, PROG ": --cpu %d: not an allowed CPU here (%d allowed)\n", cpu,
                    bu_affinity_count());
            return 2;
        }
        if (bu_pin_self(cpu) == 0)
            meta.pinned_cpu = cpu;
        else
            fprintf(stderr, PROG ": could not pin to cpu %d: %s\n", cpu, strerror(errno));
    }
    progress(PROG ": calibrating the clocks...\n");
    bu_calibrate(&clk, opt.quick);
    meta.tick_hz = clk.tick_hz;
    meta.core_hz = clk.core_hz;
    meta.core_per_tick = clk.core_per_tick;
    meta.core_estimated = clk.core_estimated;
    fill_meta();
    progress("%s: %s; TSC %.3f GHz, core ~%.3f GHz; backends %s (auto %s, hex %s)\n", PROG,
             meta.cpu_model, clk.tick_hz / 1e9, clk.core_hz / 1e9, meta.backends,
             meta.auto_backend, meta.hex_backend);

    if (opt.seed)
        run_seed();
    if (opt.sweep)
        run_sweep();
    if (opt.kernels)
        run_kernels();

    if (clk.core_estimated) {
        meta.core_hz_end = bu_estimate_core_hz(clk.tick_hz, opt.quick);
        if (meta.core_hz_end > 0 && (meta.core_hz_end < 0.95 * clk.core_hz ||
                                     meta.core_hz_end > 1.05 * clk.core_hz))
            progress(PROG ": note: the core clock moved during the run (%.3f -> %.3f GHz)\n",
                     clk.core_hz / 1e9, meta.core_hz_end / 1e9);
    }

    if (strcmp(opt.format, "csv") == 0) {
        br_write_csv(stdout);
    } else if (strcmp(opt.format, "json") == 0) {
        br_write_json(stdout, &meta);
    } else {
        br_print_header(stdout, &meta);
        br_print_seed(stdout, &meta);
        br_print_sweep(stdout, &meta);
        br_print_kernels(stdout, &meta);
    }
    fflush(stdout);
    int rc = 0;
    if (opt.output && br_write_dir(opt.output, &meta, 1) != 0)
        rc = 1;
    if (failures) {
        fprintf(stderr, PROG ": %d row%s failed the output check\n", failures,
                failures == 1 ? "" : "s");
        rc = 1;
    }
    return rc;
}
