/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* fastsha256's side of the Go interop test (test/go/state_interop.go drives
 * it): one command a line on stdin, one answer a line on stdout. Hex
 * strings; "-" is empty.
 *   backend                      the active backend's name
 *   export 256|224 PREFIX        the saved state after PREFIX (fed in uneven
 *                                pieces), or "refused"
 *   finish STATE SUFFIX          the digest after importing STATE and
 *                                adding SUFFIX, or "refused"
 * Linked with backend_gate.c: a run forced onto a backend this CPU lacks
 * exits 77 before reading anything. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fastsha256.h"

enum { MAX_BYTES = 1 << 16 };

static int nibble(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return -1;
}

/* The bytes of a hex word into out (room for MAX_BYTES); their count, or
 * -1 for a malformed word. */
static long from_hex(const char *hex, uint8_t *out) {
    if (strcmp(hex, "-") == 0)
        return 0;
    size_t n = strlen(hex);
    if (n % 2 != 0 || n / 2 > MAX_BYTES)
        return -1;
    for (size_t i = 0; i < n / 2; i++) {
        int hi = nibble(hex[2 * i]), lo = nibble(hex[2 * i + 1]);
        if (hi < 0 || lo < 0)
            return -1;
        out[i] = (uint8_t)(hi << 4 | lo);
    }
    return (long)(n / 2);
}

static void put_hex(const uint8_t *p, size_t n) {
    for (size_t i = 0; i < n; i++)
        printf("%02x", p[i]);
    putchar('\n');
}

static uint8_t a[MAX_BYTES], b[MAX_BYTES];

static int cmd_export(const char *alg, const char *prefix) {
    long n = from_hex(prefix, a);
    if (n < 0 || (strcmp(alg, "256") != 0 && strcmp(alg, "224") != 0))
        return -1;
    fastsha256_ctx ctx;
    if (strcmp(alg, "224") == 0)
        fastsha224_init(&ctx);
    else
        fastsha256_init(&ctx);
    /* In uneven pieces, so the context's buffer holds stale bytes past
     * the buffered ones. */
    for (size_t at = 0, k = 0; at < (size_t)n; k++) {
        size_t piece = k * 37 % 97 + 1;
        if (piece > (size_t)n - at)
            piece = (size_t)n - at;
        fastsha256_update(&ctx, a + at, piece);
        at += piece;
    }
    uint8_t state[FASTSHA256_STATE_SIZE];
    if (fastsha256_ctx_export(&ctx, state) != 0)
        puts("refused");
    else
        put_hex(state, sizeof state);
    return 0;
}

static int cmd_finish(const char *state, const char *suffix) {
    long ns = from_hex(state, a), nx = from_hex(suffix, b);
    if (ns < 0 || nx < 0)
        return -1;
    fastsha256_ctx ctx;
    fastsha256_init(&ctx);
    if (fastsha256_ctx_import(&ctx, a, (size_t)ns) != 0) {
        puts("refused");
        return 0;
    }
    fastsha256_update(&ctx, b, (size_t)nx);
    size_t size = a[3] == 0x02 ? FASTSHA224_DIGEST_SIZE : FASTSHA256_DIGEST_SIZE;
    uint8_t digest[FASTSHA256_DIGEST_SIZE];
    fastsha256_final(&ctx, digest);
    put_hex(digest, size);
    return 0;
}

static int run(char *line) {
    char *cmd = strtok(line, " \n");
    char *x = strtok(NULL, " \n"), *y = strtok(NULL, " \n");
    if (cmd && strcmp(cmd, "backend") == 0) {
        puts(fastsha256_backend());
        return 0;
    }
    if (cmd && x && y && strcmp(cmd, "export") == 0)
        return cmd_export(x, y);
    if (cmd && x && y && strcmp(cmd, "finish") == 0)
        return cmd_finish(x, y);
    return -1;
}

int main(void) {
    static char line[4 * MAX_BYTES + 64];
    while (fgets(line, sizeof line, stdin)) {
        if (run(line) != 0) {
            fprintf(stderr, "state_tool: bad command\n");
            return 2;
        }
        fflush(stdout);
    }
    return 0;
}
