/* --seed, the Python rows: bench/python/seed.py (hashlib per call, fastsha256
 * per call, sha256_many, sha256_packed) run by Debian's python3 with the
 * module built in this tree, pinned like the C rows; one row per style.
 * Interpreter: $FASTSHA256_PYTHON, else /usr/bin/python3. Module: the
 * installed one, or $FASTSHA256_PYTHONPATH, else this build's
 * bindings/python. Rows are skipped (with a progress line) when either is
 * missing. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "bench_common.h"
#include "bench_seed.h"

#ifndef FASTSHA256_BENCH_SOURCE_DIR
#define FASTSHA256_BENCH_SOURCE_DIR ""
#endif
#ifndef FASTSHA256_BENCH_PYTHON_DIR
#define FASTSHA256_BENCH_PYTHON_DIR ""
#endif

static int bp_exists(const char *path) {
    struct stat st;
    return path[0] != '\0' && stat(path, &st) == 0;
}

/* Adds the row of "fastsha256-bench-py\trow\tstyle\tcount\tms\tmed\tbest\tlast";
 * other lines add nothing. */
static void bp_add_row(bench_ctx *c, char *line, const char *pyver) {
    char *field[8];
    int n = 0;
    for (char *save = NULL, *tok = strtok_r(line, "\t", &save); tok && n < 8;
         tok = strtok_r(NULL, "\t", &save))
        field[n++] = tok;
    if (n != 8 || strcmp(field[0], "fastsha256-bench-py") != 0 || strcmp(field[1], "row") != 0)
        return;
    double med = atof(field[5]), best = atof(field[6]);
    if (med <= 0 || best <= 0)
        return;
    bench_report_row *r = bench_seed_runtime_row(c, "python", pyver, field[2],
                                                 (size_t)strtoull(field[3], NULL, 10), med, best,
                                                 field[7]);
    bench_fmt(r->note, sizeof r->note, "pinned; %s messages in %s ms, median of 10 chunks",
              field[3], field[4]);
    bench_seed_row_progress(r);
}

const char *bench_python_interpreter(void) {
    const char *python = getenv("FASTSHA256_PYTHON");
    return python && python[0] ? python : "/usr/bin/python3";
}

const char *bench_python_path(void) {
    static char built[BENCH_JS_PATH_MAX];
    const char *path = getenv("FASTSHA256_PYTHONPATH");
    if (path && path[0])
        return path;
    bench_fmt(built, sizeof built, "%s/fastsha256", FASTSHA256_BENCH_PYTHON_DIR);
    return bp_exists(built) ? FASTSHA256_BENCH_PYTHON_DIR : NULL;
}

void bench_seed_python(bench_ctx *c) {
    const char *python = bench_python_interpreter();
    char script[BENCH_JS_PATH_MAX];
    bench_fmt(script, sizeof script, "%s/python/seed.py", FASTSHA256_BENCH_SOURCE_DIR);
    if (!bp_exists(python) || !bp_exists(script)) {
        fprintf(stderr, "  python     not run: %s not found\n",
                bp_exists(python) ? script : python);
        return;
    }
    const char *path = bench_python_path();

    char count_arg[32];
    bench_fmt(count_arg, sizeof count_arg, "%zu", c->opt.js_count);
    const char *argv[] = {python, script, count_arg, "10", NULL};
    static char out[16384];
    fprintf(stderr, "  python     running %s on %zu messages...\n", script, c->opt.js_count);
    /* Same CPU as this process: the child inherits the pinning. */
    int status = bench_js_capture(argv, path ? "PYTHONPATH" : NULL, path, 0, c->opt.js_timeout, out,
                                  sizeof out, NULL);
    if (status == 3) {
        fprintf(stderr, "  python     not run: the fastsha256 module is not built or installed "
                        "(it builds with fastsha256-bench where python3-dev is installed)\n");
        return;
    }
    if (status != 0) {
        fprintf(stderr, "  python     failed (status %d): %.200s\n", status, out);
        return;
    }
    char pyver[32] = "python";
    for (char *save = NULL, *line = strtok_r(out, "\n", &save); line;
         line = strtok_r(NULL, "\n", &save)) {
        static const char version_tag[] = "fastsha256-bench-py\tversion\t";
        if (strncmp(line, version_tag, sizeof version_tag - 1) == 0) {
            char v[16] = "";
            sscanf(line + sizeof version_tag - 1, "%15[^\t]", v);
            bench_fmt(pyver, sizeof pyver, "py%s", v);
            continue;
        }
        bp_add_row(c, line, pyver);
    }
}
