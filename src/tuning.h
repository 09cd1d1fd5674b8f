/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Per-CPU tuning (tuning.c): which dispatch choices were measured best on
 * which CPUs. It reads the CPU's identity from cpu.c, never the other way
 * round; dispatch reads both. */
#ifndef FSHA256_TUNING_H
#define FSHA256_TUNING_H

#include <stddef.h>
#include <stdint.h>

#include "cpu.h"

/* Choices a backend flavour may need beyond CPU features (its `choices`):
 * granted by this CPU's row, withdrawn by FASTSHA256_HIDE. */
enum {
    /* Batches through AVX-512's lanes: measured faster than four SHA-NI
     * streams on Intel and on AMD from Zen 5 (family 0x1a) on, not on Zen 4,
     * which splits 512-bit operations in two. FASTSHA256_HIDE=avx512batch
     * withdraws it. */
    FSHA256_CHOICE_AVX512_BATCH = 1u << 0,
    /* Batches through four interleaved SHA-NI streams rather than two: the
     * rule, measured faster on Zen 3 and Zen 4; Zen 2 measured two faster.
     * FASTSHA256_HIDE=shanix4 withdraws it (two streams on every batch
     * path: the tests' way to run both interleaves on one CPU). */
    FSHA256_CHOICE_SHANI_X4 = 1u << 1,
};

/* One row of CPUs (a vendor, a family range, a model range) and the
 * dispatch choices measured best on them. */
typedef struct fsha256_tuning {
    const char *cpus;             /* who the row is for, as docs/cpu-tuning.md names them */
    unsigned vendor;              /* FSHA256_VENDOR_* */
    uint32_t family_min, family_max, model_min, model_max;
    int avx512_batches;           /* 1: batches through AVX-512 lanes where present */
    int shani_streams;            /* SHA-NI streams a batch interleaves: 4, or 2 */
    const char *hex;              /* preferred hex encoder's name; NULL: the widest supported */
} fsha256_tuning;
/* The row for a CPU (the rule's row when none matches); never NULL. */
const fsha256_tuning *fsha256_tuning_lookup(unsigned vendor, uint32_t family, uint32_t model);
/* The table itself (for the tests): its rows, their number returned. */
size_t fsha256_tuning_rows(const fsha256_tuning **rows);
/* The row for the running CPU. */
const fsha256_tuning *fsha256_tuning_here(void);
/* The running CPU's FSHA256_CHOICE_* bits: its row's, minus those named in
 * FASTSHA256_HIDE (read at each call, as the features are). */
uint32_t fsha256_tuning_choices(void);
/* The FSHA256_CHOICE_* bits a FASTSHA256_HIDE list names; other words (the
 * CPU features) are ignored. */
uint32_t fsha256_tuning_parse_hide_list(const char *list);
/* Whether a CPU with AVX-512 batches through it: amd for AMD (and Hygon)
 * vendor strings, family as CPUID leaf 1 gives it (base plus extended).
 * The table's answer for any model of that family. */
int fsha256_cpu_avx512_batches_pay(int amd, uint32_t family);

#endif /* FSHA256_TUNING_H */
