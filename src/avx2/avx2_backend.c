/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The AVX2 backend's descriptor: its single-stream kernel and eight lanes. */
#include <stddef.h>

#include "../cpu.h"
#include "avx2.h"

#if defined(FSHA256_ARCH_X86) && defined(FASTSHA256_HAVE_X86_KERNELS)
static const fsha256_lane_kernel avx2_lanes[] = {
    {.width = 8, .fn = fsha256_avx2_lanes_x8, .oneblock = fsha256_avx2_oneblock_x8,
     .rounds_wk = fsha256_avx2_rounds_wk_x8, .hmac = fsha256_avx2_hmac_x8},
    {.width = 0}};

static const fsha256_impl impl_avx2 = {
    .name = "avx2",
    .required = FSHA256_CPU_AVX2 | FSHA256_CPU_BMI2,
    .blocks = fsha256_avx2_blocks,
    .lanes = avx2_lanes,
};

static const fsha256_impl *const avx2_flavours[] = {&impl_avx2, NULL};

const fsha256_backend fsha256_backend_avx2 = {.name = "avx2", .flavours = avx2_flavours};
#endif /* FSHA256_ARCH_X86 && FASTSHA256_HAVE_X86_KERNELS */
