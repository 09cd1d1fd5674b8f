/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* API edges: backend selection, NULL inputs, SHA-224 output size, and
 * concurrent first use. Criterion runs every test in a fresh process, so
 * "first use" below really is the library's first call. */
#define _DEFAULT_SOURCE
#include <criterion/criterion.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"

static const char empty_hex[] = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
static const char abc_hex[] = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
static const char abc224_hex[] = "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7";

static void expect_digest(const uint8_t *got, size_t n, const char *hex) {
    char text[65];
    fastsha256_to_hex(got, n, text);
    cr_assert(strcmp(text, hex) == 0, "got %s, want %s", text, hex);
}

Test(api, set_backend_rejects_unknown_names) {
    const char *before = fastsha256_backend();
    cr_assert(fastsha256_set_backend("no-such-backend") == -1);
    cr_assert(fastsha256_set_backend("") == -1);
    cr_assert(fastsha256_set_backend(NULL) == -1);
    cr_assert(fastsha256_set_backend("SCALAR") == -1, "names are case-sensitive");
    cr_assert(strcmp(fastsha256_backend(), before) == 0, "a failed call changed the backend");
}

Test(api, set_backend_rejects_unsupported_backends) {
    const char *all[8];
    size_t n = fastsha256_all_backends(all, 8);
    const char *before = fastsha256_backend();
    setenv("FASTSHA256_HIDE", "all", 1); /* now only scalar is supported */
    for (size_t i = 0; i < n; i++)
        if (strcmp(all[i], "scalar") != 0)
            cr_assert(fastsha256_set_backend(all[i]) == -1, "%s accepted without its CPU features",
                      all[i]);
    unsetenv("FASTSHA256_HIDE");
    cr_assert(strcmp(fastsha256_backend(), before) == 0);
}

Test(api, every_supported_backend_can_be_forced) {
    const char *names[8];
    size_t n = fastsha256_backends(names, 8);
    cr_assert(n >= 1 && n <= 8);
    cr_assert(strcmp(names[n - 1], "scalar") == 0, "scalar is always last");
    for (size_t i = 0; i < n; i++) {
        uint8_t d[32];
        cr_assert(fastsha256_set_backend(names[i]) == 0, "cannot force %s", names[i]);
        cr_assert(strcmp(fastsha256_backend(), names[i]) == 0);
        fastsha256("abc", 3, d);
        expect_digest(d, 32, abc_hex);
    }
    fastsha256_reset_backend();
    cr_assert(strcmp(fastsha256_backend(), names[0]) == 0, "auto choice is the best backend");
    cr_assert(fastsha256_backends(NULL, 0) == n);
}

Test(api, unknown_env_backend_keeps_auto_selection) {
    setenv("FASTSHA256_BACKEND", "bogus", 1);
    const char *names[8];
    fastsha256_backends(names, 8);
    cr_assert(strcmp(fastsha256_backend(), names[0]) == 0);
    cr_assert(fastsha256_env_backend_ignored() == 1);
}

Test(api, env_backend_forces_scalar) {
    setenv("FASTSHA256_BACKEND", "scalar", 1);
    cr_assert(strcmp(fastsha256_backend(), "scalar") == 0);
    cr_assert(strcmp(fastsha256_hex_backend(), "portable") == 0);
    cr_assert(fastsha256_env_backend_ignored() == 0);
}

Test(api, null_with_zero_length) {
    uint8_t d[32];
    fastsha256(NULL, 0, d);
    expect_digest(d, 32, empty_hex);
    fastsha256_ctx ctx;
    fastsha256_init(&ctx);
    fastsha256_update(&ctx, NULL, 0);
    fastsha256_update(&ctx, "abc", 3);
    fastsha256_update(&ctx, NULL, 0);
    fastsha256_final(&ctx, d);
    expect_digest(d, 32, abc_hex);
    const void *msgs[2] = {NULL, "abc"};
    size_t lens[2] = {0, 3};
    uint8_t batch[2][32];
    fastsha256_many(msgs, lens, 2, batch);
    expect_digest(batch[0], 32, empty_hex);
    expect_digest(batch[1], 32, abc_hex);
    fastsha256_many(NULL, NULL, 0, NULL); /* n = 0 touches nothing */
    fastsha256_many_strided(NULL, 0, 0, 2, batch);
    expect_digest(batch[1], 32, empty_hex);
    char text[FASTSHA256_HEX_SIZE];
    fastsha256_hex(NULL, 0, text);
    cr_assert_str_eq(text, empty_hex);
}

/* A caller bug, documented: never dereferenced, hashes as if empty. */
Test(api, null_with_nonzero_length_hashes_as_empty) {
    uint8_t d[32];
    fastsha256(NULL, 5, d);
    expect_digest(d, 32, empty_hex);
    fastsha256_ctx ctx;
    fastsha256_init(&ctx);
    fastsha256_update(&ctx, NULL, 100);
    fastsha256_final(&ctx, d);
    expect_digest(d, 32, empty_hex);
    const void *msgs[1] = {NULL};
    size_t lens[1] = {1000};
    fastsha256_many(msgs, lens, 1, (uint8_t(*)[32])d);
    expect_digest(d, 32, empty_hex);
    fastsha256_many_strided(NULL, 64, 64, 1, (uint8_t(*)[32])d);
    expect_digest(d, 32, empty_hex);
    char text[3] = "xx";
    fastsha256_to_hex(NULL, 1, text);
    cr_assert(text[0] == '\0');
    char hex[FASTSHA256_HEX_SIZE];
    fastsha256_hex(NULL, 5, hex);
    cr_assert_str_eq(hex, empty_hex);
    fastsha256_hex(NULL, 1000, hex);
    cr_assert_str_eq(hex, empty_hex);
}

Test(api, sha224_writes_28_bytes) {
    uint8_t out[32];
    memset(out, 0xcc, sizeof out);
    fastsha224("abc", 3, out);
    expect_digest(out, 28, abc224_hex);
    for (int i = 28; i < 32; i++)
        cr_assert(out[i] == 0xcc, "byte %d written", i);
    memset(out, 0xcc, sizeof out);
    fastsha256_ctx ctx;
    fastsha224_init(&ctx);
    fastsha256_update(&ctx, "ab", 2);
    fastsha256_update(&ctx, "c", 1);
    fastsha256_final(&ctx, out);
    expect_digest(out, 28, abc224_hex);
    for (int i = 28; i < 32; i++)
        cr_assert(out[i] == 0xcc, "byte %d written by final", i);
    /* fastsha224_hex: 56 characters and a NUL, FASTSHA224_HEX_SIZE bytes. */
    char text[FASTSHA256_HEX_SIZE];
    memset(text, 'x', sizeof text);
    fastsha224_hex("abc", 3, text);
    cr_assert_str_eq(text, abc224_hex);
    cr_assert(FASTSHA224_HEX_SIZE == 57);
    for (size_t i = FASTSHA224_HEX_SIZE; i < sizeof text; i++)
        cr_assert(text[i] == 'x', "byte %zu written by fastsha224_hex", i);
    fastsha256_hex("abc", 3, text);
    cr_assert_str_eq(text, abc_hex);
}

Test(api, version) {
    cr_assert(strcmp(fastsha256_version(), FASTSHA256_VERSION_STRING) == 0);
}

enum { THREADS = 8 };
static pthread_barrier_t start_line;

static void *first_call(void *arg) {
    uint8_t *d = arg;
    pthread_barrier_wait(&start_line);
    fastsha256("abc", 3, d);
    return (void *)fastsha256_backend();
}

Test(api, concurrent_first_use) {
    pthread_t t[THREADS];
    uint8_t d[THREADS][32];
    void *names[THREADS];
    pthread_barrier_init(&start_line, NULL, THREADS);
    for (int i = 0; i < THREADS; i++)
        cr_assert(pthread_create(&t[i], NULL, first_call, d[i]) == 0);
    for (int i = 0; i < THREADS; i++)
        pthread_join(t[i], &names[i]);
    pthread_barrier_destroy(&start_line);
    for (int i = 0; i < THREADS; i++) {
        expect_digest(d[i], 32, abc_hex);
        cr_assert(strcmp(names[i], names[0]) == 0, "threads disagree on the backend");
    }
}
