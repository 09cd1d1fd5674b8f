/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The SIMD128 backend's descriptor: four lanes for batches; one stream stays
 * on the portable kernel (SIMD128 has no SHA instructions). No CPU
 * requirement: a SIMD128 module does not compile on an engine without
 * SIMD128, and the MVP module gets no flavour. */
#include <stddef.h>

#include "../scalar/scalar.h"
#include "simd128.h"

#if defined(__wasm__)
#if defined(__wasm_simd128__)
static const fsha256_lane_kernel simd128_lanes[] = {
    {.width = 4, .fn = fsha256_simd128_lanes_x4, .oneblock = fsha256_simd128_oneblock_x4,
     .rounds_wk = fsha256_simd128_rounds_wk_x4, .hmac = fsha256_simd128_hmac_x4},
    {.width = 0}};

static const fsha256_impl impl_simd128 = {
    .name = "simd128",
    .required = 0,
    .blocks = fsha256_scalar_blocks,
    .lanes = simd128_lanes,
};
#endif

static const fsha256_impl *const simd128_flavours[] = {
#if defined(__wasm_simd128__)
    &impl_simd128,
#endif
    NULL};

const fsha256_backend fsha256_backend_simd128 = {.name = "simd128", .flavours = simd128_flavours};
#endif /* __wasm__ */
