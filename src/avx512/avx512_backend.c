/* The AVX-512 backend's descriptor: a batch backend, thirty-two and sixteen
 * lanes, then AVX2's eight; single streams go through the AVX2 kernel (one
 * stream has no lanes to spread over ZMM registers). */
#include <stddef.h>

#include "../avx2/avx2.h"
#include "../cpu.h"
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

const fsha256_backend fsha256_backend_avx512 = {.name = "avx512", .flavours = avx512_flavours};
#endif /* FSHA256_ARCH_X86 && FASTSHA256_HAVE_X86_KERNELS */
