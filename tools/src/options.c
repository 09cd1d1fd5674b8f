/* SPDX-License-Identifier: Apache-2.0 OR MIT */
#define _GNU_SOURCE 1
#include "options.h"

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "output.h"
#include "program.h"
#include "progress.h"

enum {
    OPT_TAG = CHAR_MAX + 1,
    OPT_IGNORE_MISSING,
    OPT_QUIET,
    OPT_STATUS,
    OPT_STRICT,
    OPT_HELP,
    OPT_VERSION,
};

/* sha256sum's long options, and only those: see take_extra_options. */
static const struct option long_options[] = {
    {"binary", no_argument, NULL, 'b'},
    {"check", no_argument, NULL, 'c'},
    {"ignore-missing", no_argument, NULL, OPT_IGNORE_MISSING},
    {"quiet", no_argument, NULL, OPT_QUIET},
    {"status", no_argument, NULL, OPT_STATUS},
    {"strict", no_argument, NULL, OPT_STRICT},
    {"tag", no_argument, NULL, OPT_TAG},
    {"text", no_argument, NULL, 't'},
    {"warn", no_argument, NULL, 'w'},
    {"zero", no_argument, NULL, 'z'},
    {"help", no_argument, NULL, OPT_HELP},
    {"version", no_argument, NULL, OPT_VERSION},
    {NULL, 0, NULL, 0},
};

static bool named_sha224(void);

void print_help(const cli_options *o) {
    printf("Usage: %s [OPTION]... [FILE]...\n", program_name);
    printf("Compute or verify %s checksums with fastsha256.\n\n", o->algo->tag);
    /* Binary is the default where text files differ (Windows: sum.c). */
    printf("Reads standard input when no FILE is given or FILE is -.\n"
           "\n"
           "Output:\n"
           "  -b, --binary          mark lines with '*' (binary mode%s; same digest)\n"
           "  -t, --text            mark lines with ' ' (text mode%s)\n",
           O_BINARY ? ", the default" : "", O_BINARY ? "; same digest" : ", the default");
    fputs("      --tag             BSD-style lines: ALGO (FILE) = DIGEST\n"
          "  -z, --zero            end lines with NUL instead of newline and do not\n"
          "                          escape file names\n"
          "\n"
          "Verification:\n"
          "  -c, --check           verify the checksums listed in the FILEs (GNU or\n"
          "                          BSD-style lines, as printed by this program)\n"
          "      --ignore-missing  skip listed files that do not exist\n"
          "      --quiet           print only failures, not each OK\n"
          "      --status          print nothing; the exit status tells the result\n"
          "      --strict          fail on improperly formatted lines\n"
          "  -w, --warn            report each improperly formatted line\n"
          "\n"
          "fastsha256:\n"
          "  -a, --algorithm=NAME  sha256 (default) or sha224; run as fastsha224sum,\n"
          "                          the default is sha224\n"
          "      --backend=NAME    use this hashing backend (see --list-backends)\n"
          "      --list-backends   show the backends this CPU supports, best first,\n"
          "                          which one is active, and the hex encoder\n"
          "  -j, --jobs=N          hash with N threads (default: the CPUs this process\n"
          "                          may run on); the output is the same for any N\n"
          "      --progress        show bytes, rate and ETA on standard error\n"
          "  (--algorithm, --backend, --list-backends, --jobs and --progress are taken\n"
          "   by their full names only; abbreviations mean what they mean in sha256sum)\n"
          "\n"
          "      --help            show this help and exit\n"
          "      --version         show the version and exit\n"
          "\n"
          "Output, messages and exit statuses match GNU sha256sum/sha224sum.\n"
          "FASTSHA256_BACKEND=NAME in the environment forces a backend; a name that\n"
          "is unknown or unsupported on this CPU is reported and the program exits 2.\n"
          "Exit status: 0 success, 1 failure, 2 backend error.\n",
          stdout);
}

/* As GNU's: a fixed program name (not the path it was run by), then the
 * licence; the backend line is fastsha256's own. */
void print_version(void) {
    printf("%s (fastsha256) %s\n", named_sha224() ? "fastsha224sum" : "fastsha256sum",
           fastsha256_version());
    fputs("License: Apache-2.0 OR MIT, at your choice.\n"
          "Provided as is, without warranty (see the licence texts).\n",
          stdout);
    printf("Backend: %s, hex encoder: %s\n", fastsha256_backend(), fastsha256_hex_backend());
}

/* The options sha256sum does not have: full names only, taken out of argv
 * before getopt_long sees it. So every abbreviation of a sha256sum option
 * (--b, --b=1, --s, --t, ...) resolves, or fails, exactly as in sha256sum,
 * whose long options are the only ones getopt_long is given. */
typedef struct extra_options {
    const char *algorithm, *backend, *jobs;
    bool list_backends, progress;
} extra_options;

/* An option that takes a value, as "--name=VALUE" or "--name VALUE". */
static bool take_value(int argc, char **argv, int *k, const char *name, const char **value) {
    size_t n = strlen(name);
    const char *a = argv[*k];
    if (strncmp(a, name, n) != 0)
        return false;
    if (a[n] == '=') {
        *value = a + n + 1;
        return true;
    }
    if (a[n] != '\0')
        return false;
    if (*k + 1 >= argc) {
        fprintf(stderr, "%s: option '%s' requires an argument\n", program_name, name);
        usage_error(NULL);
    }
    *value = argv[++*k];
    return true;
}

static bool take_flag(const char *a, const char *name) {
    size_t n = strlen(name);
    if (strncmp(a, name, n) != 0)
        return false;
    if (a[n] == '=') {
        fprintf(stderr, "%s: option '%s' doesn't allow an argument\n", program_name, name);
        usage_error(NULL);
    }
    return a[n] == '\0';
}

/* Moves the extras out of argv; returns the new argc. */
static int take_extra_options(int argc, char **argv, extra_options *x) {
    /* With POSIXLY_CORRECT, getopt_long stops at the first operand, and so
     * do the extras: everything after it is an operand (a file name). */
    bool posix = getenv("POSIXLY_CORRECT") != NULL;
    int out = 1;
    for (int k = 1; k < argc; k++) {
        const char *a = argv[k];
        bool operand = a[0] != '-' || a[1] == '\0';
        if (strcmp(a, "--") == 0 || (posix && operand)) {
            while (k < argc)
                argv[out++] = argv[k++];
            break;
        }
        if (take_value(argc, argv, &k, "--algorithm", &x->algorithm) ||
            take_value(argc, argv, &k, "--backend", &x->backend) ||
            take_value(argc, argv, &k, "--jobs", &x->jobs))
            continue;
        if (take_flag(a, "--list-backends")) {
            x->list_backends = true;
            continue;
        }
        if (take_flag(a, "--progress")) {
            x->progress = true;
            continue;
        }
        argv[out++] = argv[k];
        /* The separate value of -a or -j (e.g. "-ba sha224") stays with it. */
        if (a[0] == '-' && a[1] != '-' && a[1] != '\0') {
            const char *p = a + 1;
            while (*p && strchr("bctwz", *p))
                p++;
            if ((*p == 'a' || *p == 'j') && p[1] == '\0' && k + 1 < argc)
                argv[out++] = argv[++k];
        }
    }
    argv[out] = NULL;
    return out;
}

/* Any name ending in "sha224sum" (a sha224sum link, fastsha224sum) computes
 * SHA-224, as do names starting with fastsha224sum (fastsha224sum-0.1). */
static bool named_sha224(void) {
    const char *slash = strrchr(program_name, '/');
    const char *b = slash ? slash + 1 : program_name;
    size_t n = strlen(b), suffix = strlen("sha224sum");
    return (n >= suffix && strcmp(b + n - suffix, "sha224sum") == 0) ||
           strncmp(b, "fastsha224sum", 13) == 0;
}

static size_t parse_jobs(const char *arg) {
    char *end;
    errno = 0;
    long v = strtol(arg, &end, 10);
    if (errno || end == arg || *end != '\0' || v < 1 || v > MAX_JOBS) {
        fprintf(stderr, "%s: invalid number of jobs: '%s' (1 to %d)\n", program_name, arg,
                MAX_JOBS);
        usage_error(NULL);
    }
    return (size_t)v;
}

static const algorithm *parse_algorithm(const char *arg) {
    const algorithm *a = find_algorithm(arg);
    if (a == NULL) {
        fprintf(stderr,
                "%s: invalid argument '%s' for '--algorithm'\n"
                "Valid arguments are:\n  - 'sha256'\n  - 'sha224'\n",
                program_name, arg);
        usage_error(NULL);
    }
    return a;
}

/* One option from getopt_long; false for --help and --version, which end
 * the parsing. */
static bool apply_option(int c, cli_options *o) {
    switch (c) {
    case 'a': o->algo = parse_algorithm(optarg); break;
    case 'b': o->binary = 1; break;
    case 'c': o->check = true; break;
    case 't': o->binary = 0; break;
    case 'z': o->zero = true; break;
    case 'w':
        o->warn = true;
        o->quiet = o->status = false;
        break;
    case OPT_QUIET:
        o->quiet = true;
        o->warn = o->status = false;
        break;
    case OPT_STATUS:
        o->status = true;
        o->warn = o->quiet = false;
        break;
    case OPT_STRICT: o->strict = true; break;
    case OPT_IGNORE_MISSING: o->ignore_missing = true; break;
    case OPT_TAG:
        o->tag = true;
        o->binary = 1;
        break;
    case 'j': o->jobs = parse_jobs(optarg); break;
    case OPT_HELP: o->action = ACTION_HELP; return false;
    case OPT_VERSION: o->action = ACTION_VERSION; return false;
    default: usage_error(NULL);
    }
    return true;
}

/* The same checks, in the same order, as sha256sum. */
static void check_combinations(const cli_options *o) {
    if (o->tag && o->binary == 0)
        usage_error("--tag does not support --text mode");
    if (o->zero && o->check)
        usage_error("the --zero option is not supported when verifying checksums");
    if (o->tag && o->check)
        usage_error("the --tag option is meaningless when verifying checksums");
    if (o->binary >= 0 && o->check)
        usage_error("the --binary and --text options are meaningless when verifying checksums");
    if (o->ignore_missing && !o->check)
        usage_error("the --ignore-missing option is meaningful only when verifying checksums");
    if (o->status && !o->check)
        usage_error("the --status option is meaningful only when verifying checksums");
    if (o->warn && !o->check)
        usage_error("the --warn option is meaningful only when verifying checksums");
    if (o->quiet && !o->check)
        usage_error("the --quiet option is meaningful only when verifying checksums");
    if (o->strict && !o->check)
        usage_error("the --strict option is meaningful only when verifying checksums");
}

void parse_options(int argc, char **argv, cli_options *o) {
    static char dash[] = "-";
    static char *stdin_only[] = {dash, NULL};
    memset(o, 0, sizeof *o);
    o->binary = -1;
    o->algo = named_sha224() ? &algo_sha224 : &algo_sha256;
    extra_options x = {0};
    argc = take_extra_options(argc, argv, &x);
    o->backend = x.backend;
    o->list_backends = x.list_backends;
    o->progress = x.progress;
    if (x.jobs)
        o->jobs = parse_jobs(x.jobs);
    if (x.algorithm)
        o->algo = parse_algorithm(x.algorithm);
    int c;
    while ((c = getopt_long(argc, argv, "a:bctwzj:", long_options, NULL)) != -1)
        if (!apply_option(c, o))
            return;
    check_combinations(o);
    o->files = optind < argc ? argv + optind : stdin_only;
    o->nfiles = optind < argc ? argc - optind : 1;
}

engine_config engine_config_for(const cli_options *o) {
    engine_config cfg = {o->algo->digest_size, o->algo->init, o->jobs, progress_counter(),
                         progress_tick, output_idle};
    return cfg;
}
