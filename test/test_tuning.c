/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The per-CPU tuning table (src/tuning.c): lookups by vendor, family and
 * model, the rule for CPUs in no row, and the choices it makes here. */
#define _DEFAULT_SOURCE /* setenv */
#include <criterion/criterion.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../src/internal.h"
#include "common.h"

Test(tuning, amd_before_zen5_keeps_shani_batches) {
    cr_assert(!fsha256_tuning_lookup(FSHA256_VENDOR_AMD, 0x19, 0x01)->avx512_batches, "Zen 3");
    cr_assert(!fsha256_tuning_lookup(FSHA256_VENDOR_AMD, 0x19, 0x11)->avx512_batches, "Zen 4");
    cr_assert(!fsha256_tuning_lookup(FSHA256_VENDOR_AMD, 0x17, 0x01)->avx512_batches, "Zen 1");
}

Test(tuning, others_get_the_rule) {
    const fsha256_tuning *zen5 = fsha256_tuning_lookup(FSHA256_VENDOR_AMD, 0x1a, 0x02);
    const fsha256_tuning *intel = fsha256_tuning_lookup(FSHA256_VENDOR_INTEL, 6, 207);
    const fsha256_tuning *other = fsha256_tuning_lookup(FSHA256_VENDOR_OTHER, 0, 0);
    cr_assert(zen5->avx512_batches && intel->avx512_batches && other->avx512_batches);
    cr_assert_eq(zen5, intel, "both on the rule's row");
    cr_assert_eq(other, intel);
    cr_assert(other->hex == NULL, "the rule takes the widest hex encoder");
    /* The old entry point agrees with the table. */
    cr_assert(!fsha256_cpu_avx512_batches_pay(1, 0x19));
    cr_assert(fsha256_cpu_avx512_batches_pay(1, 0x1a));
    cr_assert(fsha256_cpu_avx512_batches_pay(0, 6));
}

/* Every row is well formed and reachable (no earlier row shadows it). */
Test(tuning, rows_are_well_formed) {
    const fsha256_tuning *rows;
    size_t n = fsha256_tuning_rows(&rows);
    cr_assert(n > 0);
    for (size_t i = 0; i < n; i++) {
        const fsha256_tuning *t = &rows[i];
        cr_assert_not_null(t->cpus);
        cr_assert(t->family_min <= t->family_max, "row %zu", i);
        cr_assert(t->model_min <= t->model_max, "row %zu", i);
        cr_assert(t->avx512_batches == 0 || t->avx512_batches == 1);
        cr_assert(t->shani_streams == 2 || t->shani_streams == 4, "row %zu", i);
        if (t->hex)
            cr_assert(strcmp(t->hex, "avx2") == 0 || strcmp(t->hex, "ssse3") == 0 ||
                          strcmp(t->hex, "neon") == 0 || strcmp(t->hex, "portable") == 0,
                      "row %zu names hex encoder '%s'", i, t->hex);
        unsigned vendor = t->vendor == FSHA256_VENDOR_ANY ? FSHA256_VENDOR_OTHER : t->vendor;
        cr_assert_eq(fsha256_tuning_lookup(vendor, t->family_min, t->model_min), t,
                     "row %zu is shadowed", i);
    }
}

/* Here: the choices are the row's, less those FASTSHA256_HIDE names; a
 * choice is never a CPU feature, nor a feature a choice. (Criterion forks
 * per test: setenv stays here.) */
Test(tuning, choices_here_are_the_row_less_hide) {
    const fsha256_tuning *here = fsha256_tuning_here();
    uint32_t row = (here->avx512_batches ? FSHA256_CHOICE_AVX512_BATCH : 0) |
                   (here->shani_streams == 4 ? FSHA256_CHOICE_SHANI_X4 : 0);
    setenv("FASTSHA256_HIDE", "", 1);
    cr_assert_eq(fsha256_tuning_choices(), row);
    setenv("FASTSHA256_HIDE", "sha,avx512batch", 1);
    cr_assert_eq(fsha256_tuning_choices(), row & ~(uint32_t)FSHA256_CHOICE_AVX512_BATCH);
    setenv("FASTSHA256_HIDE", "sha,avx512batch,shanix4", 1);
    cr_assert_eq(fsha256_tuning_choices(), 0u);
    cr_assert_eq(fsha256_cpu_parse_feature_list("sha,avx512batch"), (uint32_t)FSHA256_CPU_SHA);
    cr_assert_eq(fsha256_tuning_parse_hide_list("sha, avx2 avx512batch"),
                 (uint32_t)FSHA256_CHOICE_AVX512_BATCH);
    unsetenv("FASTSHA256_HIDE");
}

/* Here: the hex encoder is the row's choice when this CPU supports it,
 * else the widest supported; a forced backend still wins. */
Test(tuning, choices_apply_here) {
    const fsha256_tuning *here = fsha256_tuning_here();
    cr_assert_not_null(here);
    fastsha256_reset_backend();
    const char *hex = fastsha256_hex_backend();
    if (here->hex && strcmp(here->hex, hex) != 0)
        cr_log_info("row prefers hex %s, unsupported here: %s", here->hex, hex);
    if (!here->hex) {
#if defined(FSHA256_ARCH_X86) && defined(FASTSHA256_HAVE_X86_KERNELS)
        if (fsha256_cpu_features() & FSHA256_CPU_AVX2)
            cr_assert_str_eq(hex, "avx2");
#endif
    }
    cr_assert_eq(fastsha256_set_backend("scalar"), 0);
    cr_assert_str_eq(fastsha256_backend(), "scalar");
    cr_assert_str_eq(fastsha256_hex_backend(), "portable", "scalar brings the portable encoder");
    fastsha256_reset_backend();
}

/* --- Two or four SHA-NI streams: the same results on every batch path --- */

enum { FP_MANY = 40, FP_SEED = 13, FP_HMAC = 16, FP_KDF = 5, FP_BIG = 3 * 1048576 + 5 };
typedef struct fingerprint {
    uint8_t many[FP_MANY][32], seed[FP_SEED][32], hmac[FP_HMAC][32], kdf[FP_KDF][32];
    char hex[FP_SEED][65];
    uint8_t trees[4][32];
} fingerprint;

/* Batches of short messages, of equal whole-block ones (the rounds-only
 * padding block) and of mixed lengths; the seed path (strided, then hex);
 * HMAC batches (64-byte messages and others); PBKDF2 _many; the trees'
 * leaves (fs-verity, dm-verity, BitTorrent v2, Glacier). */
static void batch_fingerprint(const uint8_t *data, fingerprint *f) {
    const void *msgs[FP_MANY];
    size_t lens[FP_MANY];
    for (size_t i = 0; i < FP_MANY; i++) {
        msgs[i] = data + 7 * i;
        lens[i] = i < 12 ? 20 + i : i < 24 ? 128 : (i * 977) % 5000;
    }
    fastsha256_many(msgs, lens, FP_MANY, f->many);
    fastsha256_many_strided(data, 14, 14, FP_SEED, f->seed);
    fastsha256_to_hex_many((const uint8_t(*)[32])f->seed, FP_SEED, f->hex);
    fastsha256_hmac_key hk;
    fastsha256_hmac_key_init(&hk, "key", 3);
    for (size_t i = 0; i < FP_HMAC; i++)
        lens[i] = i < 9 ? 64 : 100 + i;
    fastsha256_hmac_many(&hk, msgs, lens, FP_HMAC, f->hmac);
    const void *salts[FP_KDF];
    for (size_t i = 0; i < FP_KDF; i++) {
        salts[i] = data + 100 + i;
        lens[i] = 8 + i;
    }
    cr_assert_eq(fastsha256_pbkdf2_many(msgs, lens, salts, lens, FP_KDF, 3, f->kdf, 32), 0);
    cr_assert_eq(fastsha256_fsverity_digest(data, 200000, 4096, "ab", 2, f->trees[0]), 0);
    cr_assert_eq(fastsha256_dmverity_root(data, 200000, 4096, 4096, "s", 1, 1, f->trees[1]), 0);
    cr_assert_eq(fastsha256_bt2_pieces_root(data, 200000, f->trees[2]), 0);
    cr_assert_eq(fastsha256_glacier_tree_hash(data, FP_BIG, f->trees[3]), 0);
}

/* FASTSHA256_HIDE=shanix4 takes every batch path to two streams; both
 * interleaves and the portable code agree. AVX-512 batches stay hidden
 * throughout: where they pay (Zen 5), SHA-NI's backend lends them its batch
 * paths, and this test is about SHA-NI's own. */
Test(tuning, both_shani_interleaves_agree) {
    REQUIRE_UNFORCED_RUN();
    if (fastsha256_set_backend("shani") != 0)
        cr_skip_test("no SHA-NI here");
    uint8_t *data = malloc(FP_BIG);
    fingerprint *f = calloc(3, sizeof *f);
    cr_assert(data && f);
    test_fill(data, FP_BIG, 37);
    setenv("FASTSHA256_HIDE", "avx512batch", 1);
    cr_assert_eq(fastsha256_set_backend("shani"), 0);
    size_t x4 = fsha256_active()->lanes[0].width;
    cr_assert(x4 == 4 || x4 == 2, "widest SHA-NI kernel %zu", x4);
    if (x4 == 2 && fsha256_tuning_here()->shani_streams == 4)
        cr_log_info("a 32-bit build: two SHA-NI streams only");
    batch_fingerprint(data, &f[0]);
    setenv("FASTSHA256_HIDE", "avx512batch,shanix4", 1);
    cr_assert_eq(fastsha256_set_backend("shani"), 0);
    cr_assert_eq(fsha256_active()->lanes[0].width, 2u, "shanix4 hidden: two streams");
    batch_fingerprint(data, &f[1]);
    unsetenv("FASTSHA256_HIDE");
    cr_assert_eq(fastsha256_set_backend("scalar"), 0);
    batch_fingerprint(data, &f[2]);
    fastsha256_reset_backend();
    cr_assert(memcmp(&f[0], &f[2], sizeof *f) == 0, "the default interleave against portable C");
    cr_assert(memcmp(&f[1], &f[2], sizeof *f) == 0, "two streams against portable C");
    free(data);
    free(f);
}

/* Zen 2 takes two streams (its row); the rule and the other AMD rows four. */
Test(tuning, shani_streams_per_row) {
    cr_assert_eq(fsha256_tuning_lookup(FSHA256_VENDOR_AMD, 0x17, 0x31)->shani_streams, 2, "Zen 2");
    cr_assert_eq(fsha256_tuning_lookup(FSHA256_VENDOR_AMD, 0x17, 0x71)->shani_streams, 2, "Zen 2");
    cr_assert(!fsha256_tuning_lookup(FSHA256_VENDOR_AMD, 0x17, 0x31)->avx512_batches);
    cr_assert_eq(fsha256_tuning_lookup(FSHA256_VENDOR_AMD, 0x17, 0x01)->shani_streams, 4, "Zen 1");
    cr_assert_eq(fsha256_tuning_lookup(FSHA256_VENDOR_AMD, 0x19, 0x01)->shani_streams, 4, "Zen 3");
    cr_assert_eq(fsha256_tuning_lookup(FSHA256_VENDOR_AMD, 0x19, 0x11)->shani_streams, 4, "Zen 4");
    cr_assert_eq(fsha256_tuning_lookup(FSHA256_VENDOR_INTEL, 6, 207)->shani_streams, 4);
}
