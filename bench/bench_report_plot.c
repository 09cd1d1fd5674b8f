/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* What the --output pictures share: a results file written by a callback,
 * gnuplot strings, and running Debian's gnuplot on a script in DIR. Kept
 * apart so that the sweep's plot and the seed chart both use it without
 * calling into each other. */
#define _GNU_SOURCE 1

#include "bench_report_int.h"

#include <errno.h>
#include <string.h>
#include <stdlib.h>
#include <sys/wait.h>

#include "bench_common.h"
#include "bench_proc.h"

int bench_report_write_file(const char *dir, const char *name, bench_report_tables_fn write,
                            const bench_report_meta *m) {
    char path[BENCH_PATH_MAX];
    bench_fmt(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "fastsha256-bench: cannot write %s: %s\n", path, strerror(errno));
        return -1;
    }
    write(f, m);
    return fclose(f) == 0 ? 0 : -1;
}

void bench_report_gp_escape(FILE *out, const char *s) {
    for (; *s; s++)
        if (*s != '"' && *s != '\\')
            fputc(*s, out);
}

void bench_report_gp_quote(FILE *out, const char *s) {
    /* Single-quoted gnuplot strings take everything literally but the quote
     * itself, which is doubled: messages and styles keep their quotes. */
    fputc('\'', out);
    for (; *s; s++)
        fputs(*s == '\'' ? "''" : (char[2]){*s, 0}, out);
    fputc('\'', out);
}

int bench_report_gnuplot(const char *dir, const char *script, const char *pictures,
                         int verbose) {
    char quoted[BENCH_PATH_MAX + 64], cmd[2 * BENCH_PATH_MAX];
    bench_proc_quote(quoted, sizeof quoted, dir);
    bench_fmt(cmd, sizeof cmd, "cd %s && gnuplot %s", quoted, script);
    int status = system(cmd);
    status = status != -1 && WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    if (status == 127) { /* the shell did not find it: the script is there, the pictures not */
        fprintf(stderr, "fastsha256-bench: gnuplot not found: wrote %s/%s, no pictures "
                        "(apt-get install gnuplot-nox)\n", dir, script);
        return 0;
    }
    if (status != 0) {
        fprintf(stderr, "fastsha256-bench: gnuplot failed on %s/%s\n", dir, script);
        return -1;
    }
    if (verbose)
        fprintf(stderr, "fastsha256-bench: wrote %s/%s\n", dir, pictures);
    return 0;
}
