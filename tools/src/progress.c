/* SPDX-License-Identifier: Apache-2.0 OR MIT */
#define _GNU_SOURCE 1
#include "progress.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "program.h"

static struct {
    bool enabled;
    bool tty;
    bool shown; /* a line is on the terminal now */
    double start, last;
    uint64_t total; /* 0: unknown */
    atomic_uint_fast64_t bytes;
} progress;

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void human_bytes(char *out, size_t cap, double b) {
    static const char *const units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
    size_t u = 0;
    while (b >= 1024 && u + 1 < sizeof units / sizeof units[0]) {
        b /= 1024;
        u++;
    }
    snprintf(out, cap, u ? "%.1f %s" : "%.0f %s", b, units[u]);
}

atomic_uint_fast64_t *progress_counter(void) { return &progress.bytes; }

void progress_clear(void) {
    if (progress.shown) {
        fputs("\r\033[K", stderr);
        progress.shown = false;
    }
}

/* The text of the line: done, total and ETA when the total is known. */
static void format_line(char *line, size_t cap, double elapsed) {
    uint64_t done = atomic_load_explicit(&progress.bytes, memory_order_relaxed);
    double rate = elapsed > 0 ? (double)done / elapsed : 0;
    char b_done[32], b_total[32], b_rate[32];
    human_bytes(b_done, sizeof b_done, (double)done);
    human_bytes(b_rate, sizeof b_rate, rate);
    if (!progress.total) {
        snprintf(line, cap, "%s, %s/s", b_done, b_rate);
        return;
    }
    human_bytes(b_total, sizeof b_total, (double)progress.total);
    double left = progress.total > done ? (double)(progress.total - done) : 0;
    long eta = rate > 0 ? (long)(left / rate + 0.5) : -1;
    if (eta >= 0)
        snprintf(line, cap, "%s / %s, %s/s, ETA %ld:%02ld:%02ld", b_done, b_total, b_rate,
                 eta / 3600, eta / 60 % 60, eta % 60);
    else
        snprintf(line, cap, "%s / %s, %s/s, ETA --:--:--", b_done, b_total, b_rate);
}

static void progress_update(bool force) {
    if (!progress.enabled)
        return;
    double t = now_seconds();
    if (!force && t - progress.last < (progress.tty ? 0.2 : 1.0))
        return;
    progress.last = t;
    char line[160];
    format_line(line, sizeof line, t - progress.start);
    if (progress.tty) {
        fprintf(stderr, "\r%s: %s\033[K", program_name, line);
        progress.shown = true;
    } else {
        fprintf(stderr, "%s: %s\n", program_name, line);
    }
    fflush(stderr);
}

void progress_tick(void) { progress_update(false); }

void progress_begin(bool enabled, char *const *files, int nfiles) {
    progress.enabled = enabled;
    if (!enabled)
        return;
    progress.tty = isatty(STDERR_FILENO) != 0;
    progress.start = progress.last = now_seconds();
    for (int k = 0; k < nfiles; k++) {
        struct stat st;
        if (strcmp(files[k], "-") != 0 && stat(files[k], &st) == 0 && S_ISREG(st.st_mode))
            progress.total += (uint64_t)st.st_size;
    }
}

void progress_end(void) {
    if (!progress.enabled)
        return;
    if (progress.tty)
        progress_clear();
    else
        progress_update(true);
}
