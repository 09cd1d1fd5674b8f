/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The context every mode of fastsha256-bench runs in: the options, the
 * clocks, the run's description, and the helpers the modes share (backend
 * lists, result rows, measuring for a target time).
 *
 * A mode is one file (bench_<mode>.c) that defines a bench_mode and is
 * listed once in bench_modes[] (bench_modes.c): its name is its option
 * (--NAME) and the section of its rows. See bench/README.md. */
#ifndef FASTSHA256_BENCH_CONTEXT_H
#define FASTSHA256_BENCH_CONTEXT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "bench_common.h"
#include "bench_report.h"
#include "fastsha256.h"

#define BENCH_PROG "fastsha256-bench"
#define BENCH_MAX_BACKENDS 8
#define BENCH_MAX_MODES 16
#define BENCH_KIB ((size_t)1024)
#define BENCH_MIB ((size_t)1024 * 1024)

typedef struct bench_options {
    int mode_on[BENCH_MAX_MODES]; /* by index in bench_modes[] */
    int quick, no_js, no_python, no_openssl;
    size_t count, batch, js_count, js_async_count;
    size_t js_peer_count;   /* the npm libraries' and Python's messages */
    int full, all_rows;     /* --full: every row of every backend; --all-rows: the long list */
    int reps, threads;
    int reps_given, batch_given; /* set on the command line (modes with defaults of their own) */
    uint64_t iterations;    /* --kdf's PBKDF2 iterations */
    const char *tree_file;  /* --tree: the data file (made when missing), or NULL */
    size_t tree_size;       /* --tree: its size when made; 0: the default */
    const char *backend;    /* NULL: auto and every supported backend */
    int cpu;                /* -1: default (last allowed CPU), -2: no pinning */
    const char *format;     /* table, csv, json */
    const char *output;     /* directory or NULL */
    const char *js_dir, *runtimes;
    unsigned js_timeout;
    int openssl_probe;      /* internal: child measuring OpenSSL's code paths */
} bench_options;

typedef struct bench_ctx {
    bench_options opt;
    bench_clock clk;
    bench_report_meta meta;
    int failures;                    /* rows that failed their output check */
    int stream;                      /* the seed report goes to stdout part by part */
    char exe_dir[BENCH_PATH_MAX]; /* folder of this executable, or "" */
} bench_ctx;

typedef struct bench_mode {
    const char *name;  /* --NAME selects it; also its rows' section */
    const char *help;  /* --help text; continuation lines start with 22 spaces */
    void (*run)(bench_ctx *c);
    /* Its table in the table output and results.txt; NULL:
     * bench_report_print_rows. */
    void (*print)(FILE *out, const bench_report_meta *m);
} bench_mode;

/* Every mode, in the order they run; the first is the default. */
extern const bench_mode *const bench_modes[];
extern const size_t bench_nmodes;

/* --- The machine, as the header and --limits name it (bench_machine.c) ----- */

/* /proc/cpuinfo's "model name" (or its ARM equivalents), or "unknown". */
void bench_machine_cpu_model(char *out, size_t n);
/* "AuthenticAMD family 25 model 17" from /proc/cpuinfo, or "". */
void bench_machine_cpu_id(char *out, size_t n);
/* For --limits: "AuthenticAMD family 25 model 1 stepping 1" into id (x86:
 * CPUID; AArch64: /proc/cpuinfo's implementer, architecture, part and
 * revision) and the results file's stem, "amd-f25-m1", into stem. */
void bench_machine_cpu_stem(char *id, size_t id_size, char *stem, size_t stem_size);
/* "Python 3.11.2 (/usr/bin/python3)" ($FASTSHA256_PYTHON, else that), or why not. */
void bench_machine_python(char *out, size_t n);

/* --- Helpers shared by the modes (bench_context.c) ------------------------- */

/* Progress on standard error (results go to standard output). */
void bench_progress(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

void *bench_xmalloc(size_t n); /* exits on failure */
void bench_fill_pattern(uint8_t *p, size_t n, uint64_t seed); /* not all bytes alike */

/* Core cycles of a tick count. */
double bench_cycles(const bench_ctx *c, double ticks);

/* Which backends a mode runs (--backend narrows each list):
 *   BENCH_AUTO_AND_FORCED  "auto", then every supported backend forced;
 *                          --backend X: X alone (X may be "auto")
 *   BENCH_FORCED           every supported backend forced;
 *                          --backend X (not auto): X alone
 *   BENCH_SUPPORTED        every supported backend, --backend ignored */
typedef enum { BENCH_AUTO_AND_FORCED, BENCH_FORCED, BENCH_SUPPORTED } bench_backend_set;
size_t bench_backends(const bench_ctx *c, bench_backend_set set,
                      const char *names[BENCH_MAX_BACKENDS]);
int bench_backend_supported(const char *name);

/* Forces a backend ("auto": the automatic choice); its row label goes to
 * label ("auto=shani", "avx2"). */
void bench_use_backend(const char *name, char *label, size_t n);

/* OpenSSL's SHA256_Init/Update/Final is here and not left out. */
int bench_openssl_usable(const bench_ctx *c);

/* "3.0.19" from OpenSSL's version string (a static buffer). */
const char *bench_openssl_short_version(void);

/* Starts a result row: section (the mode's name), who, backend and style
 * (printf format) set, everything else zero. */
bench_report_row *bench_row(const char *section, const char *who, const char *backend,
                            const char *style_fmt, ...) __attribute__((format(printf, 4, 5)));

/* Fills a row's rates, times and chunk counts from a measurement;
 * per_item_bytes > 0 adds GB/s and cycles/byte. */
void bench_row_measured(const bench_ctx *c, bench_report_row *r, const bench_result *res,
                        size_t per_item_bytes, int threads);

/* Records a row's output check (ok: 1 verified, 0 MISMATCH). */
void bench_row_check(bench_ctx *c, bench_report_row *r, int ok);

/* Measures fn on `threads` threads with enough items for about target_ms
 * per repetition (fewer reps when budget_ms would be exceeded): one granule
 * first, untimed, to calibrate. */
void bench_measure_for(const bench_ctx *c, bench_work_fn fn, void *const *args, int threads,
                       size_t granule, double target_ms, double budget_ms, bench_result *res);

/* Messages for the work functions below (--sweep, --kernels, --limits):
 * nmsg of size bytes back to back from buf (bench_msgs_set), or one. */
enum { BENCH_MSGS_MAX = 1024 };
typedef struct bench_msgs {
    const uint8_t *buf;
    size_t size, nmsg;
    const void *ptrs[BENCH_MSGS_MAX];
    size_t lens[BENCH_MSGS_MAX];
    uint8_t dig[BENCH_MSGS_MAX][32];
    bench_openssl_style ostyle; /* bench_work_openssl's */
} bench_msgs;
void bench_msgs_set(bench_msgs *m, size_t size, size_t nmsg);

/* bench_work_fn on a bench_msgs: n one-shots of the first message by
 * fastsha256 or OpenSSL, or n fastsha256_many calls on all nmsg. */
uint64_t bench_work_oneshot(void *msgs, size_t start, size_t n, uint64_t acc);
uint64_t bench_work_openssl(void *msgs, size_t start, size_t n, uint64_t acc);
uint64_t bench_work_many(void *msgs, size_t start, size_t n, uint64_t acc);

/* The kernels mode's child process (--openssl-probe): OpenSSL's other code
 * paths, chosen by OPENSSL_ia32cap. Returns the exit status. */
int bench_openssl_probe_main(bench_ctx *c);

/* OpenSSL's other x86-64 code paths, chosen by OPENSSL_ia32cap, which
 * libcrypto reads once at load: measured in a child process of this program
 * (same CPU, same counter). Values are ticks; ok 0 where not measurable
 * (off x86, or the child failed). "~0x20000000000:~0x20000128" is its
 * integer path, ":~0x20000000" its AVX2 one. */
typedef struct bench_ossl_probe {
    int ok;
    double per_byte_16m, per_hash_14;
} bench_ossl_probe;
bench_ossl_probe bench_run_openssl_probe(const bench_ctx *c, const char *ia32cap);

/* --- The peers (bench_peer.c) ------------------------------------------------
 * The peer programs (bench/js, bench/python), found and run by
 * bench/peers.sh: every line they print is a flat JSON object
 * (bench/js/harness.mjs describes the rows), read by bench_peer.c; and the
 * modes' rows that come from them (bench_seed_peers.c, bench_kdf_runtimes.c). */

#define BENCH_PEER_MAX_REPS 64

typedef struct bench_peer_row {
    char runtime[16];
    char version[64];
    char style[64];
    char last[65];                     /* the last hex digest */
    char missing[200];                 /* why the row cannot run here, or "" */
    char who[48], label[96];           /* peers.sh's line naming the next row */
    char path[256];                    /* peers.sh versions: where the runtime is */
    int nreps;
    double rate[BENCH_PEER_MAX_REPS];  /* messages per second of each repetition */
    size_t count;                      /* messages over all repetitions */
} bench_peer_row;

/* One line: 1 a row (with "n" and "ms"), 2 a {"missing": ...} line, 3 any
 * other JSON object (its known members read), 0 anything else. */
int bench_peer_parse(const char *line, bench_peer_row *r);

/* bench/peers.sh with the arguments fmt makes (printf; "versions", "GROUP
 * COUNT REPS", "--list GROUP ...", "tree ...": as the script says), its
 * lines to on_line. The script is found in the source tree or the installed
 * share folder; the options (--runtimes, --js-dir, the timeout), the CPUs
 * the JS runtimes may use and this build's addon and Python module reach it
 * in its environment. Returns its exit status, or -1 when it is not found. */
int bench_peers_run(const bench_ctx *c, bench_proc_line_fn on_line, void *arg, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* --seed's peer rows (bench_seed_peers.c): the runtimes found (their
 * versions go to the run's description), then one report group
 * (BENCH_GROUP_*: a JavaScript one, or Python) planned and run at a time;
 * each row added to section "seed" and checked against BENCH_SEED_HEX. */
void bench_seed_peers_discover(bench_ctx *c);
void bench_seed_peers_plan(const bench_ctx *c, int group);
void bench_seed_peers_group(bench_ctx *c, int group);
/* The line after a measured seed row (bench_seed.c's too): its rate. */
void bench_seed_row_progress(const bench_report_row *r);

/* --kdf's Node and Python rows (bench_kdf_runtimes.c): run the scripts,
 * then print their table. */
void bench_kdf_runtimes_run(const bench_ctx *c, uint64_t iterations);
void bench_kdf_runtimes_print(FILE *out);

#endif /* FASTSHA256_BENCH_CONTEXT_H */
