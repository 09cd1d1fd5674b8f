/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Progress on standard error: "[k/N] row..., about M min left". The run's
 * rows and their expected seconds are planned first; the time left is the
 * plan's rest, scaled by how the rows done so far compared with their plan. */
#ifndef FASTSHA256_BENCH_ETA_H
#define FASTSHA256_BENCH_ETA_H

/* Adds rows expected to take seconds in all to the plan. */
void bench_eta_plan(int rows, double seconds);

/* The plan so far: rows and expected seconds. */
int bench_eta_rows(void);
double bench_eta_seconds(void);

/* Starts the next `rows` rows, expected to take seconds: prints the progress
 * line, naming them by fmt. */
void bench_eta_step(int rows, double seconds, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* "about 3 min", "about 40 s": a duration as the header and progress say it. */
void bench_eta_fmt(char *buf, unsigned long n, double seconds);

#endif /* FASTSHA256_BENCH_ETA_H */
