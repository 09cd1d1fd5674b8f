/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The per-CPU tuning table (src/tuning.c): lookups by vendor, family and
 * model, the rule for CPUs in no row, and the choices it makes here. */
#define _DEFAULT_SOURCE /* setenv */
#include <criterion/criterion.h>
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
    uint32_t row = fsha256_tuning_here()->avx512_batches ? FSHA256_CHOICE_AVX512_BATCH : 0;
    setenv("FASTSHA256_HIDE", "", 1);
    cr_assert_eq(fsha256_tuning_choices(), row);
    setenv("FASTSHA256_HIDE", "sha,avx512batch", 1);
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
