/* CPU features (cpu.c) and the FASTSHA256_* settings. */
#ifndef FSHA256_CPU_H
#define FSHA256_CPU_H

#include <stddef.h>
#include <stdint.h>

enum {
    FSHA256_CPU_SSSE3 = 1u << 0,
    FSHA256_CPU_SSE41 = 1u << 1,
    FSHA256_CPU_SHA   = 1u << 2,  /* x86 SHA extensions */
    FSHA256_CPU_AVX2  = 1u << 3,  /* CPUID bit and OS-enabled YMM state */
    FSHA256_CPU_BMI2  = 1u << 4,
    FSHA256_CPU_NEON  = 1u << 5,
    FSHA256_CPU_SHA2  = 1u << 6,  /* ARMv8 SHA-256 instructions */
    FSHA256_CPU_AVX512 = 1u << 7, /* AVX-512 F, VL, BW and OS-enabled opmask/ZMM state */
    /* AVX-512 measured faster than the SHA extensions for batches: set with
     * AVX512 on Intel and on AMD from Zen 5 (family 0x1a) on, not on Zen 4,
     * which splits 512-bit operations in two. Only the automatic choice
     * asks for it. */
    FSHA256_CPU_AVX512_BATCH = 1u << 8,
};
/* Whether a CPU with AVX-512 gets FSHA256_CPU_AVX512_BATCH: amd for AMD
 * (and Hygon) vendor strings, family as CPUID leaf 1 gives it (base plus
 * extended). The tuning table's answer for any model of that family. */
int fsha256_cpu_avx512_batches_pay(int amd, uint32_t family);

/* --- Per-CPU tuning (tuning.c) ---------------------------------------------
 * One row of CPUs (a vendor, a family range, a model range) and the
 * dispatch choices measured best on them. */
enum { FSHA256_VENDOR_ANY, FSHA256_VENDOR_OTHER, FSHA256_VENDOR_INTEL, FSHA256_VENDOR_AMD };
typedef struct fsha256_tuning {
    const char *cpus;             /* who the row is for, as docs/cpu-tuning.md names them */
    unsigned vendor;              /* FSHA256_VENDOR_* */
    uint32_t family_min, family_max, model_min, model_max;
    int avx512_batches;           /* 1: batches through AVX-512 lanes where present */
    const char *hex;              /* preferred hex encoder's name; NULL: the widest supported */
} fsha256_tuning;
/* The row for a CPU (the rule's row when none matches); never NULL. */
const fsha256_tuning *fsha256_tuning_lookup(unsigned vendor, uint32_t family, uint32_t model);
/* The table itself (for the tests): its rows, their number returned. */
size_t fsha256_tuning_rows(const fsha256_tuning **rows);
/* The row for the running CPU. */
const fsha256_tuning *fsha256_tuning_here(void);
/* The running CPU's vendor (FSHA256_VENDOR_*), family and model as CPUID
 * gives them (extended bits included); OTHER, 0, 0 off x86. */
void fsha256_cpu_identity(unsigned *vendor, uint32_t *family, uint32_t *model);
/* Detected features minus those named in FASTSHA256_HIDE. */
uint32_t fsha256_cpu_features(void);
/* Parses a FASTSHA256_HIDE list; unknown words are ignored. */
uint32_t fsha256_cpu_parse_feature_list(const char *list);

/* Reads FASTSHA256_* settings: secure_getenv where the C library has it (a
 * setuid program is not steered through its environment), getenv elsewhere. */
const char *fsha256_getenv(const char *name);

#endif /* FSHA256_CPU_H */
