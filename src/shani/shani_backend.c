/* The SHA-NI backend's descriptor. Four interleaved SHA-NI streams hide
 * sha256rnds2's latency; two for the remainder when fewer messages are left.
 * With AVX, the four-stream kernel's VEX flavour (fewer instructions).
 * 32-bit x86: two streams only. */
#include <stddef.h>

#include "../avx512/avx512.h"
#include "../cpu.h"
#include "../tuning.h"
#include "shani.h"

#if defined(FSHA256_ARCH_X86) && defined(FASTSHA256_HAVE_X86_KERNELS)
#define SHANI_NEEDS (FSHA256_CPU_SHA | FSHA256_CPU_SSSE3 | FSHA256_CPU_SSE41)

#define SHANI_X2                                                               \
    {.width = 2, .fn = fsha256_shani_lanes_x2, .rounds_wk = fsha256_shani_rounds_wk_x2}

#ifdef FSHA256_HAVE_SHANI_X4
static const fsha256_lane_kernel shani_lanes[] = {
    {.width = 4, .fn = fsha256_shani_lanes_x4, .oneblock = fsha256_shani_oneblock_x4,
     .rounds_wk = fsha256_shani_rounds_wk_x4, .hmac = fsha256_shani_hmac_x4,
     .blocks_wk = fsha256_shani_blocks_wk_x4},
    SHANI_X2,
    {.width = 0}};
static const fsha256_lane_kernel shani_vex_lanes[] = {
    {.width = 4, .fn = fsha256_shani_lanes_x4_avx, .oneblock = fsha256_shani_oneblock_x4_avx,
     .rounds_wk = fsha256_shani_rounds_wk_x4, .hmac = fsha256_shani_hmac_x4_avx,
     .blocks_wk = fsha256_shani_blocks_wk_x4_avx},
    SHANI_X2,
    {.width = 0}};
/* Batches through AVX-512's sixteen lanes where they measured faster than
 * four SHA-NI streams (Intel, AMD Zen 5; see FSHA256_CHOICE_AVX512_BATCH); SHA-NI for a
 * remainder of fewer than sixteen messages. */
static const fsha256_lane_kernel shani_avx512_lanes[] = {
    {.width = 32, .fn = fsha256_avx512_lanes_x32, .oneblock = fsha256_avx512_oneblock_x32,
     .rounds_wk = fsha256_avx512_rounds_wk_x32, .hmac = fsha256_avx512_hmac_x32},
    {.width = 16, .fn = fsha256_avx512_lanes_x16, .oneblock = fsha256_avx512_oneblock_x16,
     .rounds_wk = fsha256_avx512_rounds_wk_x16, .hmac = fsha256_avx512_hmac_x16},
    {.width = 4, .fn = fsha256_shani_lanes_x4_avx, .oneblock = fsha256_shani_oneblock_x4_avx,
     .rounds_wk = fsha256_shani_rounds_wk_x4},
    SHANI_X2,
    {.width = 0}};
#else
static const fsha256_lane_kernel shani_lanes[] = {SHANI_X2, {.width = 0}};
#endif

/* Every flavour has the same single-stream and one-call entries. */
#define SHANI_ENTRIES                                                          \
    .name = "shani", .blocks = fsha256_shani_blocks, .short_message = fsha256_shani_short, \
    .short_hex = fsha256_shani_short_hex, .hmac_tag = fsha256_shani_hmac_tag

static const fsha256_impl impl_shani = {SHANI_ENTRIES, .required = SHANI_NEEDS,
                                        .lanes = shani_lanes, .pbkdf2 = &fsha256_shani_pbkdf2};
#ifdef FSHA256_HAVE_SHANI_X4
static const fsha256_impl impl_shani_vex = {SHANI_ENTRIES,
                                            .required = SHANI_NEEDS | FSHA256_CPU_AVX2,
                                            .lanes = shani_vex_lanes,
                                            .pbkdf2 = &fsha256_shani_pbkdf2_vex};
static const fsha256_impl impl_shani_avx512 = {
    SHANI_ENTRIES,
    .required = SHANI_NEEDS | FSHA256_CPU_AVX2 | FSHA256_CPU_AVX512,
    .lanes = shani_avx512_lanes, .pbkdf2 = &fsha256_shani_pbkdf2_vex,
    .choices = FSHA256_CHOICE_AVX512_BATCH};
#endif

static const fsha256_impl *const shani_flavours[] = {
#ifdef FSHA256_HAVE_SHANI_X4
    &impl_shani_avx512,
    &impl_shani_vex,
#endif
    &impl_shani, NULL};

const fsha256_backend fsha256_backend_shani = {.name = "shani", .flavours = shani_flavours};
#endif /* FSHA256_ARCH_X86 && FASTSHA256_HAVE_X86_KERNELS */
