/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Linked into every suite that ctest runs once per backend. A run forced
 * (FASTSHA256_BACKEND) onto a backend this CPU lacks has nothing to test:
 * before any test, it prints why and exits with FASTSHA256_TEST_SKIP_CODE,
 * which ctest reports as skipped (SKIP_RETURN_CODE), so it is never counted
 * as passed. A constructor, so Criterion and test/shim need nothing of it.
 * Only "not supported here" skips: a name that is not compiled in, or a
 * supported backend that did not become active (its self-test failed),
 * fails the run. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fastsha256.h"

#ifndef FASTSHA256_TEST_SKIP_CODE
#error "FASTSHA256_TEST_SKIP_CODE must match the tests' SKIP_RETURN_CODE"
#endif

static int compiled_in(const char *name) {
    const char *names[16];
    size_t n = fastsha256_all_backends(names, 16);
    for (size_t i = 0; i < n && i < 16; i++)
        if (strcmp(names[i], name) == 0)
            return 1;
    return 0;
}

__attribute__((constructor)) static void skip_unsupported_backend(void) {
    const char *forced = getenv("FASTSHA256_BACKEND");
    const char *hide = getenv("FASTSHA256_HIDE");
    if (forced == NULL || *forced == '\0')
        return;
    if (!compiled_in(forced)) {
        fprintf(stderr, "fastsha256 test: FASTSHA256_BACKEND=%s is not a compiled-in backend\n",
                forced);
        exit(EXIT_FAILURE);
    }
    if (fastsha256_env_backend_ignored()) {
        printf("fastsha256 test: backend %s not supported on this CPU%s%s%s: skipped\n", forced,
               hide ? " (FASTSHA256_HIDE=" : "", hide ? hide : "", hide ? ")" : "");
        fflush(stdout);
        exit(FASTSHA256_TEST_SKIP_CODE);
    }
    if (strcmp(fastsha256_backend(), forced) != 0) {
        fprintf(stderr, "fastsha256 test: backend %s is supported here but %s is active\n",
                forced, fastsha256_backend());
        exit(EXIT_FAILURE);
    }
}
