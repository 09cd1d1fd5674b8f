/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* --progress, as fastsha256sum shows it: bytes done (of the total when the
 * inputs are regular files), rate and ETA on standard error, redrawn in
 * place on a terminal, a line a second otherwise. */
#define _GNU_SOURCE 1
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "tree_cli.h"

static struct {
    bool enabled, tty, shown;
    double start, last;
    uint64_t total;
    atomic_uint_fast64_t bytes;
} progress;

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void human(char *out, size_t cap, double b) {
    static const char *const units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
    size_t u = 0;
    for (; b >= 1024 && u + 1 < sizeof units / sizeof units[0]; u++)
        b /= 1024;
    snprintf(out, cap, u ? "%.1f %s" : "%.0f %s", b, units[u]);
}

static void draw(double t) {
    uint64_t done = atomic_load_explicit(&progress.bytes, memory_order_relaxed);
    double rate = t > progress.start ? (double)done / (t - progress.start) : 0;
    char d[32], all[32], r[32], line[160];
    human(d, sizeof d, (double)done);
    human(r, sizeof r, rate);
    human(all, sizeof all, (double)progress.total);
    long eta = rate > 0 && progress.total > done ? (long)((progress.total - done) / rate + 0.5)
                                                 : 0;
    snprintf(line, sizeof line, "%s / %s, %s/s, ETA %ld:%02ld:%02ld", d, all, r, eta / 3600,
             eta / 60 % 60, eta % 60);
    if (progress.tty)
        fprintf(stderr, "\r%s: %s\033[K", tree_program, line);
    else
        fprintf(stderr, "%s: %s\n", tree_program, line);
    progress.shown = progress.tty;
    fflush(stderr);
}

void tree_progress_begin(bool enabled, char *const *files, int nfiles) {
    progress.enabled = enabled;
    if (!enabled)
        return;
    progress.tty = isatty(STDERR_FILENO) != 0;
    progress.start = progress.last = now_seconds();
    for (int k = 0; k < nfiles; k++) {
        struct stat st;
        if (stat(files[k], &st) == 0 && S_ISREG(st.st_mode))
            progress.total += (uint64_t)st.st_size;
    }
}

void tree_progress_add(uint64_t bytes) {
    atomic_fetch_add_explicit(&progress.bytes, bytes, memory_order_relaxed);
}

void tree_progress_tick(void) {
    if (!progress.enabled)
        return;
    double t = now_seconds();
    if (t - progress.last < (progress.tty ? 0.2 : 1.0))
        return;
    progress.last = t;
    draw(t);
}

void tree_progress_clear(void) {
    if (progress.shown) {
        fputs("\r\033[K", stderr);
        progress.shown = false;
    }
}

void tree_progress_end(void) {
    if (!progress.enabled)
        return;
    if (progress.tty)
        tree_progress_clear();
    else
        draw(now_seconds());
}
