/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Per-CPU dispatch choices: the one table of CPU families and models whose
 * measured best choice differs from the rule that every other CPU gets.
 * Each row's measurement is in docs/cpu-tuning.md (fastsha256-bench
 * --limits prints the probes it rests on; bench/results/cpus/ keeps them).
 * Forcing a backend (FASTSHA256_BACKEND, fastsha256_set_backend) and hiding
 * features or choices (FASTSHA256_HIDE) still override every row. This
 * file reads the CPU's identity from cpu.c; cpu.c knows nothing of it. */
#include <string.h>

#include "compiler.h"
#include "cpu.h"
#include "tuning.h"

/* The rule (CPUs in no row): batches through the AVX-512 lanes where the
 * CPU has them (measured faster than four SHA-NI streams on Intel and on
 * AMD Zen 5), else through four SHA-NI streams (measured faster than two
 * on Zen 3 and Zen 4), and the widest hex encoder the CPU supports (the
 * 256-bit one measured faster than the 128-bit one on Zen 3). */
static const fsha256_tuning tuning_rule = {"any other CPU", FSHA256_VENDOR_ANY, 0, 0xffff, 0,
                                           0xffff, 1, 4, NULL};

/* First match wins. Ranges are inclusive; families as CPUID reports them
 * (base + extended), models with the extended bits. */
static const fsha256_tuning tuning_table[] = {
    /* Zen 2: two SHA-NI streams already reach the many-stream floor there
     * and four fall short of it (measured; docs/cpu-tuning.md). */
    {"AMD Zen 2 (family 0x17, models 0x30-0xff)", FSHA256_VENDOR_AMD, 0x17, 0x17, 0x30, 0xff, 0, 2,
     NULL},
    /* Zen 4 (and earlier AMD) runs 512-bit operations as two 256-bit
     * halves: sixteen AVX-512 lanes there do not beat four SHA-NI streams. */
    {"AMD before Zen 5 (family <= 0x19)", FSHA256_VENDOR_AMD, 0, 0x19, 0, 0xffff, 0, 4, NULL},
};

const fsha256_tuning *fsha256_tuning_lookup(unsigned vendor, uint32_t family, uint32_t model) {
    for (size_t i = 0; i < sizeof tuning_table / sizeof tuning_table[0]; i++) {
        const fsha256_tuning *t = &tuning_table[i];
        if ((t->vendor == FSHA256_VENDOR_ANY || t->vendor == vendor) && family >= t->family_min &&
            family <= t->family_max && model >= t->model_min && model <= t->model_max)
            return t;
    }
    return &tuning_rule;
}

size_t fsha256_tuning_rows(const fsha256_tuning **rows) {
    *rows = tuning_table;
    return sizeof tuning_table / sizeof tuning_table[0];
}

const fsha256_tuning *fsha256_tuning_here(void) {
    unsigned vendor;
    uint32_t family, model;
    fsha256_cpu_identity(&vendor, &family, &model);
    return fsha256_tuning_lookup(vendor, family, model);
}

/* The words of FASTSHA256_HIDE that withdraw a choice (cpu.c reads the
 * features' words from the same list). */
static const fsha256_named_bits choice_names[] = {
    {"avx512batch", FSHA256_CHOICE_AVX512_BATCH},
    {"shanix4", FSHA256_CHOICE_SHANI_X4},
};

uint32_t fsha256_tuning_parse_hide_list(const char *list) {
    return fsha256_parse_names(list, choice_names, sizeof choice_names / sizeof choice_names[0]);
}

static uint32_t row_choices(const fsha256_tuning *t) {
    return (t->avx512_batches ? (uint32_t)FSHA256_CHOICE_AVX512_BATCH : 0) |
           (t->shani_streams == 4 ? (uint32_t)FSHA256_CHOICE_SHANI_X4 : 0);
}

uint32_t fsha256_tuning_choices(void) {
    return row_choices(fsha256_tuning_here()) &
           ~fsha256_tuning_parse_hide_list(fsha256_getenv("FASTSHA256_HIDE"));
}

int fsha256_cpu_avx512_batches_pay(int amd, uint32_t family) {
    return fsha256_tuning_lookup(amd ? FSHA256_VENDOR_AMD : FSHA256_VENDOR_OTHER, family, 0)
        ->avx512_batches;
}
