/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* What every C file of the benchmark shares, below the modes' context
 * (bench_context.h): the output checksum, the seed message, the plain
 * table-based hex encoder used after every peer (OpenSSL) digest, child
 * programs (bench_peer.c), timing and noise control (bench_util.c) and the
 * OpenSSL peer (bench_openssl.c). */
#ifndef FASTSHA256_BENCH_COMMON_H
#define FASTSHA256_BENCH_COMMON_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* The seed message and the digest every seed row must reproduce. */
#define BENCH_SEED_MSG "Hello world!!!"
#define BENCH_SEED_LEN 14u
#define BENCH_SEED_HEX "4354dfda70c8f0d3991b9de3d56dcb6e9f2fc6c0316d235b63afeb388471ada4"

/* The distinct-message variant: "Hello " and an 8-digit decimal counter, the
 * same 14 bytes as the seed (10^8 distinct messages). */
#define BENCH_DISTINCT_PREFIX "Hello "
#define BENCH_DISTINCT_DIGITS 8u

#define BENCH_CHECK_INIT 0xcbf29ce484222325ull /* FNV-1a 64 offset basis */

/* Checksum of every produced hex string: the XOR of its eight 64-bit words,
 * folded FNV-1a style (xor, multiply by the FNV prime) into the running value.
 * Order-dependent, a handful of cycles per digest, and it reads every
 * character, so no hashing or hex work can be skipped. */
static inline uint64_t bench_load_word(const char *p) {
    uint64_t w;
    memcpy(&w, p, sizeof w);
    return w;
}

/* Word by word, as a tree: copying the string into a uint64_t[8] first cost
 * twice the cycles (docs/choices.md), all of them charged to whichever row
 * was measured; this way costs the xor-multiply chain's latency. */
static inline uint64_t bench_fold_hex(uint64_t acc, const void *hex_string) {
    const char *hex64 = (const char *)hex_string;
    uint64_t f = ((bench_load_word(hex64) ^ bench_load_word(hex64 + 8)) ^
                  (bench_load_word(hex64 + 16) ^ bench_load_word(hex64 + 24))) ^
                 ((bench_load_word(hex64 + 32) ^ bench_load_word(hex64 + 40)) ^
                  (bench_load_word(hex64 + 48) ^ bench_load_word(hex64 + 56)));
    return (acc ^ f) * 0x100000001b3ull;
}

/* Same, over raw 32-byte digests (the sweep and kernel modes, no hex). */
static inline uint64_t bench_fold_digest(uint64_t acc, const void *digest32) {
    const char *d = (const char *)digest32;
    uint64_t f = (bench_load_word(d) ^ bench_load_word(d + 8)) ^
                 (bench_load_word(d + 16) ^ bench_load_word(d + 24));
    return (acc ^ f) * 0x100000001b3ull;
}

/* A result is folded 7 results after it was written. Folding it at once
 * would read it with 8-byte loads right behind the producer's stores, and a
 * byte-at-a-time encoder (the plain table encoder after OpenSSL, fastsha256's
 * portable one) or a digest stored 4 bytes at a time would then pay a
 * store-forwarding stall per load, charged to the benchmark, not to what it
 * measures (docs/choices.md). The fold order, and so the checksum,
 * is the same as folding each result at once. One ring serves hex strings
 * and digests: the fold function says which (bench_fold_hex or
 * bench_fold_digest); it is a constant at every call, so it is inlined. */
#define BENCH_RING 8u
typedef uint64_t (*bench_fold_fn)(uint64_t acc, const void *item);
typedef struct bench_ring {
    char s[BENCH_RING][72]; /* a hex string and its NUL, or a digest */
    size_t n;               /* results written */
} bench_ring;

/* Where the next result goes. */
static inline void *bench_ring_slot(bench_ring *r) { return r->s[r->n % BENCH_RING]; }

/* After writing the slot: folds the result written BENCH_RING - 1 ago. */
static inline uint64_t bench_ring_commit(bench_ring *r, uint64_t acc, bench_fold_fn fold) {
    if (r->n >= BENCH_RING - 1)
        acc = fold(acc, r->s[(r->n - (BENCH_RING - 1)) % BENCH_RING]);
    r->n++;
    return acc;
}

/* Folds the results not folded yet, in order. */
static inline uint64_t bench_ring_flush(bench_ring *r, uint64_t acc, bench_fold_fn fold) {
    size_t first = r->n >= BENCH_RING - 1 ? r->n - (BENCH_RING - 1) : 0;
    for (size_t i = first; i < r->n; i++)
        acc = fold(acc, r->s[i % BENCH_RING]);
    r->n = 0;
    return acc;
}

/* The plain hex encoder a typical program writes: one table lookup per
 * nibble. Used after OpenSSL's digests so those rows do the same work as
 * fastsha256's digest + to_hex. Writes 2n characters and a NUL. */
static inline void bench_table_hex(const uint8_t *in, size_t n, char *out) {
    static const char digits[16] = {'0', '1', '2', '3', '4', '5', '6', '7',
                                    '8', '9', 'a', 'b', 'c', 'd', 'e', 'f'};
    for (size_t i = 0; i < n; i++) {
        out[2 * i] = digits[in[i] >> 4];
        out[2 * i + 1] = digits[in[i] & 15];
    }
    out[2 * n] = '\0';
}

/* Writes the 8 decimal digits of the counter value v (mod 10^8). */
static inline void bench_set_counter(char *digits, uint64_t v) {
    for (int i = (int)BENCH_DISTINCT_DIGITS - 1; i >= 0; i--) {
        digits[i] = (char)('0' + v % 10);
        v /= 10;
    }
}

/* Odometer increment of the 8 decimal digits: about one store per call. */
static inline void bench_next_counter(char *digits) {
    int i = (int)BENCH_DISTINCT_DIGITS - 1;
    while (i >= 0 && digits[i] == '9')
        digits[i--] = '0';
    if (i >= 0)
        digits[i]++;
}

/* snprintf that truncates quietly: labels and paths that do not fit are cut. */
static inline void bench_fmt(char *buf, size_t n, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static inline void bench_fmt(char *buf, size_t n, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    if (n && vsnprintf(buf, n, fmt, ap) < 0)
        buf[0] = '\0';
    va_end(ap);
}

/* A JSON string at p (after its opening quote) into out; returns the end or NULL. */
static inline const char *bench_json_string(const char *p, char *out, size_t n) {
    size_t k = 0;
    for (; *p && *p != '"'; p++) {
        if (*p == '\\' && p[1])
            p++;
        if (k + 1 < n)
            out[k++] = *p;
    }
    if (n)
        out[k] = '\0';
    return *p == '"' ? p + 1 : NULL;
}

/* --- Child programs (bench_peer.c) -------------------------------------------
 * Of fastsha256-bench (bench/peers.sh, python3, its own OpenSSL probe, gnuplot):
 * shell commands whose output is read line by line as it comes. They inherit
 * the pinning; bench/peers.sh unpins the JS runtimes. */
#define BENCH_PATH_MAX 4096

typedef void (*bench_proc_line_fn)(void *arg, const char *line);

/* Runs cmd with /bin/sh: on_line(arg, line) for each line of its standard
 * output, without the newline (longer lines come in pieces). Returns its
 * exit status, or -1 when it could not run or was killed. */
int bench_proc_lines(const char *cmd, bench_proc_line_fn on_line, void *arg);
/* The same, the output kept in out (NUL-terminated, cut to outlen > 0). */
int bench_proc_capture(const char *cmd, char *out, size_t outlen);
/* s single-quoted for the shell, into out (cut to n). */
void bench_proc_quote(char *out, size_t n, const char *s);

/* --- Timing and noise control (bench_util.c) ----------------------------------
 * The cycle counter, its calibration against the wall clock, an estimate of
 * the core clock, CPU pinning, the statistics of repetitions, and the
 * chunked measurement loop that drops chunks during which the thread was
 * descheduled. */

/* --- Clocks ---------------------------------------------------------------- */
uint64_t bench_ticks(void);           /* rdtsc / cntvct_el0 / CLOCK_MONOTONIC ns */
const char *bench_tick_source(void);  /* "TSC (rdtsc)", ... */
uint64_t bench_wall_ns(void);         /* CLOCK_MONOTONIC */
uint64_t bench_thread_cpu_ns(void);   /* CLOCK_THREAD_CPUTIME_ID */
long bench_thread_switches(void);     /* voluntary + involuntary, this thread */

typedef struct bench_clock {
    double tick_hz;        /* counter ticks per second */
    double core_hz;        /* estimated core clock at the start */
    double core_per_tick;  /* core cycles per counter tick, used for all rows */
    int core_estimated;    /* 0: no add-chain estimate here, cycles = ticks */
} bench_clock;

/* Measures the tick rate against CLOCK_MONOTONIC and the core clock with a
 * dependent add chain (one add per core cycle). */
void bench_calibrate(bench_clock *c, int quick);
/* Core clock now, in Hz (0 when not measurable on this architecture). */
double bench_estimate_core_hz(double tick_hz, int quick);

/* --- CPU pinning --------------------------------------------------------- */
/* Saves the process's allowed CPU set (call once, first). */
void bench_affinity_save(void);
int bench_affinity_count(void);           /* CPUs in the saved set */
int bench_affinity_nth(int n);            /* n-th CPU of the saved set, wrapping */
int bench_affinity_has(int cpu);
int bench_pin_self(int cpu);              /* 0 = done */
void bench_affinity_restore_self(void);   /* back to the saved set (for children) */

/* --- System description ------------------------------------------------------ */
const char *bench_compiler(void);

/* --- Statistics (bench_stats.c) ------------------------------------------- */
#define BENCH_MAX_REPS 64

/* A repetition further than this fraction from the median is an outlier:
 * flagged in the row, never part of its rate (the rate is the median). */
#define BENCH_OUTLIER_FRACTION 0.25

typedef struct bench_spread {
    double min, med, max;
    int outliers;
} bench_spread;

bench_spread bench_spread_of(const double *v, int n);
void bench_sort_doubles(double *v, size_t n); /* in place, smallest first */
/* Median of n doubles (sorts a copy; n <= BENCH_MAX_REPS): the mean of the
 * middle two for an even n. */
double bench_median(const double *v, int n);

/* --- Measurement ------------------------------------------------------------ */
/* Processes items [start, start + n) and returns acc updated with a checksum
 * of every output. Items of one run are visited in order, chunk by chunk. */
typedef uint64_t (*bench_work_fn)(void *arg, size_t start, size_t n, uint64_t acc);

/* Untimed preparation of items [start, start + n) before their chunk runs
 * (e.g. writing distinct messages), so that only the hashing is timed. */
typedef void (*bench_prep_fn)(void *arg, size_t start, size_t n);

typedef struct bench_plan {
    size_t items;        /* per repetition */
    size_t chunk;        /* items per timed chunk (rounded to `granule`); with
                            chunk_ms, the most items per chunk */
    double chunk_ms;     /* > 0: size chunks to about this long, from the
                            warm-up's speed (short chunks survive on a busy
                            machine: most fit in one scheduler time slice) */
    size_t granule;      /* chunk sizes are multiples of this (batch size) */
    size_t warmup;       /* items run untimed before the first repetition */
    int reps;
    bench_prep_fn prep;     /* optional; called with the chunk's range */
} bench_plan;

typedef struct bench_result {
    double ns_med, ns_best;       /* wall ns per item, median and best rep */
    double ns_worst;              /* the slowest rep */
    int outliers;                 /* reps far from the median (above) */
    double ticks_med;             /* counter ticks per item */
    double ticks_fastest;         /* per item, the fastest chunk (one thread only) */
    int reps;
    size_t chunks, discarded;     /* over all reps */
    uint64_t checksum;            /* of the first repetition */
    int checksum_stable;          /* every repetition produced it */
    int noisy;                    /* a rep had every chunk discarded: its
                                     value is then its fastest chunk's */
} bench_result;

void bench_measure(bench_work_fn fn, void *arg, const bench_plan *plan, bench_result *out);

/* Runs fn on nthreads threads at once (thread t gets args[t] and `items`
 * items of its own), each thread timed chunk by chunk as in bench_measure; a
 * repetition's rate is the sum of the threads' rates. Thread t is pinned to
 * the t-th CPU of the saved set counting from first_cpu (no pinning when
 * first_cpu < 0). ns/ticks per item are for all threads together. */
void bench_measure_threads(bench_work_fn fn, void *const *args, int nthreads, int first_cpu,
                           const bench_plan *plan, bench_result *out);

/* --- OpenSSL libcrypto, the peer (bench_openssl.c) ------------------------------
 * Without OpenSSL at build time (FASTSHA256_BENCH_HAVE_OPENSSL undefined)
 * nothing is available: bench_openssl_available() returns 0. */

typedef enum bench_openssl_style {
    BENCH_OPENSSL_EVP_DIGEST,         /* EVP_Digest(..., EVP_sha256(), NULL) per message */
    BENCH_OPENSSL_EVP_DIGEST_FETCHED, /* EVP_Digest with an EVP_MD fetched once (OpenSSL 3) */
    BENCH_OPENSSL_LOW_LEVEL,          /* SHA256_Init / SHA256_Update / SHA256_Final */
    BENCH_OPENSSL_SHA256_ONESHOT,     /* SHA256() */
} bench_openssl_style;

int bench_openssl_available(void);
const char *bench_openssl_version(void);                      /* OpenSSL_version(OPENSSL_VERSION) */
const char *bench_openssl_style_name(bench_openssl_style s);  /* "EVP_Digest", ... */
int bench_openssl_style_available(bench_openssl_style s);

/* Hashes one message in the given style. */
void bench_openssl_digest(bench_openssl_style s, const void *data, size_t len, uint8_t out[32]);

/* The seed workload: n messages (the seed message, or when distinct is set
 * the counter messages start .. start + n - 1), each digested in style s and
 * hex-encoded with the plain table encoder; returns acc with every hex string
 * folded in (bench_fold_hex). */
uint64_t bench_openssl_seed_work(bench_openssl_style s, int distinct, size_t start, size_t n,
                                 uint64_t acc);

/* OpenSSL's own hex encoder, OPENSSL_buf2hexstr_ex with no separator
 * (uppercase); returns 0 when not available. out holds 2n + 1 bytes. */
int bench_openssl_buf2hex(const uint8_t *in, size_t n, char *out, size_t outlen);

#endif /* FASTSHA256_BENCH_COMMON_H */
