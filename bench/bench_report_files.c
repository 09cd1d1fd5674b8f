/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* --output DIR: the check before the run, the results files after it, and
 * the size sweep's plot (gnuplot data, script, and pictures when gnuplot is
 * installed). */
#define _GNU_SOURCE 1

#include "bench_report.h"

#include <errno.h>
#include <stdarg.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bench_common.h"

/* "fastsha256-bench: --output " and why; returns -1. */
static int __attribute__((format(printf, 1, 2))) refuse(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fputs("fastsha256-bench: --output ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return -1;
}

/* Checked before the run, so a bad path costs no measuring: DIR is an
 * existing directory, or a new one whose parent exists. Only the last
 * directory is created (never missing parents: a typo must not build a tree,
 * and /nonexistent/... must fail even as root). */
int bench_report_prepare_dir(const char *dir) {
    char path[BENCH_PATH_MAX];
    size_t len = dir ? strlen(dir) : 0;
    struct stat st;
    if (len == 0)
        return refuse("needs a directory name");
    if (len >= sizeof path)
        return refuse("%.40s...: path too long", dir);
    memcpy(path, dir, len + 1);
    while (len > 1 && path[len - 1] == '/') /* "out/" is "out" */
        path[--len] = '\0';
    if (stat(path, &st) == 0) {
        if (!S_ISDIR(st.st_mode))
            return refuse("%s: exists and is not a directory", dir);
    } else if (errno != ENOENT) {
        return refuse("%s: %s", dir, strerror(errno));
    } else if (mkdir(path, 0777) != 0) {
        if (errno == ENOENT)
            return refuse("%s: the parent directory does not exist (only the last directory "
                          "is created)", dir);
        return refuse("%s: cannot create it: %s", dir, strerror(errno));
    }
    if (access(path, W_OK | X_OK) != 0)
        return refuse("%s: cannot write into it: %s", dir, strerror(errno));
    return 0;
}

/* --- The size sweep's plot ------------------------------------------------ */

static void write_dat(FILE *dat, const bench_report_meta *m) {
    bench_report_sweep w;
    bench_report_sweep_collect(&w);
    (void)m;
    fprintf(dat, "# fastsha256-bench size sweep: one gnuplot data block per series\n"
                 "# columns: size_bytes hashes_per_s gb_per_s cycles_per_byte\n");
    for (size_t k = 0; k < w.nseries; k++) {
        fprintf(dat, "%s# %s\n", k ? "\n\n" : "", w.s[k].label);
        for (size_t z = 0; z < w.nsizes; z++) {
            const bench_report_row *r = w.s[k].at[z];
            if (r && r->size) /* log axes: size 0 only in the tables */
                fprintf(dat, "%zu %.6g %.6g %.6g\n", r->size, r->hps_med, r->gbps, r->cpb);
        }
    }
}

/* One plot: every series, drawn from this column of throughput.dat. */
static void gp_plot(FILE *gp, const bench_report_sweep *w, int column) {
    fprintf(gp, "  plot \\\n");
    for (size_t k = 0; k < w->nseries; k++) {
        fprintf(gp, "    \"throughput.dat\" index %zu using 1:%d with linespoints lw 2 title \"", k,
                column);
        bench_report_gp_escape(gp, w->s[k].label);
        fprintf(gp, "\"%s\n", k + 1 < w->nseries ? ", \\" : "");
    }
}

/* gnuplot draws the PNG, then the SVG, from throughput.dat. */
static void write_gp(FILE *gp, const bench_report_meta *m) {
    bench_report_sweep w;
    bench_report_sweep_collect(&w);
    fprintf(gp, "# fastsha256-bench: SHA-256 throughput vs message size, per backend.\n"
                "# Regenerate the pictures from throughput.dat with: gnuplot throughput.gp\n"
                "# (run in this folder). Written by fastsha256-bench --sweep --output DIR.\n");
    fprintf(gp, "title_text = \"fastsha256 %s: SHA-256 throughput vs message size - ", m->version);
    bench_report_gp_escape(gp, m->cpu_model);
    fprintf(gp, ", core %.2f GHz (estimated), %s\"\n", m->core_hz / 1e9, m->date);
    bench_report_gp_pictures(gp, "throughput", 1600, 700);
    fprintf(gp, "  set multiplot layout 1,2 title title_text\n"
                "  set logscale xy\n"
                "  set grid xtics ytics mytics\n"
                "  set key bottom right font \",9\"\n"
                "  set xlabel \"message size (bytes)\"\n"
                "  set xrange [10:24000000]\n"
                "  set xtics (\"14\" 14, \"64\" 64, \"256\" 256, \"1K\" 1024, \"4K\" 4096, "
                "\"64K\" 65536, \"1M\" 1048576, \"16M\" 16777216)\n"
                "  set ylabel \"GB/s (1e9 bytes/s)\"\n"
                "  set title \"throughput\"\n");
    gp_plot(gp, &w, 3);
    fprintf(gp, "  set ylabel \"hashes per second\"\n"
                "  set title \"messages per second\"\n"
                "  set key top right font \",9\"\n");
    gp_plot(gp, &w, 2);
    fprintf(gp, "  unset multiplot\n  set output\n}\n");
}

static int write_plot(const char *dir, const bench_report_meta *m, int verbose) {
    bench_report_sweep w;
    bench_report_sweep_collect(&w);
    if (w.nsizes == 0) {
        if (verbose)
            fprintf(stderr, "fastsha256-bench: no sweep rows: plot skipped (add --sweep)\n");
        return 0;
    }
    return bench_report_plot(dir, "throughput", write_dat, write_gp, m, verbose);
}

int bench_report_write_dir(const char *dir, const bench_report_meta *m, int verbose,
                           bench_report_tables_fn tables) {
    int rc = 0;
    rc |= bench_report_write_file(dir, "results.csv", bench_report_write_csv, m);
    rc |= bench_report_write_file(dir, "results.json", bench_report_write_json, m);
    rc |= bench_report_write_file(dir, "results.txt", tables, m);
    if (write_plot(dir, m, verbose) != 0 || bench_report_write_chart(dir, m, verbose) != 0)
        rc = -1;
    if (verbose && rc == 0)
        fprintf(stderr, "fastsha256-bench: wrote %s/results.csv, results.json, results.txt\n",
                dir);
    return rc;
}
