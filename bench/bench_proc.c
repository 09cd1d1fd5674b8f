/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Child programs, their output line by line (see bench_common.h). */
#define _POSIX_C_SOURCE 200809L

#include "bench_common.h"

#include <stdio.h>
#include <string.h>
#include <sys/wait.h>

int bench_proc_lines(const char *cmd, bench_proc_line_fn on_line, void *arg) {
    fflush(stdout);
    fflush(stderr);
    FILE *p = popen(cmd, "r");
    if (!p)
        return -1;
    char line[4096];
    while (fgets(line, sizeof line, p)) {
        line[strcspn(line, "\n")] = '\0';
        on_line(arg, line);
    }
    int status = pclose(p);
    return status != -1 && WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

typedef struct capture {
    char *out;
    size_t len, used;
} capture;

static void keep(void *p, const char *line) {
    capture *c = (capture *)p;
    int n = snprintf(c->out + c->used, c->len - c->used, "%s\n", line);
    if (n > 0)
        c->used += (size_t)n < c->len - c->used ? (size_t)n : c->len - c->used - 1;
}

int bench_proc_capture(const char *cmd, char *out, size_t outlen) {
    capture c = {out, outlen, 0};
    out[0] = '\0';
    return bench_proc_lines(cmd, keep, &c);
}

void bench_proc_quote(char *out, size_t n, const char *s) {
    size_t k = 0;
    for (out[k++] = '\''; *s && k + 6 < n; s++) {
        if (*s == '\'') /* close, an escaped quote, reopen */
            memcpy(out + k, "'\\''", 4), k += 4;
        else
            out[k++] = *s;
    }
    out[k++] = '\'';
    out[k] = '\0';
}
