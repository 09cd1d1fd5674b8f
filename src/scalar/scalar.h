/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The portable backend (scalar.c): plain C, any CPU, the fallback. */
#ifndef FSHA256_SCALAR_H
#define FSHA256_SCALAR_H

#include "../compiler.h"
#include "../seams.h"

void fsha256_scalar_blocks(uint32_t state[8], const uint8_t *data, size_t nblocks);

/* Its descriptor (scalar_backend.c). */
extern const fsha256_backend fsha256_backend_scalar;

#endif /* FSHA256_SCALAR_H */
