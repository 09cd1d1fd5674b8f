/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The backend table: the descriptors of the backends this build compiled,
 * in the order of src/backends.def. The build writes the built ones' lines
 * of that list to fsha256_backends_built.def (CMakeLists.txt), so this file
 * names no backend. */
#include <stddef.h>

#include "dispatch.h"

#define FSHA256_BACKEND(name) extern const fsha256_backend fsha256_backend_##name;
#include "fsha256_backends_built.def"
#undef FSHA256_BACKEND

const fsha256_backend *const fsha256_backend_table[] = {
#define FSHA256_BACKEND(name) &fsha256_backend_##name,
#include "fsha256_backends_built.def"
#undef FSHA256_BACKEND
    NULL,
};

#define BACKEND_COUNT (sizeof fsha256_backend_table / sizeof fsha256_backend_table[0] - 1)

const fsha256_impl *fsha256_portable_impl(void) {
    return fsha256_backend_table[BACKEND_COUNT - 1]->flavours[0];
}
