/* Python peer rows for fastsha256-bench (see bench_python.h). */
#define _POSIX_C_SOURCE 200809L
#include "bench_python.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "bench_common.h"
#include "bench_js.h"

#ifndef FASTSHA256_BENCH_PYTHON_DIR
#define FASTSHA256_BENCH_PYTHON_DIR ""
#endif

static int bp_exists(const char *path) {
    struct stat st;
    return path[0] != '\0' && stat(path, &st) == 0;
}

/* Parses "fastsha256-bench-py\trow\tstyle\tcount\tms\tmed\tbest\tlast" into a row. */
static int bp_parse_row(char *line, const char *pyver, double core_hz, br_row *r) {
    char *field[8];
    int n = 0;
    for (char *save = NULL, *tok = strtok_r(line, "\t", &save); tok && n < 8;
         tok = strtok_r(NULL, "\t", &save))
        field[n++] = tok;
    if (n != 8 || strcmp(field[1], "row") != 0)
        return 0;
    double med = atof(field[5]), best = atof(field[6]);
    if (med <= 0 || best <= 0)
        return 0;
    bench_fmt(r->section, sizeof r->section, "seed");
    bench_fmt(r->who, sizeof r->who, "python");
    bench_fmt(r->backend, sizeof r->backend, "%s", pyver);
    bench_fmt(r->style, sizeof r->style, "%s", field[2]);
    bench_fmt(r->messages, sizeof r->messages, "same");
    r->size = BENCH_SEED_LEN;
    r->count = (size_t)strtoull(field[3], NULL, 10);
    r->threads = 1;
    r->reps = 1;
    r->hps_med = med;
    r->hps_best = best;
    r->ns_med = 1e9 / med;
    r->ns_best = 1e9 / best;
    r->cyc_med = r->ns_med * core_hz / 1e9;
    r->check = strcmp(field[7], BENCH_SEED_HEX) == 0 ? 1 : -1;
    bench_fmt(r->note, sizeof r->note, "pinned; %s messages in %s ms, median of 10 chunks",
              field[3], field[4]);
    return 1;
}

int bp_seed_rows(size_t count, unsigned timeout_s, double core_hz,
                 void (*row_done)(const br_row *)) {
    const char *python = getenv("FASTSHA256_PYTHON");
    if (python == NULL || python[0] == '\0')
        python = "/usr/bin/python3";
    char script[BJ_PATH_MAX];
    bench_fmt(script, sizeof script, "%s/python/seed.py", FASTSHA256_BENCH_SOURCE_DIR);
    if (!bp_exists(python) || !bp_exists(script)) {
        fprintf(stderr, "  python     not run: %s not found\n", bp_exists(python) ? script : python);
        return 0;
    }
    const char *path = getenv("FASTSHA256_PYTHONPATH");
    char built[BJ_PATH_MAX];
    bench_fmt(built, sizeof built, "%s/fastsha256", FASTSHA256_BENCH_PYTHON_DIR);
    if ((path == NULL || path[0] == '\0') && bp_exists(built))
        path = FASTSHA256_BENCH_PYTHON_DIR;

    char count_arg[32];
    bench_fmt(count_arg, sizeof count_arg, "%zu", count);
    const char *argv[] = {python, script, count_arg, "10", NULL};
    static char out[16384];
    fprintf(stderr, "  python     running %s on %zu messages...\n", script, count);
    /* Same CPU as this process: the child inherits the pinning. */
    int status = bj_capture(argv, path ? "PYTHONPATH" : NULL, path, 0, timeout_s, out, sizeof out,
                            NULL);
    if (status == 3) {
        fprintf(stderr, "  python     not run: the fastsha256 module is not built or installed "
                        "(build the 'fastsha256_python' target)\n");
        return 0;
    }
    if (status != 0) {
        fprintf(stderr, "  python     failed (status %d): %.200s\n", status, out);
        return 0;
    }
    char pyver[32] = "python";
    int bad = 0;
    for (char *save = NULL, *line = strtok_r(out, "\n", &save); line;
         line = strtok_r(NULL, "\n", &save)) {
        static const char version_tag[] = "fastsha256-bench-py\tversion\t";
        if (strncmp(line, version_tag, sizeof version_tag - 1) == 0) {
            char v[16] = "";
            sscanf(line + sizeof version_tag - 1, "%15[^\t]", v);
            bench_fmt(pyver, sizeof pyver, "py%s", v);
            continue;
        }
        br_row parsed;
        memset(&parsed, 0, sizeof parsed);
        if (strncmp(line, "fastsha256-bench-py\trow\t", 24) != 0 ||
            !bp_parse_row(line, pyver, core_hz, &parsed))
            continue;
        br_row *r = br_add();
        *r = parsed;
        if (r->check < 0)
            bad++;
        if (row_done)
            row_done(r);
    }
    return bad;
}
