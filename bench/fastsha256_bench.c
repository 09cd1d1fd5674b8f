/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* fastsha256-bench: who hashes the fastest?
 *
 * This file parses the options, pins and calibrates, runs the selected modes
 * (one file each, listed in bench_modes.c; bench/README.md) and writes the
 * results. Run with --help for options. */
#define _GNU_SOURCE 1

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "bench_context.h"

#define PROG BENCH_PROG

/* --- Modes -------------------------------------------------------------------
 * In the order they run; the first is the default. A new mode is a file
 * bench_<mode>.c defining its bench_mode, one line here and one below, and
 * its file in CMakeLists.txt (see bench/README.md). */

extern const bench_mode bench_mode_seed, bench_mode_sweep, bench_mode_kernels, bench_mode_limits,
    bench_mode_hmac, bench_mode_kdf, bench_mode_tree;

const bench_mode *const bench_modes[] = {
    &bench_mode_seed, &bench_mode_sweep, &bench_mode_kernels, &bench_mode_limits,
    &bench_mode_hmac, &bench_mode_kdf,   &bench_mode_tree,
};
const size_t bench_nmodes = sizeof bench_modes / sizeof bench_modes[0];
_Static_assert(sizeof bench_modes / sizeof bench_modes[0] <= BENCH_MAX_MODES,
               "raise BENCH_MAX_MODES");

/* --- Options ----------------------------------------------------------------- */

static void usage(FILE *out) {
    fprintf(out,
        "Usage: " PROG " [options]\n"
        "Who hashes the fastest? By default: the seed workload, 5,000,000 SHA-256 hex strings\n"
        "of the 14-byte message \"Hello world!!!\", by fastsha256 (one call per message, a\n"
        "streaming context per message, batches; auto backend and every supported backend\n"
        "forced), OpenSSL libcrypto and the JavaScript runtimes found (node, bun, deno).\n"
        "\n"
        "Modes (several may be given; none = --%s):\n", bench_modes[0]->name);
    for (size_t m = 0; m < bench_nmodes; m++)
        fprintf(out, "  --%-18s%s\n", bench_modes[m]->name, bench_modes[m]->help);
    fprintf(out,
        "  --all               every mode above\n"
        "Workload:\n"
        "  --count N           seed messages per repetition (default 5000000)\n"
        "  --batch N           messages per batch call (default 1024; --hmac: per\n"
        "                      fastsha256_hmac_many call, default 256)\n"
        "  --reps N            repetitions per row, median and best reported (default 5;\n"
        "                      --hmac: 7)\n"
        "  --iterations N      --kdf: PBKDF2 iterations of one derivation (default 600000;\n"
        "                      --quick: 30000), 16 to 100000000\n"
        "  --tree-file PATH    --tree: the data file (made when missing, then kept); default:\n"
        "                      one made in $TMPDIR or /tmp and removed\n"
        "  --tree-size N       --tree: the size of the file made (default 1 GiB; --quick:\n"
        "                      16 MiB; k/M/G are powers of 1000)\n"
        "  --threads N         run the sweep's batch rows on N threads (default 1)\n"
        "  --backend NAME      only this backend: auto, or one of fastsha256_backends()\n"
        "                      (--hmac, --kdf: fastsha256's rows on it; default auto)\n"
        "  --quick             small counts for CI smoke runs (a few seconds)\n"
        "  --full              every row: every style on every backend, the seed's counts\n"
        "                      for every peer (WebCrypto 500000), as before the short run\n"
        "Peers:\n"
        "  --no-openssl        leave out OpenSSL libcrypto\n"
        "  --no-js             leave out the JavaScript runtimes\n"
        "  --no-python         leave out Python (hashlib and the fastsha256 module)\n"
        "  --js-count N        messages for createHash and Python (default 5000000, the seed's)\n"
        "  --js-async-count N  messages for the async WebCrypto style (default 100000;\n"
        "                      --full: 500000)\n"
        "  --js-peer-count N   messages for the npm libraries and Python (default 1000000;\n"
        "                      --full: the --js-count)\n"
        "  --js-dir DIR        folder of the JS snippets (createhash.mjs, webcrypto.mjs)\n"
        "  --runtimes DIR      folder with bun/deno (DIR/bin or DIR); also searched:\n"
        "                      $FASTSHA256_JS_RUNTIMES, bench/.runtimes, PATH\n"
        "  --js-timeout S      seconds before a JS runtime is stopped (default 900)\n"
        "Noise control:\n"
        "  --cpu N|none        pin to CPU N (default: the last allowed CPU)\n"
        "Output:\n"
        "  --format F          table (default), csv or json on standard output\n"
        "  --all-rows          also the long list of every seed row, fastest first\n"
        "  --output DIR        also write DIR/results.{csv,json,txt}; with seed rows also\n"
        "                      seed.{dat,gp}, with --sweep throughput.{dat,gp}, and with\n"
        "                      gnuplot their pictures, seed.{png,svg} (the seed table as\n"
        "                      bars) and throughput.{png,svg};\n"
        "                      checked before the run: DIR exists or only its last part is\n"
        "                      missing (parents are never created)\n"
        "  --help              this text\n"
        "  --version           the version of fastsha256 this was built with\n"
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

/* "--opt=value": the name goes to name and the value is returned; any other
 * argument is copied whole and NULL returned. */
static const char *split_value(const char *a, char *name, size_t size) {
    const char *eq = strchr(a, '=');
    if (strncmp(a, "--", 2) == 0 && eq && (size_t)(eq - a) < size) {
        memcpy(name, a, (size_t)(eq - a));
        name[eq - a] = '\0';
        return eq + 1;
    }
    bench_fmt(name, size, "%s", a);
    return NULL;
}

/* --NAME of a mode, or --all: selects it. */
static int mode_flag(const char *name, bench_options *o) {
    int all = strcmp(name, "--all") == 0, found = all;
    for (size_t m = 0; m < bench_nmodes; m++)
        if (all || (strncmp(name, "--", 2) == 0 && strcmp(name + 2, bench_modes[m]->name) == 0))
            o->mode_on[m] = found = 1;
    return found;
}

/* An option without a value; 0: name is none. */
static int parse_flag(const char *name, bench_options *o) {
    if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0) {
        usage(stdout);
        exit(0);
    }
    if (strcmp(name, "--version") == 0) {
        printf(PROG " (fastsha256) %s\n", fastsha256_version());
        exit(0);
    }
    int *flag = strcmp(name, "--quick") == 0           ? &o->quick
                : strcmp(name, "--no-js") == 0         ? &o->no_js
                : strcmp(name, "--no-python") == 0     ? &o->no_python
                : strcmp(name, "--no-openssl") == 0    ? &o->no_openssl
                : strcmp(name, "--full") == 0          ? &o->full
                : strcmp(name, "--all-rows") == 0      ? &o->all_rows
                : strcmp(name, "--openssl-probe") == 0 ? &o->openssl_probe
                                                       : NULL;
    if (flag)
        *flag = 1;
    return flag || mode_flag(name, o);
}

/* An option with a value v (from "--opt=v" or the next argument; NULL when
 * there is none); 0: name is none. Counts left 0 get their defaults later. */
static int parse_valued(const char *name, const char *v, bench_options *o) {
#define IS(s) (strcmp(name, s) == 0 && (v || (die_usage("%s needs a value", s), 0)))
    if (IS("--count"))
        o->count = parse_count(name, v, 1, (size_t)100000000000ull);
    else if (IS("--batch"))
        o->batch = parse_count(name, v, 1, 1u << 20);
    else if (IS("--reps"))
        o->reps = (int)parse_count(name, v, 1, 64);
    else if (IS("--iterations"))
        o->iterations = parse_count(name, v, 16, 100000000);
    else if (IS("--threads"))
        o->threads = (int)parse_count(name, v, 1, 256);
    else if (IS("--js-count"))
        o->js_count = parse_count(name, v, 1, (size_t)1000000000ull);
    else if (IS("--js-async-count"))
        o->js_async_count = parse_count(name, v, 1, (size_t)1000000000ull);
    else if (IS("--js-peer-count"))
        o->js_peer_count = parse_count(name, v, 1, (size_t)1000000000ull);
    else if (IS("--js-timeout"))
        o->js_timeout = (unsigned)parse_count(name, v, 1, 86400);
    else if (IS("--tree-size"))
        o->tree_size = parse_count(name, v, 4096, (size_t)1 << 40);
    else if (IS("--tree-file"))
        o->tree_file = v;
    else if (IS("--backend"))
        o->backend = v;
    else if (IS("--cpu"))
        o->cpu = strcmp(v, "none") == 0 ? -2 : (int)parse_count(name, v, 0, 4095);
    else if (IS("--format"))
        o->format = v;
    else if (IS("--output"))
        o->output = v;
    else if (IS("--js-dir"))
        o->js_dir = v;
    else if (IS("--runtimes"))
        o->runtimes = v;
    else
        return 0;
    return 1;
#undef IS
}

/* The defaults of what the command line left unset. */
static void apply_defaults(bench_options *o) {
    int any_mode = 0;
    for (size_t m = 0; m < bench_nmodes; m++)
        any_mode |= o->mode_on[m];
    if (!any_mode)
        o->mode_on[0] = 1;
    o->reps_given = o->reps > 0;
    o->batch_given = o->batch > 0;
    o->count = o->count ? o->count : o->quick ? 100000 : 5000000;
    o->batch = o->batch ? o->batch : 1024;
    o->reps = o->reps ? o->reps : o->quick ? 3 : 5;
    o->iterations = o->iterations ? o->iterations : o->quick ? 30000 : 600000;
    o->js_count = o->js_count ? o->js_count : o->quick ? 20000 : 5000000;
    o->js_async_count = o->js_async_count ? o->js_async_count
                        : o->quick                       ? 2000
                        : o->full                        ? 500000
                                                         : 100000;
    o->js_peer_count = o->js_peer_count ? o->js_peer_count
                       : o->full || o->quick             ? o->js_count
                                                         : 1000000;
    o->threads = o->threads ? o->threads : 1;
}

static void parse_options(int argc, char **argv, bench_options *o) {
    memset(o, 0, sizeof *o);
    o->cpu = -1;
    o->format = "table";
    o->js_timeout = 900;
    for (int i = 1; i < argc; i++) {
        char name[64];
        const char *val = split_value(argv[i], name, sizeof name);
        if (!val && parse_flag(name, o))
            continue;
        const char *next = i + 1 < argc ? argv[i + 1] : NULL;
        if (!parse_valued(name, val ? val : next, o))
            die_usage(argv[i][0] == '-' ? "unknown option '%s'" : "unexpected argument '%s'",
                      argv[i]);
        i += !val;
    }
    if (strcmp(o->format, "table") && strcmp(o->format, "csv") && strcmp(o->format, "json"))
        die_usage("--format must be table, csv or json, not '%s'", o->format);
    apply_defaults(o);
}

/* --- Main ------------------------------------------------------------------------ */

static bench_ctx ctx;

/* The folder of this executable (JS snippets and runtimes may sit there). */
static void find_exe_dir(char *dir, size_t size) {
    ssize_t n = readlink("/proc/self/exe", dir, size - 1);
    if (n <= 0) {
        dir[0] = '\0';
        return;
    }
    dir[n] = '\0';
    char *slash = strrchr(dir, '/');
    if (slash)
        *slash = '\0';
}

/* Appends word to buf, after sep unless buf is empty. */
static void append_word(char *buf, size_t n, const char *sep, const char *word) {
    size_t l = strlen(buf);
    bench_fmt(buf + l, n - l, "%s%s", l ? sep : "", word);
}

/* --backend: auto or a backend this CPU supports; else exit status 2. */
static void check_backend_option(void) {
    const char *b = ctx.opt.backend, *all[BENCH_MAX_BACKENDS], *sup[BENCH_MAX_BACKENDS];
    if (!b || strcmp(b, "auto") == 0 || bench_backend_supported(b))
        return;
    size_t na = fastsha256_all_backends(all, BENCH_MAX_BACKENDS);
    size_t ns = bench_backends(&ctx, BENCH_SUPPORTED, sup);
    int known = 0;
    char list[128] = "";
    for (size_t i = 0; i < na && i < BENCH_MAX_BACKENDS; i++)
        known |= strcmp(all[i], b) == 0;
    for (size_t i = 0; i < ns; i++)
        append_word(list, sizeof list, ", ", sup[i]);
    fprintf(stderr, PROG ": %sbackend '%s'%s (supported here: auto, %s)\n", known ? "" : "unknown ",
            b, known ? " is not supported on this CPU" : ": not a backend of this build", list);
    exit(2);
}

#define SET_META(field, ...) bench_fmt(ctx.meta.field, sizeof ctx.meta.field, __VA_ARGS__)

/* The machine, the build and the library. */
static void describe_system(void) {
    bench_machine_cpu_model(ctx.meta.cpu_model, sizeof ctx.meta.cpu_model);
    bench_machine_cpu_id(ctx.meta.cpu_id, sizeof ctx.meta.cpu_id);
    ctx.meta.ncpus = bench_affinity_count();
    ctx.meta.tick_source = bench_tick_source();
    ctx.meta.compiler = bench_compiler();
    SET_META(build, "%s", FASTSHA256_BENCH_BUILD);
    ctx.meta.version = fastsha256_version();
    const char *names[BENCH_MAX_BACKENDS];
    size_t n = bench_backends(&ctx, BENCH_SUPPORTED, names);
    for (size_t i = 0; i < n; i++)
        append_word(ctx.meta.backends, sizeof ctx.meta.backends, " ", names[i]);
    SET_META(auto_backend, "%s%s", fastsha256_backend(),
             getenv("FASTSHA256_BACKEND") || getenv("FASTSHA256_HIDE") ? " (env)" : "");
    SET_META(hex_backend, "%s", fastsha256_hex_backend());
    struct utsname u;
    if (uname(&u) == 0)
        SET_META(host_kernel, "%s %s %s", u.sysname, u.release, u.machine);
}

/* The run: peers, counts, date and modes. */
static void describe_run(void) {
    if (ctx.opt.no_openssl)
        SET_META(openssl, "left out (--no-openssl)");
    else
        SET_META(openssl, "%s", bench_openssl_version());
    if (ctx.opt.no_js)
        SET_META(js[0], "left out (--no-js)");
    else if (ctx.opt.mode_on[0])
        bench_seed_peers_discover(&ctx);
    if (ctx.opt.no_python)
        SET_META(python, "left out (--no-python)");
    else
        bench_machine_python(ctx.meta.python, sizeof ctx.meta.python);
    ctx.meta.count = ctx.opt.count;
    ctx.meta.batch = ctx.opt.batch;
    ctx.meta.js_count = ctx.opt.js_count;
    ctx.meta.js_async_count = ctx.opt.js_async_count;
    ctx.meta.js_peer_count = ctx.opt.js_peer_count;
    ctx.meta.full = ctx.opt.full;
    ctx.meta.all_rows = ctx.opt.all_rows;
    ctx.meta.reps = ctx.opt.reps;
    ctx.meta.threads = ctx.opt.threads;
    ctx.meta.quick = ctx.opt.quick;
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    strftime(ctx.meta.date, sizeof ctx.meta.date, "%Y-%m-%d %H:%M UTC", &tm);
    for (size_t m = 0; m < bench_nmodes; m++)
        if (ctx.opt.mode_on[m])
            append_word(ctx.meta.modes, sizeof ctx.meta.modes, " ", bench_modes[m]->name);
}

/* Each mode's table (a mode that did not run has no rows and prints
 * nothing); skip: the first `skip` modes (already printed). */
static void print_modes(FILE *out, const bench_report_meta *m, size_t skip) {
    for (size_t i = skip; i < bench_nmodes; i++) {
        if (bench_modes[i]->print)
            bench_modes[i]->print(out, m);
        else
            bench_report_print_rows(out, m, bench_modes[i]->name);
    }
}

/* The header, then each mode's table. */
static void print_tables(FILE *out, const bench_report_meta *m) {
    bench_report_print_header(out, m);
    print_modes(out, m, 0);
}

/* Pins (before calibrating: the core estimate is of this core); returns 0,
 * or 2 for a --cpu that is not allowed here. */
static int pin(void) {
    ctx.meta.pinned_cpu = -1;
    if (ctx.opt.cpu == -2)
        return 0;
    int cpu = ctx.opt.cpu >= 0 ? ctx.opt.cpu : bench_affinity_nth(bench_affinity_count() - 1);
    if (ctx.opt.cpu >= 0 && !bench_affinity_has(cpu)) {
        fprintf(stderr, PROG ": --cpu %d: not an allowed CPU here (%d allowed)\n", cpu,
                bench_affinity_count());
        return 2;
    }
    if (bench_pin_self(cpu) == 0)
        ctx.meta.pinned_cpu = cpu;
    else
        fprintf(stderr, PROG ": could not pin to cpu %d: %s\n", cpu, strerror(errno));
    return 0;
}

static void calibrate(void) {
    bench_progress(PROG ": calibrating the clocks...\n");
    bench_calibrate(&ctx.clk, ctx.opt.quick);
    ctx.meta.tick_hz = ctx.clk.tick_hz;
    ctx.meta.core_hz = ctx.clk.core_hz;
    ctx.meta.core_per_tick = ctx.clk.core_per_tick;
    ctx.meta.core_estimated = ctx.clk.core_estimated;
}

/* The core clock again at the end: a run whose clock moved says so. */
static void recheck_core_clock(void) {
    if (!ctx.clk.core_estimated)
        return;
    ctx.meta.core_hz_end = bench_estimate_core_hz(ctx.clk.tick_hz, ctx.opt.quick);
    if (ctx.meta.core_hz_end > 0 && (ctx.meta.core_hz_end < 0.95 * ctx.clk.core_hz ||
                                     ctx.meta.core_hz_end > 1.05 * ctx.clk.core_hz))
        bench_progress(PROG ": note: the core clock moved during the run (%.3f -> %.3f GHz)\n",
                       ctx.clk.core_hz / 1e9, ctx.meta.core_hz_end / 1e9);
}

/* Standard output in --format, then --output; returns the exit status. */
static int write_results(void) {
    if (strcmp(ctx.opt.format, "csv") == 0)
        bench_report_write_csv(stdout, &ctx.meta);
    else if (strcmp(ctx.opt.format, "json") == 0)
        bench_report_write_json(stdout, &ctx.meta);
    else if (ctx.stream) /* the header and the seed report are out already */
        print_modes(stdout, &ctx.meta, 1);
    else
        print_tables(stdout, &ctx.meta);
    fflush(stdout);
    int rc = 0;
    if (ctx.opt.output && bench_report_write_dir(ctx.opt.output, &ctx.meta, 1, print_tables) != 0)
        rc = 1;
    if (ctx.failures) {
        fprintf(stderr, PROG ": %d row%s failed the output check\n", ctx.failures,
                ctx.failures == 1 ? "" : "s");
        rc = 1;
    }
    return rc;
}

int main(int argc, char **argv) {
    parse_options(argc, argv, &ctx.opt);
    bench_affinity_save();
    if (ctx.opt.openssl_probe)
        return bench_openssl_probe_main(&ctx);
    check_backend_option();
    if (ctx.opt.output && bench_report_prepare_dir(ctx.opt.output) != 0)
        return 2;
    find_exe_dir(ctx.exe_dir, sizeof ctx.exe_dir);
    if (pin() != 0)
        return 2;
    calibrate();
    describe_system();
    describe_run();
    /* The table output starts with the header when the seed report is
     * printed part by part as its rows come in. */
    ctx.stream = strcmp(ctx.opt.format, "table") == 0 && ctx.opt.mode_on[0];
    if (ctx.stream) {
        bench_report_print_header(stdout, &ctx.meta);
        fflush(stdout);
    }
    for (size_t m = 0; m < bench_nmodes; m++)
        if (ctx.opt.mode_on[m])
            bench_modes[m]->run(&ctx);
    recheck_core_clock();
    return write_results();
}
