/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* A minimal stand-in for Criterion, for targets that have no Criterion
 * package (cross builds run under qemu-user: Debian ships libcriterion for
 * neither s390x nor, co-installable with the host's, arm64).
 *
 * It implements only what fastsha256's suites use, with Criterion's
 * meaning:
 *   Test(suite, name, ...)   a test; options such as .timeout are accepted
 *                            and ignored (ctest's own timeout applies);
 *   cr_assert(cond[, fmt, ...])  ends the test as failed when cond is false;
 *   cr_skip_test([fmt, ...]) ends the test as skipped;
 *   cr_log_info(fmt, ...)    a line on stderr.
 * Like Criterion, every test runs in its own child process (fork), so a
 * test sees the library's first use and its own environment changes, and
 * a crash fails that test alone. The runner (criterion_shim.c) prints one
 * line per test and "N passed, M failed, K skipped", and exits non-zero
 * when any test failed. Options: --list, --filter=SUITE/NAME (a glob). */
#ifndef FASTSHA256_CRITERION_SHIM_H
#define FASTSHA256_CRITERION_SHIM_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

struct cr_shim_test {
    const char *suite;
    const char *name;
    void (*fn)(void);
    /* Criterion's per-test options; accepted, ignored. */
    double timeout;
    bool disabled;
    const char *description;
    struct cr_shim_test *next;
};

/* MinGW's "printf" format is msvcrt's; the build uses MinGW's C99 one. */
#ifdef __MINGW_PRINTF_FORMAT
#  define CR_SHIM_PRINTF __MINGW_PRINTF_FORMAT
#else
#  define CR_SHIM_PRINTF printf
#endif

void cr_shim_register(struct cr_shim_test *test);
__attribute__((noreturn, format(CR_SHIM_PRINTF, 4, 5))) void
cr_shim_fail(const char *file, int line, const char *expr, const char *fmt, ...);
__attribute__((noreturn, format(CR_SHIM_PRINTF, 1, 2))) void cr_shim_skip(const char *fmt, ...);
__attribute__((format(CR_SHIM_PRINTF, 1, 2))) void cr_shim_log(const char *fmt, ...);

#define CR_SHIM_ID(s_, n_, what) cr_shim_##s_##_##n_##_##what

/* A constructor adds the test to the runner's list before main. */
#define Test(s_, n_, ...)                                                       \
    static void CR_SHIM_ID(s_, n_, fn)(void);                                   \
    static struct cr_shim_test CR_SHIM_ID(s_, n_, desc) = {                     \
        .suite = #s_, .name = #n_, .fn = CR_SHIM_ID(s_, n_, fn), __VA_ARGS__};  \
    __attribute__((constructor)) static void CR_SHIM_ID(s_, n_, reg)(void) {    \
        cr_shim_register(&CR_SHIM_ID(s_, n_, desc));                            \
    }                                                                           \
    static void CR_SHIM_ID(s_, n_, fn)(void)

/* The " " prefix makes the message optional (and never a zero-length
 * format); a literal format given after the condition is appended to it. */
#define cr_assert(cond, ...)                                                    \
    do {                                                                        \
        if (!(cond))                                                            \
            cr_shim_fail(__FILE__, __LINE__, #cond, " " __VA_ARGS__);           \
    } while (0)

/* The comparison forms the suites use, as plain conditions. */
#define cr_assert_eq(a, b, ...) cr_assert((a) == (b), __VA_ARGS__)
#define cr_assert_neq(a, b, ...) cr_assert((a) != (b), __VA_ARGS__)
#define cr_assert_not_null(p, ...) cr_assert((p) != NULL, __VA_ARGS__)
#define cr_assert_str_eq(a, b, ...) cr_assert(strcmp((a), (b)) == 0, __VA_ARGS__)
#define cr_assert_arr_eq(a, b, n, ...) cr_assert(memcmp((a), (b), (n)) == 0, __VA_ARGS__)

#define cr_skip_test(...) cr_shim_skip(" " __VA_ARGS__)
#define cr_log_info(...) cr_shim_log(__VA_ARGS__)

#ifdef __cplusplus
}
#endif
#endif /* FASTSHA256_CRITERION_SHIM_H */
