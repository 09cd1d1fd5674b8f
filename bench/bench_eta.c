/* SPDX-License-Identifier: Apache-2.0 OR MIT */
#define _POSIX_C_SOURCE 200809L
#include "bench_report.h"

#include <stdarg.h>
#include <stdio.h>
#include <time.h>

static struct {
    int rows, done;
    double planned, done_planned; /* seconds */
    struct timespec t0;
    int started;
} eta;

void bench_eta_plan(int rows, double seconds) {
    eta.rows += rows;
    eta.planned += seconds;
}

int bench_eta_rows(void) { return eta.rows; }

double bench_eta_seconds(void) { return eta.planned; }

static double since_start(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)(t.tv_sec - eta.t0.tv_sec) + (double)(t.tv_nsec - eta.t0.tv_nsec) / 1e9;
}

void bench_eta_fmt(char *buf, unsigned long n, double seconds) {
    if (seconds < 90)
        snprintf(buf, n, "about %.0f s", seconds < 1 ? 1 : seconds);
    else
        snprintf(buf, n, "about %.0f min", seconds / 60);
}

void bench_eta_step(int rows, double seconds, const char *fmt, ...) {
    if (!eta.started) {
        clock_gettime(CLOCK_MONOTONIC, &eta.t0);
        eta.started = 1;
    }
    /* The rows done so far ran `scale` times their plan; a few seconds of
     * history are needed before that says anything. */
    double elapsed = since_start();
    double scale = eta.done_planned > 5 ? elapsed / eta.done_planned : 1;
    scale = scale < 0.3 ? 0.3 : scale > 4 ? 4 : scale;
    double left = (eta.planned - eta.done_planned) * scale;
    char when[32];
    bench_eta_fmt(when, sizeof when, left);
    if (rows > 1)
        fprintf(stderr, "[%d-%d/%d] ", eta.done + 1, eta.done + rows, eta.rows);
    else
        fprintf(stderr, "[%d/%d] ", eta.done + 1, eta.rows);
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "..., %s left\n", when);
    fflush(stderr);
    eta.done += rows;
    eta.done_planned += seconds;
}
