/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Key derivation, part of the kdf suite: the return rules and
 * bad arguments (nothing written on -1), NULL inputs counting as empty, the
 * SHA-NI chain kernel against the portable loop over many chain lengths,
 * and the stack the kernels used being burnt afterwards. */
#define _DEFAULT_SOURCE
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "../src/internal.h"
#include "common.h"
#include "stack_burn.h"

static int untouched(const uint8_t *p, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (p[i] != 0xee)
            return 0;
    return 1;
}

Test(kdf_api, pbkdf2_bad_arguments_write_nothing) {
    REQUIRE_FORCED_BACKEND();
    uint8_t out[64];
    const void *pws[2] = {"a", "b"}, *salts[2] = {"s", "t"};
    size_t lens[2] = {1, 1};
    memset(out, 0xee, sizeof out);
    cr_assert(fastsha256_pbkdf2("pw", 2, "salt", 4, 0, out, 32) == -1, "iterations == 0");
    cr_assert(fastsha224_pbkdf2("pw", 2, "salt", 4, 0, out, 28) == -1);
    cr_assert(fastsha256_pbkdf2("pw", 2, "salt", 4, 1, out, 0) == -1, "outlen == 0");
    cr_assert(fastsha224_pbkdf2("pw", 2, "salt", 4, 1, out, 0) == -1);
    cr_assert(fastsha256_pbkdf2("pw", 2, "salt", 4, 1, NULL, 32) == -1, "out == NULL");
    cr_assert(fastsha256_pbkdf2_many(pws, lens, salts, lens, 2, 0, out, 32) == -1);
    cr_assert(fastsha256_pbkdf2_many(pws, lens, salts, lens, 2, 1, out, 0) == -1);
    cr_assert(fastsha256_pbkdf2_many(pws, lens, salts, lens, 2, 1, NULL, 32) == -1);
    cr_assert(fastsha256_pbkdf2_many(NULL, lens, salts, lens, 2, 1, out, 32) == -1);
    cr_assert(fastsha256_pbkdf2_many(pws, NULL, salts, lens, 2, 1, out, 32) == -1);
    cr_assert(fastsha256_pbkdf2_many(pws, lens, NULL, lens, 2, 1, out, 32) == -1);
    cr_assert(fastsha256_pbkdf2_many(pws, lens, salts, NULL, 2, 1, out, 32) == -1);
    cr_assert(fastsha256_pbkdf2_many(pws, lens, salts, lens, SIZE_MAX / 16, 1, out, 32) == -1,
              "n * outlen past SIZE_MAX");
    cr_assert(fastsha256_pbkdf2_many(NULL, NULL, NULL, NULL, 0, 1, out, 32) == 0, "n == 0");
#if SIZE_MAX > UINT32_MAX
    /* More than 2^32 - 1 blocks: refused before anything is derived. */
    cr_assert(fastsha256_pbkdf2("pw", 2, "salt", 4, 1, out, (size_t)UINT32_MAX * 32 + 1) == -1);
    cr_assert(fastsha224_pbkdf2("pw", 2, "salt", 4, 1, out, (size_t)UINT32_MAX * 28 + 1) == -1);
    cr_assert(fastsha256_pbkdf2("pw", 2, "salt", 4, 1, out, SIZE_MAX) == -1);
    cr_assert(fastsha256_pbkdf2_many(pws, lens, salts, lens, 1, 1, out,
                                     (size_t)UINT32_MAX * 32 + 1) == -1);
#endif
    cr_assert(untouched(out, sizeof out), "a refused call writes nothing");
}

Test(kdf_api, pbkdf2_null_inputs_count_as_empty) {
    REQUIRE_FORCED_BACKEND();
    uint8_t want[40], got[40];
    cr_assert(fastsha256_pbkdf2("", 0, "", 0, 3, want, sizeof want) == 0);
    cr_assert(fastsha256_pbkdf2(NULL, 5, NULL, 7, 3, got, sizeof got) == 0);
    cr_assert(memcmp(got, want, sizeof got) == 0);
    const void *nulls[2] = {NULL, NULL};
    size_t lens[2] = {9, 0};
    uint8_t many[2][40];
    cr_assert(fastsha256_pbkdf2_many(nulls, lens, nulls, lens, 2, 3, many, 40) == 0);
    cr_assert(memcmp(many[0], want, 40) == 0 && memcmp(many[1], want, 40) == 0);
    cr_assert(fastsha224_pbkdf2("", 0, "", 0, 3, want, 28) == 0);
    cr_assert(fastsha224_pbkdf2(NULL, 1, NULL, 1, 3, got, 28) == 0);
    cr_assert(memcmp(got, want, 28) == 0);
}

Test(kdf_api, hkdf_bad_arguments_write_nothing) {
    REQUIRE_FORCED_BACKEND();
    static uint8_t out[255 * 32 + 1];
    uint8_t prk[32];
    memset(prk, 7, sizeof prk);
    memset(out, 0xee, sizeof out);
    cr_assert(fastsha256_hkdf_expand(prk, "i", 1, out, 255 * 32 + 1) == -1, "outlen > 255 * 32");
    cr_assert(fastsha256_hkdf("s", 1, "k", 1, "i", 1, out, 255 * 32 + 1) == -1);
    cr_assert(fastsha256_hkdf_expand(prk, "i", 1, out, SIZE_MAX) == -1);
    cr_assert(fastsha256_hkdf_expand(NULL, "i", 1, out, 32) == -1, "prk NULL");
    cr_assert(fastsha256_hkdf_expand(prk, "i", 1, NULL, 32) == -1, "out NULL");
    cr_assert(fastsha256_hkdf("s", 1, "k", 1, "i", 1, NULL, 32) == -1);
    cr_assert(untouched(out, sizeof out), "a refused call writes nothing");
    cr_assert(fastsha256_hkdf_expand(prk, "i", 1, out, 0) == 0, "outlen == 0 is no work");
    cr_assert(fastsha256_hkdf_expand(prk, "i", 1, NULL, 0) == 0);
    cr_assert(untouched(out, sizeof out));
    cr_assert(fastsha256_hkdf_expand(prk, "i", 1, out, 255 * 32) == 0, "255 * 32 bytes");
    cr_assert(out[255 * 32] == 0xee, "nothing past outlen");
    fastsha256_hkdf_extract("s", 1, "k", 1, NULL); /* no prk: nothing happens */
}

Test(kdf_api, hkdf_null_inputs_count_as_empty) {
    REQUIRE_FORCED_BACKEND();
    uint8_t prk[32], prk_null[32], want[100], got[100];
    fastsha256_hkdf_extract("", 0, "", 0, prk);
    fastsha256_hkdf_extract(NULL, 3, NULL, 4, prk_null);
    cr_assert(memcmp(prk, prk_null, 32) == 0);
    /* RFC 5869: an absent salt is HashLen zero bytes. */
    static const uint8_t zeros[32];
    fastsha256_hkdf_extract(zeros, 32, "", 0, prk_null);
    cr_assert(memcmp(prk, prk_null, 32) == 0);
    cr_assert(fastsha256_hkdf_expand(prk, "", 0, want, sizeof want) == 0);
    cr_assert(fastsha256_hkdf_expand(prk, NULL, 9, got, sizeof got) == 0);
    cr_assert(memcmp(got, want, sizeof got) == 0);
}

Test(kdf_api, hkdf_sha224_bad_arguments_write_nothing) {
    REQUIRE_FORCED_BACKEND();
    static uint8_t out[255 * 28 + 1];
    uint8_t prk[28];
    memset(prk, 7, sizeof prk);
    memset(out, 0xee, sizeof out);
    cr_assert(fastsha224_hkdf_expand(prk, "i", 1, out, 255 * 28 + 1) == -1, "outlen > 255 * 28");
    cr_assert(fastsha224_hkdf("s", 1, "k", 1, "i", 1, out, 255 * 28 + 1) == -1);
    cr_assert(fastsha224_hkdf_expand(prk, "i", 1, out, SIZE_MAX) == -1);
    cr_assert(fastsha224_hkdf_expand(NULL, "i", 1, out, 28) == -1, "prk NULL");
    cr_assert(fastsha224_hkdf_expand(prk, "i", 1, NULL, 28) == -1, "out NULL");
    cr_assert(fastsha224_hkdf("s", 1, "k", 1, "i", 1, NULL, 28) == -1);
    cr_assert(untouched(out, sizeof out), "a refused call writes nothing");
    cr_assert(fastsha224_hkdf_expand(prk, "i", 1, out, 0) == 0, "outlen == 0 is no work");
    cr_assert(fastsha224_hkdf_expand(prk, "i", 1, NULL, 0) == 0);
    cr_assert(fastsha224_hkdf("s", 1, "k", 1, "i", 1, NULL, 0) == 0);
    cr_assert(untouched(out, sizeof out));
    cr_assert(fastsha224_hkdf_expand(prk, "i", 1, out, 255 * 28) == 0, "255 * 28 bytes");
    cr_assert(out[255 * 28] == 0xee, "nothing past outlen");
    memset(out, 0xee, sizeof out);
    cr_assert(fastsha224_hkdf("s", 1, "k", 1, "i", 1, out, 255 * 28) == 0);
    cr_assert(out[255 * 28] == 0xee, "nothing past outlen");
    uint8_t prk_guard[29];
    memset(prk_guard, 0xee, sizeof prk_guard);
    fastsha224_hkdf_extract("s", 1, "k", 1, prk_guard);
    cr_assert(prk_guard[28] == 0xee, "extract writes 28 bytes");
    fastsha224_hkdf_extract("s", 1, "k", 1, NULL); /* no prk: nothing happens */
}

Test(kdf_api, hkdf_sha224_null_inputs_and_split_calls) {
    REQUIRE_FORCED_BACKEND();
    uint8_t prk[28], prk_null[28], want[100], got[100];
    fastsha224_hkdf_extract("", 0, "", 0, prk);
    fastsha224_hkdf_extract(NULL, 3, NULL, 4, prk_null);
    cr_assert(memcmp(prk, prk_null, 28) == 0);
    /* RFC 5869: an absent salt is HashLen (28) zero bytes. */
    static const uint8_t zeros[28];
    fastsha224_hkdf_extract(zeros, 28, "", 0, prk_null);
    cr_assert(memcmp(prk, prk_null, 28) == 0);
    cr_assert(fastsha224_hkdf_expand(prk, "", 0, want, sizeof want) == 0);
    cr_assert(fastsha224_hkdf_expand(prk, NULL, 9, got, sizeof got) == 0);
    cr_assert(memcmp(got, want, sizeof got) == 0);
    cr_assert(fastsha224_hkdf(NULL, 5, NULL, 0, NULL, 2, got, sizeof got) == 0);
    cr_assert(memcmp(got, want, sizeof got) == 0, "one-shot with NULLs");
    /* Extract then expand is the one-shot call, for every length 1..100. */
    fastsha224_hkdf_extract("salt", 4, "ikm", 3, prk);
    for (size_t n = 1; n <= sizeof got; n++) {
        memset(want, 0, sizeof want);
        memset(got, 0, sizeof got);
        cr_assert(fastsha224_hkdf_expand(prk, "info", 4, want, n) == 0);
        cr_assert(fastsha224_hkdf("salt", 4, "ikm", 3, "info", 4, got, n) == 0);
        cr_assert(memcmp(got, want, sizeof got) == 0, "length %zu", n);
    }
    /* A shorter output is a prefix of a longer one. */
    cr_assert(fastsha224_hkdf("salt", 4, "ikm", 3, "info", 4, got, 29) == 0);
    cr_assert(memcmp(got, want, 29) == 0);
    /* SHA-224 is not SHA-256 cut short. */
    uint8_t prk256[32];
    fastsha256_hkdf_extract("salt", 4, "ikm", 3, prk256);
    cr_assert(memcmp(prk, prk256, 28) != 0);
}

/* The backend's chain entry against the portable loop on the scalar
 * kernel, for chain lengths around the unrolling and both digest sizes. */
Test(kdf_api, chain_kernel_matches_portable_loop) {
    REQUIRE_FORCED_BACKEND();
    const fsha256_impl *impl = fsha256_active();
    if (impl->pbkdf2 == NULL)
        cr_skip_test("backend %s has no chain kernel", impl->name);
    fsha256_impl scalar = *impl;
    scalar.blocks = fsha256_scalar_blocks;
    uint64_t rng = 99;
    for (uint64_t c = 0; c < 70; c++) {
        uint32_t inner[8], outer[8], u[8], want[8], got[8];
        for (size_t i = 0; i < 8; i++) {
            inner[i] = (uint32_t)test_rand(&rng);
            outer[i] = (uint32_t)test_rand(&rng);
            u[i] = (uint32_t)test_rand(&rng);
            want[i] = got[i] = (uint32_t)test_rand(&rng);
        }
        size_t ds = c % 3 == 2 ? 28 : 32;
        fsha256_kdf_chain_blocks(&scalar, inner, outer, u, want, c, ds);
        impl->pbkdf2->one(inner, outer, u, got, c, ds);
        cr_assert(memcmp(got, want, sizeof got) == 0, "c = %llu, digest size %zu",
                  (unsigned long long)c, ds);
    }
}

/* The two- and four-chain kernels, each lane with its own key states,
 * against the portable loop. */
Test(kdf_api, multi_chain_kernels_match_portable_loop) {
    REQUIRE_FORCED_BACKEND();
    const fsha256_impl *impl = fsha256_active();
    if (impl->pbkdf2 == NULL || impl->pbkdf2->x2 == NULL)
        cr_skip_test("backend %s has no multi-chain kernels", impl->name);
    fsha256_impl scalar = *impl;
    scalar.blocks = fsha256_scalar_blocks;
    uint64_t rng = 7;
    uint32_t keys[4][2][8], want[4][8];
    for (uint64_t c = 0; c < 40; c++) {
        fsha256_kdf_chain chains[4];
        size_t ds = c % 3 == 1 ? 28 : 32, width = c % 2 ? 4 : 2;
        if (width == 4 && impl->pbkdf2->x4 == NULL)
            width = 2;
        for (size_t l = 0; l < width; l++) {
            for (size_t i = 0; i < 8; i++) {
                keys[l][0][i] = (uint32_t)test_rand(&rng);
                keys[l][1][i] = (uint32_t)test_rand(&rng);
                chains[l].u[i] = (uint32_t)test_rand(&rng);
                chains[l].t[i] = want[l][i] = (uint32_t)test_rand(&rng);
            }
            chains[l].inner = keys[l][0];
            chains[l].outer = keys[l][1];
            fsha256_kdf_chain_blocks(&scalar, keys[l][0], keys[l][1], chains[l].u, want[l], c, ds);
        }
        if (width == 4)
            impl->pbkdf2->x4(chains, c, ds);
        else
            impl->pbkdf2->x2(chains, c, ds);
        for (size_t l = 0; l < width; l++)
            cr_assert(memcmp(chains[l].t, want[l], 32) == 0, "x%zu lane %zu, c = %llu, size %zu",
                      width, l, (unsigned long long)c, ds);
    }
}

/* --- The stack the kernels used is burnt ------------------------------------
 * As for HMAC (test_hmac.c): the calls run on a thread whose stack is a
 * buffer of ours, filled with a pattern; afterwards no word of the
 * password's key states or key blocks, nor of the derived key, may be
 * left in it (stack_burn.h, which says where it skips). */
static const uint8_t burn_pw[32] = "burn-test password, 32 bytes!!!";

typedef struct burn_job {
    uint8_t dk[5][200];
    uint8_t many[9][40];
} burn_job;

static void *burn_run(void *arg) {
    burn_job *j = (burn_job *)arg;
    fastsha256_pbkdf2(burn_pw, sizeof burn_pw, "salt", 4, 50, j->dk[0], 32);
    fastsha256_pbkdf2(burn_pw, sizeof burn_pw, "salt", 4, 50, j->dk[1], 200);
    fastsha224_pbkdf2(burn_pw, sizeof burn_pw, "salt", 4, 50, j->dk[2], 28);
    const void *pws[9], *salts[9];
    size_t pwlens[9], saltlens[9];
    for (size_t i = 0; i < 9; i++) {
        pws[i] = burn_pw;
        pwlens[i] = sizeof burn_pw;
        salts[i] = "salt";
        saltlens[i] = 4;
    }
    fastsha256_pbkdf2_many(pws, pwlens, salts, saltlens, 9, 50, j->many, 40);
    fastsha256_hkdf("salt", 4, burn_pw, sizeof burn_pw, "info", 4, j->dk[3], 200);
    fastsha224_hkdf("salt", 4, burn_pw, sizeof burn_pw, "info", 4, j->dk[4], 200);
    return NULL;
}

static void both_orders(uint32_t *want, const uint8_t *p) { both_orders_n(want, p, 8); }

Test(kdf_api, kernel_stack_is_burnt) {
    REQUIRE_FORCED_BACKEND();
    REQUIRE_STACK_BURN();
    burn_job *job = calloc(1, sizeof *job);
    cr_assert(job);
    uint8_t *stack = stack_burn_run(burn_run, job);

    /* The secrets: the password's key states (SHA-256 and SHA-224), its
     * ipad and opad key bytes, and the first derived blocks (T), in both
     * byte orders where they are bytes; for HKDF, the PRKs and their key
     * states. */
    uint32_t want[128 + 16 + 16 + 16 + 14]; /* the PBKDF2 words, then HKDF's */
    stack_burn_key_words(want, burn_pw);
    both_orders(want + 64, job->dk[0]);
    both_orders(want + 80, job->dk[1] + 32);
    both_orders(want + 96, job->dk[3]);
    both_orders(want + 112, job->dk[4]);
    fastsha256_hmac_key k256, k224;
    uint8_t prk[32];
    fastsha256_hkdf_extract("salt", 4, burn_pw, sizeof burn_pw, prk);
    fastsha256_hmac_key_init(&k256, prk, 32);
    memcpy(want + 128, k256.inner, 32);
    memcpy(want + 136, k256.outer, 32);
    both_orders(want + 144, prk);
    memset(prk, 0, sizeof prk);
    fastsha224_hkdf_extract("salt", 4, burn_pw, sizeof burn_pw, prk);
    fastsha224_hmac_key_init(&k224, prk, 28);
    memcpy(want + 160, k224.inner, 32);
    memcpy(want + 168, k224.outer, 32);
    both_orders_n(want + 176, prk, 7); /* 28 bytes */
    size_t hits = stack_burn_count(stack, want, sizeof want / sizeof want[0]);
    cr_assert(hits == 0, "%zu words of key material left on the stack (backend %s)", hits,
              fastsha256_backend());
    free(stack);
    free(job);
}
