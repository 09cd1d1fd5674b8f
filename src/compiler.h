/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Target and compiler macros: the architecture tests every file uses, and the
 * inlining attributes, defined once. */
#ifndef FSHA256_COMPILER_H
#define FSHA256_COMPILER_H



#if defined(__x86_64__) || defined(_M_X64) || defined(__i386__) || defined(_M_IX86)
#  define FSHA256_ARCH_X86 1
#endif
#if defined(__aarch64__) || defined(_M_ARM64)
#  define FSHA256_ARCH_AARCH64 1
#endif

/* Forced inlining: where helpers take vectors by pointer (kept in registers
 * only once inlined) or where the compiler would call the rounds out of line
 * once a third caller appears. */
#if defined(__GNUC__)
#  define FSHA256_ALWAYS_INLINE static inline __attribute__((always_inline))
#else
#  define FSHA256_ALWAYS_INLINE static inline
#endif

/* Kept out of line: a function whose inlining changed its caller's code for
 * the worse (the reason is at each use). */
#if defined(__GNUC__)
#  define FSHA256_NOINLINE __attribute__((noinline))
#else
#  define FSHA256_NOINLINE
#endif

#endif /* FSHA256_COMPILER_H */
