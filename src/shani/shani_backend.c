/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The SHA-NI backend's descriptor. Four interleaved SHA-NI streams hide
 * sha256rnds2's latency; two for the remainder when fewer messages are left.
 * With AVX, the four-stream kernel's VEX flavour (fewer instructions).
 * Where the tuning table finds two streams faster than four (its
 * FSHA256_CHOICE_SHANI_X4 not granted, or withdrawn by
 * FASTSHA256_HIDE=shanix4), every batch path runs on two. 32-bit x86: two
 * streams only. A flavour that batches through another instruction set's
 * wider lanes is that backend's to lend (fsha256_backend.lends), not
 * defined here. */
#include <stddef.h>

#include "../cpu.h"
#include "../tuning.h"
#include "shani.h"

#if defined(FSHA256_ARCH_X86) && defined(FASTSHA256_HAVE_X86_KERNELS)
#ifdef FSHA256_HAVE_SHANI_X4
static const fsha256_lane_kernel shani_lanes[] = {
    {.width = 4, .fn = fsha256_shani_lanes_x4, .oneblock = fsha256_shani_oneblock_x4,
     .rounds_wk = fsha256_shani_rounds_wk_x4, .hmac = fsha256_shani_hmac_x4,
     .blocks_wk = fsha256_shani_blocks_wk_x4},
    FSHA256_SHANI_X2,
    {.width = 0}};
static const fsha256_lane_kernel shani_vex_lanes[] = {
    {.width = 4, .fn = fsha256_shani_lanes_x4_avx, .oneblock = fsha256_shani_oneblock_x4_avx,
     .rounds_wk = fsha256_shani_rounds_wk_x4, .hmac = fsha256_shani_hmac_x4_avx,
     .blocks_wk = fsha256_shani_blocks_wk_x4_avx},
    FSHA256_SHANI_X2,
    {.width = 0}};
#endif
static const fsha256_lane_kernel shani_x2_lanes[] = {FSHA256_SHANI_X2, {.width = 0}};

#ifdef FSHA256_HAVE_SHANI_X4
static const fsha256_impl impl_shani_vex = {FSHA256_SHANI_ENTRIES,
                                            .required = FSHA256_SHANI_NEEDS | FSHA256_CPU_AVX2,
                                            .lanes = shani_vex_lanes,
                                            .pbkdf2 = &fsha256_shani_pbkdf2_vex,
                                            .choices = FSHA256_CHOICE_SHANI_X4};
static const fsha256_impl impl_shani = {FSHA256_SHANI_ENTRIES, .required = FSHA256_SHANI_NEEDS,
                                        .lanes = shani_lanes, .pbkdf2 = &fsha256_shani_pbkdf2,
                                        .choices = FSHA256_CHOICE_SHANI_X4};
#endif
static const fsha256_impl impl_shani_x2 = {FSHA256_SHANI_ENTRIES, .required = FSHA256_SHANI_NEEDS,
                                           .lanes = shani_x2_lanes,
                                           .pbkdf2 = &fsha256_shani_pbkdf2_x2};

static const fsha256_impl *const shani_flavours[] = {
#ifdef FSHA256_HAVE_SHANI_X4
    &impl_shani_vex, &impl_shani,
#endif
    &impl_shani_x2, NULL};

const fsha256_backend fsha256_backend_shani = {.name = "shani", .flavours = shani_flavours};
#endif /* FSHA256_ARCH_X86 && FASTSHA256_HAVE_X86_KERNELS */
