/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Prints the backend and hex encoder that auto-selection chose and the
 * backends this CPU supports; fails unless the backend is the one named in
 * FASTSHA256_EXPECT_BACKEND (set by ctest where the CPU is known). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fastsha256.h"

int main(void) {
    const char *expected = getenv("FASTSHA256_EXPECT_BACKEND");
    const char *hide = getenv("FASTSHA256_HIDE");
    const char *names[16];
    size_t n = fastsha256_backends(names, 16);
    printf("backend %s, hex %s; supported:", fastsha256_backend(), fastsha256_hex_backend());
    for (size_t i = 0; i < n && i < 16; i++)
        printf(" %s", names[i]);
    printf(" (FASTSHA256_HIDE=%s)\n", hide ? hide : "");
    if (expected == NULL || *expected == '\0') {
        fprintf(stderr, "FASTSHA256_EXPECT_BACKEND is not set\n");
        return 2;
    }
    if (strcmp(fastsha256_backend(), expected) != 0) {
        fprintf(stderr, "auto-selection chose %s, expected %s\n", fastsha256_backend(), expected);
        return 1;
    }
    return 0;
}
