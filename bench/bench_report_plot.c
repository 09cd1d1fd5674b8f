/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* What the --output pictures share: a results file written by a callback,
 * gnuplot strings, and running Debian's gnuplot on a script in DIR. Kept
 * apart so that the sweep's plot and the seed chart both use it without
 * calling into each other. */
#define _GNU_SOURCE 1

#include "bench_report.h"

#include <errno.h>
#include <string.h>
#include <stdlib.h>
#include <sys/wait.h>

#include "bench_common.h"

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

void bench_report_gp_pictures(FILE *gp, const char *stem, int width, int height) {
    fprintf(gp, "do for [t = 1:2] {\n  if (t == 1) {\n"
                "    if (strstrt(GPVAL_TERMINALS, \"pngcairo\") > 0) {\n"
                "      set terminal pngcairo noenhanced size %d,%d font \"sans,10\"\n"
                "    } else {\n      set terminal png noenhanced size %d,%d\n    }\n"
                "    set output \"%s.png\"\n  } else {\n"
                "    set terminal svg noenhanced size %d,%d dynamic font \"sans,10\"\n"
                "    set output \"%s.svg\"\n  }\n",
            width, height, width, height, stem, width, height, stem);
}

int bench_report_plot(const char *dir, const char *stem, bench_report_tables_fn write_dat,
                      bench_report_tables_fn write_gp, const bench_report_meta *m, int verbose) {
    char dat[64], gp[64], quoted[BENCH_PATH_MAX + 64], cmd[2 * BENCH_PATH_MAX];
    bench_fmt(dat, sizeof dat, "%s.dat", stem);
    bench_fmt(gp, sizeof gp, "%s.gp", stem);
    if (bench_report_write_file(dir, dat, write_dat, m) != 0 ||
        bench_report_write_file(dir, gp, write_gp, m) != 0)
        return -1;
    bench_proc_quote(quoted, sizeof quoted, dir);
    bench_fmt(cmd, sizeof cmd, "cd %s && gnuplot %s", quoted, gp);
    int status = system(cmd);
    status = status != -1 && WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    if (status == 127) { /* the shell did not find it: the script is there, the pictures not */
        fprintf(stderr, "fastsha256-bench: gnuplot not found: wrote %s/%s, no pictures "
                        "(apt-get install gnuplot-nox)\n", dir, gp);
        return 0;
    }
    if (status != 0) {
        fprintf(stderr, "fastsha256-bench: gnuplot failed on %s/%s\n", dir, gp);
        return -1;
    }
    if (verbose)
        fprintf(stderr, "fastsha256-bench: wrote %s/%s.png and %s.svg\n", dir, stem, stem);
    return 0;
}
