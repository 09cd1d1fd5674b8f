/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Child programs, their output line by line (see bench_proc.h). */
#define _GNU_SOURCE 1

#include "bench_proc.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench_util.h"

static pid_t start(const char *const *argv, const char *env, int unpinned, int fd[2]) {
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid != 0)
        return pid;
    if (unpinned)
        bench_affinity_restore_self();
    dup2(fd[1], 1);
    dup2(fd[1], 2);
    close(fd[0]);
    close(fd[1]);
    if (env)
        putenv((char *)env);
    execvp(argv[0], (char *const *)argv);
    fprintf(stderr, "exec %s: %s\n", argv[0], strerror(errno));
    _exit(127);
}

typedef struct line_buf {
    char s[4096];
    size_t n;
} line_buf;

/* Hands each complete line of got bytes on; a line too long goes in pieces. */
static void feed(line_buf *b, const char *in, size_t got, bench_proc_line_fn fn, void *arg) {
    for (size_t i = 0; i < got; i++) {
        if (in[i] != '\n' && b->n + 1 < sizeof b->s) {
            b->s[b->n++] = in[i];
            continue;
        }
        b->s[b->n] = '\0';
        fn(arg, b->s);
        b->n = 0;
        if (in[i] != '\n')
            b->s[b->n++] = in[i];
    }
}

/* Reads fd until it closes or the deadline; returns 1 when it timed out. */
static int read_lines(int fd, uint64_t deadline, bench_proc_line_fn fn, void *arg) {
    line_buf b;
    char buf[8192];
    b.n = 0;
    for (;;) {
        uint64_t now = bench_wall_ns();
        if (now >= deadline)
            return 1;
        struct pollfd p = {fd, POLLIN, 0};
        int wait_ms = (int)((deadline - now) / 1000000u) + 1;
        if (poll(&p, 1, wait_ms > 1000 ? 1000 : wait_ms) <= 0)
            continue;
        ssize_t got = read(fd, buf, sizeof buf);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            break;
        feed(&b, buf, (size_t)got, fn, arg);
    }
    if (b.n) {
        b.s[b.n] = '\0';
        fn(arg, b.s);
    }
    return 0;
}

int bench_proc_lines(const char *const *argv, const char *env, int unpinned, unsigned timeout_s,
                     bench_proc_line_fn on_line, void *arg) {
    int fd[2];
    if (pipe(fd) != 0)
        return -1;
    pid_t pid = start(argv, env, unpinned, fd);
    close(fd[1]);
    if (pid < 0) {
        close(fd[0]);
        return -1;
    }
    int timed_out = read_lines(fd[0], bench_wall_ns() + (uint64_t)timeout_s * 1000000000u,
                               on_line, arg);
    if (timed_out)
        kill(pid, SIGKILL);
    close(fd[0]);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (timed_out)
        return -2;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
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

int bench_proc_capture(const char *const *argv, const char *env, int unpinned,
                       unsigned timeout_s, char *out, size_t outlen) {
    capture c = {out, outlen, 0};
    out[0] = '\0';
    return bench_proc_lines(argv, env, unpinned, timeout_s, keep, &c);
}
