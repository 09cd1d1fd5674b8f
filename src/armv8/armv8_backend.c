/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The ARMv8 backend's descriptor: the SHA-2 instructions, two interleaved
 * lanes, and a one-call entry for short messages. */
#include <stddef.h>

#include "../cpu.h"
#include "armv8.h"

#if defined(FSHA256_ARCH_AARCH64) && defined(FASTSHA256_HAVE_ARMV8_KERNELS)
static const fsha256_lane_kernel armv8_lanes[] = {
    {.width = 2, .fn = fsha256_armv8_lanes_x2, .oneblock = fsha256_armv8_oneblock_x2,
     .rounds_wk = fsha256_armv8_rounds_wk_x2},
    {.width = 0}};

static const fsha256_impl impl_armv8 = {
    .name = "armv8",
    .required = FSHA256_CPU_SHA2 | FSHA256_CPU_NEON,
    .blocks = fsha256_armv8_blocks,
    .lanes = armv8_lanes,
    .short_message = fsha256_armv8_short,
};

static const fsha256_impl *const armv8_flavours[] = {&impl_armv8, NULL};

const fsha256_backend fsha256_backend_armv8 = {.name = "armv8", .flavours = armv8_flavours};
#endif /* FSHA256_ARCH_AARCH64 && FASTSHA256_HAVE_ARMV8_KERNELS */
