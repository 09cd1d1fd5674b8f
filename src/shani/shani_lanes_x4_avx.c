/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The four-lane SHA-NI kernel with VEX forms of its non-SHA instructions,
 * for CPUs with AVX (compiled with -mavx): see shani_lanes_x4.inc. */
#define FSHA256_SHANI_X4_AVX 1
#include "shani_lanes_x4.inc"
