/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The runner behind test/shim/criterion/criterion.h: collects the tests
 * that the constructors registered, runs each in a child process, and
 * reports. Exit status of a child: 0 passed, SHIM_SKIPPED skipped, anything
 * else (an assertion's SHIM_FAILED, a signal, another exit code) failed.
 * The child is a fork, or on Windows (no fork) this program started again
 * with --run=SUITE/NAME, which runs that one test. */
#define _DEFAULT_SOURCE
#include "criterion/criterion.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef _WIN32
#  include <process.h>
#else
#  include <signal.h>
#  include <sys/wait.h>
#  include <unistd.h>
#endif

enum { SHIM_FAILED = 1, SHIM_SKIPPED = 77 };

static struct cr_shim_test *registered;
static size_t nregistered;

void cr_shim_register(struct cr_shim_test *test) {
    test->next = registered;
    registered = test;
    nregistered++;
}

void cr_shim_fail(const char *file, int line, const char *expr, const char *fmt, ...) {
    va_list ap;
    fflush(stdout);
    fprintf(stderr, "[FAIL] %s:%d: assertion failed: %s\n", file, line, expr);
    if (fmt[1] != '\0') { /* more than the macro's " " prefix */
        fputs("[FAIL]   ", stderr);
        va_start(ap, fmt);
        vfprintf(stderr, fmt + 1, ap);
        va_end(ap);
        fputc('\n', stderr);
    }
    fflush(NULL);
    _exit(SHIM_FAILED);
}

void cr_shim_skip(const char *fmt, ...) {
    va_list ap;
    fflush(stdout);
    fputs("[SKIP] ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt + 1, ap);
    va_end(ap);
    fputc('\n', stderr);
    fflush(NULL);
    _exit(SHIM_SKIPPED);
}

void cr_shim_log(const char *fmt, ...) {
    va_list ap;
    fputs("[----] ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

static int by_suite_then_name(const void *a, const void *b) {
    const struct cr_shim_test *x = *(const struct cr_shim_test *const *)a;
    const struct cr_shim_test *y = *(const struct cr_shim_test *const *)b;
    int c = strcmp(x->suite, y->suite);
    return c ? c : strcmp(x->name, y->name);
}

/* A glob of '*' and '?' (fnmatch without flags: '*' also matches '/'). */
static int glob_match(const char *p, const char *s) {
    if (*p == '\0')
        return *s == '\0';
    if (*p == '*')
        return glob_match(p + 1, s) || (*s != '\0' && glob_match(p, s + 1));
    return *s != '\0' && (*p == '?' || *p == *s) && glob_match(p + 1, s + 1);
}

#ifdef _WIN32
static const char *self_path;

/* The child's exit status, or -1 when it could not be started. A start
 * that fails is tried again (twice): under wine one fails now and then
 * (EINVAL), which says nothing of the test. */
static int run_child(const struct cr_shim_test *t) {
    char run[300], quoted[1024];
    snprintf(run, sizeof run, "--run=%s/%s", t->suite, t->name);
    /* _spawnv joins the arguments with spaces: a path with spaces is quoted. */
    snprintf(quoted, sizeof quoted, "\"%s\"", self_path);
    const char *args[] = {quoted, run, NULL};
    intptr_t status = -1;
    for (int attempt = 0; attempt < 3; attempt++) {
        errno = 0;
        status = _spawnv(_P_WAIT, self_path, args);
        if (status != -1 || errno == 0)
            break;
        perror("_spawnv");
    }
    return (int)status;
}
#else
static int run_child(const struct cr_shim_test *t) {
    pid_t pid = fork();
    if (pid < 0) {
        perror("fork");
        return -1;
    }
    if (pid == 0) {
        t->fn();
        fflush(NULL);
        _exit(0);
    }
    int status;
    while (waitpid(pid, &status, 0) < 0) {
        if (errno != EINTR) {
            perror("waitpid");
            return -1;
        }
    }
    if (WIFSIGNALED(status)) {
        fprintf(stderr, "[FAIL] %s::%s crashed: signal %d (%s)\n", t->suite, t->name,
                WTERMSIG(status), strsignal(WTERMSIG(status)));
        return -1;
    }
    return WEXITSTATUS(status);
}
#endif

/* 0 passed, 1 failed, 2 skipped. */
static int run_one(const struct cr_shim_test *t) {
    fflush(NULL);
    int status = run_child(t);
    if (status == 0)
        return 0;
    if (status == SHIM_SKIPPED)
        return 2;
    if (status != SHIM_FAILED && status != -1)
        fprintf(stderr, "[FAIL] %s::%s exited with status %d (0x%x)\n", t->suite, t->name,
                status, (unsigned)status);
    return 1;
}

int main(int argc, char **argv) {
    const char *filter = NULL, *only = NULL;
    int list = 0;
#ifdef _WIN32
    self_path = _pgmptr;
#endif
    for (int i = 1; i < argc; i++) {
        if (strncmp(argv[i], "--filter=", 9) == 0)
            filter = argv[i] + 9;
        else if (strncmp(argv[i], "--run=", 6) == 0)
            only = argv[i] + 6;
        else if (strcmp(argv[i], "--list") == 0 || strcmp(argv[i], "-l") == 0)
            list = 1;
        else {
            fprintf(stderr, "usage: %s [--list] [--filter=SUITE/NAME-glob] [--run=SUITE/NAME]\n", argv[0]);
            return 2;
        }
    }

    struct cr_shim_test **tests = calloc(nregistered ? nregistered : 1, sizeof *tests);
    if (tests == NULL)
        return 2;
    size_t n = 0;
    for (struct cr_shim_test *t = registered; t; t = t->next)
        tests[n++] = t;
    qsort(tests, n, sizeof *tests, by_suite_then_name);

    size_t passed = 0, failed = 0, skipped = 0;
    for (size_t i = 0; i < n; i++) {
        const struct cr_shim_test *t = tests[i];
        char full[256];
        snprintf(full, sizeof full, "%s/%s", t->suite, t->name);
        if (only && strcmp(only, full) == 0) {
            t->fn(); /* the child of run_child on Windows */
            fflush(NULL);
            exit(0);
        }
        if (only || (filter && !glob_match(filter, full)))
            continue;
        if (list) {
            printf("%s\n", full);
            continue;
        }
        if (t->disabled) {
            skipped++;
            continue;
        }
        printf("[RUN ] %s::%s\n", t->suite, t->name);
        switch (run_one(t)) {
        case 0:
            passed++;
            printf("[PASS] %s::%s\n", t->suite, t->name);
            break;
        case 2:
            skipped++;
            printf("[SKIP] %s::%s\n", t->suite, t->name);
            break;
        default:
            failed++;
            printf("[FAIL] %s::%s\n", t->suite, t->name);
            break;
        }
    }
    free(tests);
    if (only) {
        fprintf(stderr, "no test %s\n", only);
        return 2;
    }
    if (!list)
        printf("%zu passed, %zu failed, %zu skipped\n", passed, failed, skipped);
    return failed ? 1 : 0;
}
