/* The modes of fastsha256-bench, in the order they run; the first is the
 * default. A new mode is a file bench_<mode>.c defining its bench_mode, one
 * line below, and its file in CMakeLists.txt (see bench/README.md). Modes
 * that are programs of their own (own options and output) are listed in
 * bench_programs[]. */
#include "bench_context.h"

#include <string.h>

extern const bench_mode bench_mode_seed;
extern const bench_mode bench_mode_sweep;
extern const bench_mode bench_mode_kernels;
extern const bench_mode bench_mode_limits;

const bench_mode *const bench_modes[] = {
    &bench_mode_seed,
    &bench_mode_sweep,
    &bench_mode_kernels,
    &bench_mode_limits,
};

const size_t bench_nmodes = sizeof bench_modes / sizeof bench_modes[0];

_Static_assert(sizeof bench_modes / sizeof bench_modes[0] <= BENCH_MAX_MODES,
               "raise BENCH_MAX_MODES");

extern const bench_program bench_program_hmac;
extern const bench_program bench_program_kdf;

const bench_program *const bench_programs[] = {
    &bench_program_hmac,
    &bench_program_kdf,
};

const size_t bench_nprograms = sizeof bench_programs / sizeof bench_programs[0];

const bench_program *bench_find_program(const char *arg) {
    if (strncmp(arg, "--", 2) != 0)
        return NULL;
    for (size_t t = 0; t < bench_nprograms; t++)
        if (strcmp(arg + 2, bench_programs[t]->name) == 0)
            return bench_programs[t];
    return NULL;
}
