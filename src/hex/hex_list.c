/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The hex encoders compiled in, best first: chosen on their own CPU
 * requirements, whatever the backend (dispatch.c). The table is made from
 * the built lines of src/hex/hex_encoders.def (fsha256_hex_built.def,
 * written by the build), as backends.c makes the backend table, so this
 * file names no encoder. */
#include <stddef.h>

#include "hex.h"

#define FSHA256_HEX_ENCODER(name) extern const fsha256_hex_encoder fsha256_hex_##name;
#include "fsha256_hex_built.def"
#undef FSHA256_HEX_ENCODER

const fsha256_hex_encoder *const fsha256_hex_table[] = {
#define FSHA256_HEX_ENCODER(name) &fsha256_hex_##name,
#include "fsha256_hex_built.def"
#undef FSHA256_HEX_ENCODER
    NULL,
};
