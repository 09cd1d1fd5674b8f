/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The four-lane SHA-NI kernel with legacy-SSE forms of its non-SHA
 * instructions, for CPUs without AVX: see shani_lanes_x4.inc. */
#include "shani_lanes_x4.inc"
