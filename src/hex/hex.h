/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The hex encoders, each chosen by its own CPU requirements, and their table
 * (hex_list.c, from hex_encoders.def). */
#ifndef FSHA256_HEX_H
#define FSHA256_HEX_H

#include "../compiler.h"
#include "../seams.h"

extern const fsha256_hex_encoder fsha256_hex_portable;
void fsha256_hex_bytes_portable(const uint8_t *in, size_t n, char *out);
void fsha256_hex_digests_portable(const uint8_t (*digests)[32], size_t n, char (*out)[65]);

/* Every hex encoder compiled in, best first (the order of
 * src/hex/hex_encoders.def), NULL-terminated. An encoder built without its
 * instructions (simd128 in the WebAssembly MVP module) has NULL functions:
 * it is never chosen, as a backend without flavours. */
extern const fsha256_hex_encoder *const fsha256_hex_table[];

#endif /* FSHA256_HEX_H */
