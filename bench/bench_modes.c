/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The modes of fastsha256-bench, in the order they run; the first is the
 * default. A new mode is a file bench_<mode>.c defining its bench_mode, one
 * line below, and its file in CMakeLists.txt (see bench/README.md). */
#include "bench_context.h"

extern const bench_mode bench_mode_seed;
extern const bench_mode bench_mode_sweep;
extern const bench_mode bench_mode_kernels;
extern const bench_mode bench_mode_limits;
extern const bench_mode bench_mode_hmac;
extern const bench_mode bench_mode_kdf;
extern const bench_mode bench_mode_tree;

const bench_mode *const bench_modes[] = {
    &bench_mode_seed,
    &bench_mode_sweep,
    &bench_mode_kernels,
    &bench_mode_limits,
    &bench_mode_hmac,
    &bench_mode_kdf,
    &bench_mode_tree,
};

const size_t bench_nmodes = sizeof bench_modes / sizeof bench_modes[0];

_Static_assert(sizeof bench_modes / sizeof bench_modes[0] <= BENCH_MAX_MODES,
               "raise BENCH_MAX_MODES");
