/* SPDX-License-Identifier: Apache-2.0 OR MIT */
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
};

/* CPU vendors; ANY is never detected: it is the tuning table's wildcard
 * (tuning.h reads the identity below). */
enum { FSHA256_VENDOR_ANY, FSHA256_VENDOR_OTHER, FSHA256_VENDOR_INTEL, FSHA256_VENDOR_AMD };
/* The running CPU's vendor (FSHA256_VENDOR_*), family and model as CPUID
 * gives them (extended bits included); OTHER, 0, 0 off x86. */
void fsha256_cpu_identity(unsigned *vendor, uint32_t *family, uint32_t *model);
/* Detected features minus those named in FASTSHA256_HIDE. */
uint32_t fsha256_cpu_features(void);
/* Parses a FASTSHA256_HIDE list; unknown words are ignored. */
uint32_t fsha256_cpu_parse_feature_list(const char *list);

/* A word of a FASTSHA256_HIDE list and the bits it hides. */
typedef struct fsha256_named_bits {
    const char *name;
    uint32_t bits;
} fsha256_named_bits;
/* The bits of the words of list (separated by commas or spaces) that are
 * among names[0..count); other words are ignored, so each layer (features
 * here, choices in tuning.c) reads the same list for its own words. */
uint32_t fsha256_parse_names(const char *list, const fsha256_named_bits *names, size_t count);

/* Reads FASTSHA256_* settings: secure_getenv where the C library has it (a
 * setuid program is not steered through its environment), getenv elsewhere. */
const char *fsha256_getenv(const char *name);

#endif /* FSHA256_CPU_H */
