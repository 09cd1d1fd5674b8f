/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Regressions from outside testing: NULL + 0 in the SIMD hex
 * encoders, a SIZE_MAX batch length, final on a finalized or zeroed context,
 * in-place hex. Each hex check runs once per hex encoder this CPU supports,
 * reached by hiding CPU features (FASTSHA256_HIDE) and re-resolving. */
#define _DEFAULT_SOURCE
#include <criterion/criterion.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"

static const char empty_hex[] = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
static const char abc_hex[] = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";

/* Feature sets that walk the hex encoders down, best first. */
static const char *const hide_lists[] = {"", "avx2", "avx2,ssse3", "neon", "all"};
#define NHIDE (sizeof hide_lists / sizeof hide_lists[0])

static void use_hide_list(const char *hide) {
    setenv("FASTSHA256_HIDE", hide, 1);
    fastsha256_reset_backend();
}

static void expect_hex(const uint8_t *digest, const char *want) {
    char text[65];
    fastsha256_to_hex(digest, 32, text);
    cr_assert(strcmp(text, want) == 0, "got %s, want %s", text, want);
}

/* Defect 1: clang's UBSan stopped on "applying zero offset to null pointer". */
Test(hardening, hex_of_null_and_zero_length) {
    for (size_t h = 0; h < NHIDE; h++) {
        use_hide_list(hide_lists[h]);
        char out[3] = "xx";
        fastsha256_to_hex(NULL, 0, out);
        cr_assert(out[0] == '\0', "encoder %s", fastsha256_hex_backend());
        out[0] = 'x';
        fastsha256_to_hex((const uint8_t *)"", 0, out);
        cr_assert(out[0] == '\0');
        fastsha256_to_hex_many(NULL, 0, NULL);
    }
}

/* Defect 2: SIZE_MAX was the short-message path's "nothing padded yet"
 * marker. A length that runs past the end of the address space is a caller
 * bug, treated like NULL: never read, hashed as empty. */
Test(hardening, size_max_batch_length) {
    static uint8_t buf[64];
    uint8_t out[24][32];
    fastsha256_many_strided(buf, 0, SIZE_MAX, 24, out);
    for (size_t i = 0; i < 24; i++)
        expect_hex(out[i], empty_hex);

    const void *msgs[24];
    size_t lens[24];
    for (size_t i = 0; i < 24; i++) {
        msgs[i] = i % 3 == 1 ? (const void *)"abc" : buf + 1;
        lens[i] = i % 3 == 1 ? 3 : SIZE_MAX - (i % 3 == 2);
    }
    fastsha256_many(msgs, lens, 24, out);
    for (size_t i = 0; i < 24; i++)
        expect_hex(out[i], i % 3 == 1 ? abc_hex : empty_hex);
}

/* Defect 3: final twice on SHA-224 wrote 32 bytes; final on a zeroed
 * context returned the digest of an all-zero state. Both now write zeros,
 * and never more than the context's digest size. */
static void expect_final_writes_zeros(fastsha256_ctx *ctx, size_t digest_size, const char *what) {
    uint8_t out[32];
    memset(out, 0xcc, sizeof out);
    fastsha256_final(ctx, out);
    for (size_t i = 0; i < sizeof out; i++)
        cr_assert(out[i] == (i < digest_size ? 0 : 0xcc), "%s: byte %zu is %02x", what, i,
                  out[i]);
}

Test(hardening, final_twice_sha224_writes_28_zero_bytes) {
    uint8_t out[32];
    fastsha256_ctx ctx;
    fastsha224_init(&ctx);
    fastsha256_update(&ctx, "abc", 3);
    fastsha256_final(&ctx, out);
    expect_final_writes_zeros(&ctx, 28, "second SHA-224 final");
    /* Still finalized: update is ignored, final again writes zeros. */
    fastsha256_update(&ctx, "abc", 3);
    expect_final_writes_zeros(&ctx, 28, "SHA-224 final after update on a finalized context");
}

Test(hardening, final_twice_sha256_writes_zeros) {
    uint8_t out[32];
    fastsha256_ctx ctx;
    fastsha256_init(&ctx);
    fastsha256_update(&ctx, "abc", 3);
    fastsha256_final(&ctx, out);
    expect_hex(out, abc_hex);
    expect_final_writes_zeros(&ctx, 32, "second SHA-256 final");
    /* init makes it usable again */
    fastsha256_init(&ctx);
    fastsha256_update(&ctx, "abc", 3);
    fastsha256_final(&ctx, out);
    expect_hex(out, abc_hex);
}

Test(hardening, zeroed_context_writes_zeros) {
    fastsha256_ctx ctx;
    memset(&ctx, 0, sizeof ctx);
    fastsha256_update(&ctx, "abc", 3);
    expect_final_writes_zeros(&ctx, 32, "final on a zeroed context");
}

/* Defect 4: in-place hex (out == bytes) was right with AVX2, wrong with the
 * portable encoder. Promised: out may overlap bytes when it does not start
 * before them. */
static void check_overlap(size_t n, size_t shift) {
    uint8_t src[300];
    char want[601], buf[700];
    test_fill(src, n, n * 31 + shift);
    ref_hex(src, n, want);
    memset(buf, '#', sizeof buf);
    memcpy(buf, src, n);
    fastsha256_to_hex((const uint8_t *)buf, n, buf + shift);
    cr_assert(memcmp(buf + shift, want, 2 * n + 1) == 0, "n=%zu shift=%zu encoder %s", n, shift,
              fastsha256_hex_backend());
}

Test(hardening, hex_in_place) {
    for (size_t h = 0; h < NHIDE; h++) {
        use_hide_list(hide_lists[h]);
        for (size_t n = 0; n <= 300; n += n < 70 ? 1 : 23)
            for (size_t shift = 0; shift <= 33; shift += shift < 3 ? 1 : 15)
                check_overlap(n, shift);
    }
}

Test(hardening, hex_many_in_place) {
    enum { N = 37 };
    static uint8_t digests[N][32];
    static char want[N][65];
    static union {
        uint8_t d[N][32];
        char s[N][65];
    } buf;
    for (size_t h = 0; h < NHIDE; h++) {
        use_hide_list(hide_lists[h]);
        for (size_t n = 0; n <= N; n++) {
            test_fill(&digests[0][0], sizeof digests, n);
            for (size_t i = 0; i < n; i++)
                ref_hex(digests[i], 32, want[i]);
            memcpy(buf.d, digests, sizeof digests);
            fastsha256_to_hex_many((const uint8_t(*)[32])buf.d, n, buf.s);
            cr_assert(memcmp(buf.s, want, n * 65) == 0, "n=%zu encoder %s", n,
                      fastsha256_hex_backend());
        }
    }
}

/* The hex encoder follows its own CPU requirements, not the backend: every
 * forced backend keeps the automatic encoder, except scalar (portable code
 * only), which brings the portable one. */
Test(hardening, hex_encoder_chosen_apart_from_backend) {
    for (size_t h = 0; h < NHIDE; h++) {
        use_hide_list(hide_lists[h]);
        const char *auto_hex = fastsha256_hex_backend();
        const char *names[8];
        size_t n = fastsha256_backends(names, 8);
        for (size_t i = 0; i < n && i < 8; i++) {
            cr_assert(fastsha256_set_backend(names[i]) == 0);
            const char *want = strcmp(names[i], "scalar") == 0 ? "portable" : auto_hex;
            cr_assert(strcmp(fastsha256_hex_backend(), want) == 0, "backend %s, hide %s: hex %s",
                      names[i], hide_lists[h], fastsha256_hex_backend());
        }
        fastsha256_reset_backend();
        cr_assert(strcmp(fastsha256_hex_backend(), auto_hex) == 0);
    }
    unsetenv("FASTSHA256_HIDE");
}
