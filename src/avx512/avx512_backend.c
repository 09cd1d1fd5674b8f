/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The AVX-512 backend's descriptor: a batch backend, thirty-two and sixteen
 * lanes, then AVX2's eight; single streams go through the AVX2 kernel (one
 * stream has no lanes to spread over ZMM registers). It also lends the shani
 * backend a flavour that batches through these lanes, where the tuning table
 * says they pay. */
#include <stddef.h>

#include "../avx2/avx2.h"
#include "../cpu.h"
#include "../shani/shani.h"
#include "../tuning.h"
#include "avx512.h"

#if defined(FSHA256_ARCH_X86) && defined(FASTSHA256_HAVE_X86_KERNELS)
static const fsha256_lane_kernel avx512_lanes[] = {
    {.width = 32, .fn = fsha256_avx512_lanes_x32, .oneblock = fsha256_avx512_oneblock_x32,
     .rounds_wk = fsha256_avx512_rounds_wk_x32, .hmac = fsha256_avx512_hmac_x32},
    {.width = 16, .fn = fsha256_avx512_lanes_x16, .oneblock = fsha256_avx512_oneblock_x16,
     .rounds_wk = fsha256_avx512_rounds_wk_x16, .hmac = fsha256_avx512_hmac_x16},
    {.width = 8, .fn = fsha256_avx2_lanes_x8, .oneblock = fsha256_avx2_oneblock_x8,
     .rounds_wk = fsha256_avx2_rounds_wk_x8, .hmac = fsha256_avx2_hmac_x8},
    {.width = 0}};

static const fsha256_impl impl_avx512 = {
    .name = "avx512",
    .required = FSHA256_CPU_AVX2 | FSHA256_CPU_BMI2 | FSHA256_CPU_AVX512,
    .blocks = fsha256_avx2_blocks,
    .lanes = avx512_lanes,
};

static const fsha256_impl *const avx512_flavours[] = {&impl_avx512, NULL};

#ifdef FSHA256_HAVE_SHANI_X4
/* Lent to shani (it reports that name): batches through these lanes where
 * the tuning table grants FSHA256_CHOICE_AVX512_BATCH (measured faster than
 * four SHA-NI streams on Intel and AMD Zen 5; not on Zen 4), SHA-NI's four
 * and two streams for a remainder of fewer than sixteen messages, and
 * SHA-NI's single-stream and one-call entries. */
static const fsha256_lane_kernel shani_batch_lanes[] = {
    {.width = 32, .fn = fsha256_avx512_lanes_x32, .oneblock = fsha256_avx512_oneblock_x32,
     .rounds_wk = fsha256_avx512_rounds_wk_x32, .hmac = fsha256_avx512_hmac_x32},
    {.width = 16, .fn = fsha256_avx512_lanes_x16, .oneblock = fsha256_avx512_oneblock_x16,
     .rounds_wk = fsha256_avx512_rounds_wk_x16, .hmac = fsha256_avx512_hmac_x16},
    {.width = 4, .fn = fsha256_shani_lanes_x4_avx, .oneblock = fsha256_shani_oneblock_x4_avx,
     .rounds_wk = fsha256_shani_rounds_wk_x4},
    FSHA256_SHANI_X2,
    {.width = 0}};

static const fsha256_impl impl_shani_batch = {
    FSHA256_SHANI_ENTRIES,
    .required = FSHA256_SHANI_NEEDS | FSHA256_CPU_AVX2 | FSHA256_CPU_AVX512,
    .lanes = shani_batch_lanes, .pbkdf2 = &fsha256_shani_pbkdf2_vex,
    .choices = FSHA256_CHOICE_AVX512_BATCH};

static const fsha256_impl *const avx512_lends[] = {&impl_shani_batch, NULL};
#  define AVX512_LENDS avx512_lends
#else
#  define AVX512_LENDS NULL /* 32-bit x86: SHA-NI has no four-stream kernel to pair with */
#endif

const fsha256_backend fsha256_backend_avx512 = {
    .name = "avx512", .flavours = avx512_flavours, .lends = AVX512_LENDS};
#endif /* FSHA256_ARCH_X86 && FASTSHA256_HAVE_X86_KERNELS */
