/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Shared by the SIMD hex encoders. */
#ifndef FASTSHA256_HEX_SIMD_H
#define FASTSHA256_HEX_SIMD_H

/* Compiler-only barrier: keeps each digest's NUL store after its character
 * stores. GCC otherwise hoists the byte store ahead of them, and the stores
 * then leave the core out of address order, measurably slower with both
 * encoders (docs/choices.md). */
#if defined(__GNUC__)
#  define FSHA256_HEX_STORE_ORDER() __asm__ volatile("" ::: "memory")
#else
#  define FSHA256_HEX_STORE_ORDER() ((void)0)
#endif

#endif
