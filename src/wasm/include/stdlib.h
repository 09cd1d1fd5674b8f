/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Declarations only: the wasm32 build has no C library and no environment;
 * src/wasm/libc.c defines getenv (always NULL). */
#ifndef FSHA256_WASM_STDLIB_H
#define FSHA256_WASM_STDLIB_H

#include <stddef.h>

char *getenv(const char *name);

#endif
