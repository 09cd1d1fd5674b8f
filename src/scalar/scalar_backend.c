/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The portable backend's descriptor: one flavour, no lane kernels (batches
 * run the single-stream kernel lane by lane), no optional entries. */
#include <stddef.h>

#include "scalar.h"

static const fsha256_lane_kernel no_lanes[] = {{.width = 0}};

static const fsha256_impl impl_scalar = {
    .name = "scalar",
    .required = 0,
    .blocks = fsha256_scalar_blocks,
    .lanes = no_lanes,
};

static const fsha256_impl *const scalar_flavours[] = {&impl_scalar, NULL};

const fsha256_backend fsha256_backend_scalar = {.name = "scalar", .flavours = scalar_flavours};
