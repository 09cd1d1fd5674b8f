/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* CPU feature detection and identity, and the FASTSHA256_* settings. Called
 * once per backend resolution, never per hash. Features only: which of them
 * pay on which CPU is decided by the per-CPU table, which reads this file
 * (never the other way round). */
#ifdef FSHA256_HAVE_SECURE_GETENV
#  define _GNU_SOURCE /* secure_getenv */
#endif
#include <stdlib.h>
#include <string.h>

#include "compiler.h"
#include "cpu.h"

/* GCC and clang only: the build's per-file ISA flags are theirs too. */
#if defined(FSHA256_ARCH_X86) && (defined(__GNUC__) || defined(__clang__))
#  include <cpuid.h>
#  define FSHA256_HAVE_CPUID 1
#endif

#if defined(FSHA256_ARCH_AARCH64) && defined(__linux__)
#  include <sys/auxv.h>
#  ifndef HWCAP_ASIMD
#    define HWCAP_ASIMD (1 << 1)
#  endif
#  ifndef HWCAP_SHA2
#    define HWCAP_SHA2 (1 << 6)
#  endif
#elif defined(FSHA256_ARCH_AARCH64) && defined(__APPLE__)
#  include <sys/sysctl.h>
#endif

#ifdef FSHA256_HAVE_CPUID
static void cpuid(uint32_t leaf, uint32_t subleaf, uint32_t r[4]) {
    __cpuid_count(leaf, subleaf, r[0], r[1], r[2], r[3]);
}

/* XCR0 via the raw opcode, so this file needs no -mxsave. */
static uint64_t xgetbv0(void) {
    uint32_t lo, hi;
    __asm__ volatile(".byte 0x0f, 0x01, 0xd0" : "=a"(lo), "=d"(hi) : "c"(0));
    return ((uint64_t)hi << 32) | lo;
}

void fsha256_cpu_identity(unsigned *vendor, uint32_t *family, uint32_t *model) {
    uint32_t r[4];
    cpuid(0, 0, r);
    uint32_t max_leaf = r[0];
    /* The vendor string is EBX, EDX, ECX. */
    char name[12];
    memcpy(name, &r[1], 4);
    memcpy(name + 4, &r[3], 4);
    memcpy(name + 8, &r[2], 4);
    *vendor = memcmp(name, "AuthenticAMD", 12) == 0 || memcmp(name, "HygonGenuine", 12) == 0
                  ? FSHA256_VENDOR_AMD
              : memcmp(name, "GenuineIntel", 12) == 0 ? FSHA256_VENDOR_INTEL
                                                      : FSHA256_VENDOR_OTHER;
    *family = *model = 0;
    if (max_leaf < 1)
        return;
    cpuid(1, 0, r);
    /* The family: base (bits 8-11) plus extended (20-27) when base is 15;
     * the model: base (4-7) plus extended (16-19) x 16 for families 6 and 15+. */
    *family = (r[0] >> 8) & 0xf;
    *model = (r[0] >> 4) & 0xf;
    if (*family == 0xf)
        *family += (r[0] >> 20) & 0xff;
    if (*family == 0x6 || *family >= 0xf)
        *model += ((r[0] >> 16) & 0xf) << 4;
}

static uint32_t detect(void) {
    uint32_t r[4], features = 0;
    cpuid(0, 0, r);
    if (r[0] < 1)
        return 0;
    uint32_t max_leaf = r[0];
    cpuid(1, 0, r);
    uint32_t ecx1 = r[2];
    if (ecx1 & (1u << 9))
        features |= FSHA256_CPU_SSSE3;
    if (ecx1 & (1u << 19))
        features |= FSHA256_CPU_SSE41;
    /* YMM registers are usable only if the OS saves them (OSXSAVE, then XCR0
     * bits 1 and 2); otherwise AVX2 code faults with SIGILL. */
    uint64_t xcr0 = (ecx1 & (1u << 27)) ? xgetbv0() : 0;
    int ymm_ok = (xcr0 & 6) == 6;
    /* ZMM code also needs the opmask, ZMM0-15 upper halves and ZMM16-31
     * states enabled (XCR0 bits 5, 6, 7). */
    int zmm_ok = (xcr0 & 0xe6) == 0xe6;
    if (max_leaf >= 7) {
        cpuid(7, 0, r);
        uint32_t ebx7 = r[1];
        if ((ebx7 & (1u << 5)) && ymm_ok)
            features |= FSHA256_CPU_AVX2;
        if (ebx7 & (1u << 8))
            features |= FSHA256_CPU_BMI2;
        if (ebx7 & (1u << 29))
            features |= FSHA256_CPU_SHA;
        /* AVX512F (16), AVX512BW (30), AVX512VL (31). */
        const uint32_t avx512 = (1u << 16) | (1u << 30) | (1u << 31);
        if ((ebx7 & avx512) == avx512 && zmm_ok)
            features |= FSHA256_CPU_AVX512;
    }
    return features;
}
#else
void fsha256_cpu_identity(unsigned *vendor, uint32_t *family, uint32_t *model) {
    *vendor = FSHA256_VENDOR_OTHER;
    *family = *model = 0;
}
#endif

#if !defined(FSHA256_HAVE_CPUID) && defined(FSHA256_ARCH_AARCH64)
static uint32_t detect(void) {
    uint32_t features = 0;
#  if defined(__linux__)
    unsigned long hwcap = getauxval(AT_HWCAP);
    if (hwcap & HWCAP_ASIMD)
        features |= FSHA256_CPU_NEON;
    if (hwcap & HWCAP_SHA2)
        features |= FSHA256_CPU_SHA2;
#  elif defined(__APPLE__)
    /* Every Apple arm64 core has SHA-2; ask anyway where the OS can say. */
    int value = 1;
    size_t size = sizeof value;
    features |= FSHA256_CPU_NEON;
    if (sysctlbyname("hw.optional.arm.FEAT_SHA256", &value, &size, NULL, 0) != 0 || value)
        features |= FSHA256_CPU_SHA2;
#  else
#    if defined(__ARM_NEON)
    features |= FSHA256_CPU_NEON;
#    endif
#    if defined(__ARM_FEATURE_SHA2)
    features |= FSHA256_CPU_SHA2;
#    endif
#  endif
    return features;
}
#elif !defined(FSHA256_HAVE_CPUID)
static uint32_t detect(void) { return 0; }
#endif

static const fsha256_named_bits feature_names[] = {
    {"ssse3", FSHA256_CPU_SSSE3}, {"sse4.1", FSHA256_CPU_SSE41}, {"sse41", FSHA256_CPU_SSE41},
    {"sha", FSHA256_CPU_SHA},     {"shani", FSHA256_CPU_SHA},    {"avx2", FSHA256_CPU_AVX2},
    {"bmi2", FSHA256_CPU_BMI2},   {"neon", FSHA256_CPU_NEON},    {"sha2", FSHA256_CPU_SHA2},
    /* Hiding AVX-512 hides its batch use too: that flavour needs the
     * feature. avx512batch (the batch use alone) names a per-CPU choice,
     * not a feature: the per-CPU table reads it. */
    {"avx512", FSHA256_CPU_AVX512},
    {"all", ~0u},
};

uint32_t fsha256_parse_names(const char *list, const fsha256_named_bits *names, size_t count) {
    uint32_t mask = 0;
    while (list && *list) {
        size_t len = strcspn(list, ", ");
        for (size_t i = 0; i < count; i++)
            if (strlen(names[i].name) == len && strncmp(names[i].name, list, len) == 0)
                mask |= names[i].bits;
        list += len;
        list += strspn(list, ", ");
    }
    return mask;
}

uint32_t fsha256_cpu_parse_feature_list(const char *list) {
    return fsha256_parse_names(list, feature_names, sizeof feature_names / sizeof feature_names[0]);
}

#if !defined(FSHA256_HAVE_SECURE_GETENV) && defined(FSHA256_HAVE_ISSETUGID)
#  include <unistd.h>
#endif

const char *fsha256_getenv(const char *name) {
#if defined(FSHA256_HAVE_SECURE_GETENV)
    return secure_getenv(name);
#elif defined(FSHA256_HAVE_ISSETUGID)
    return issetugid() ? NULL : getenv(name);
#else
    return getenv(name);
#endif
}

uint32_t fsha256_cpu_features(void) {
    return detect() & ~fsha256_cpu_parse_feature_list(fsha256_getenv("FASTSHA256_HIDE"));
}
