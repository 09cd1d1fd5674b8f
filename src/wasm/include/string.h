/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Declarations only: the wasm32 build has no C library; src/wasm/libc.c
 * defines these (the library's only uses of <string.h>). */
#ifndef FSHA256_WASM_STRING_H
#define FSHA256_WASM_STRING_H

#include <stddef.h>

void *memcpy(void *restrict dst, const void *restrict src, size_t n);
void *memmove(void *dst, const void *src, size_t n);
void *memset(void *dst, int c, size_t n);
int memcmp(const void *a, const void *b, size_t n);
size_t strlen(const char *s);
int strcmp(const char *a, const char *b);
int strncmp(const char *a, const char *b, size_t n);
size_t strspn(const char *s, const char *accept);
size_t strcspn(const char *s, const char *reject);

#endif
