/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The few C library functions the library calls, for the wasm32 build,
 * which links no C library (so the module imports nothing). Compiled with
 * -fno-builtin: the compiler must not turn these loops back into calls to
 * themselves. The library's hot copies are fixed-size and inlined by the
 * compiler; what reaches here (buffering in update, wipes of variable size)
 * moves 8 bytes at a time through __builtin_memcpy of a constant size,
 * which stays one i64 load or store (unaligned accesses are valid wasm). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

void *memcpy(void *restrict dst, const void *restrict src, size_t n) {
    unsigned char *d = dst;
    const unsigned char *s = src;
    for (; n >= 8; n -= 8, d += 8, s += 8)
        __builtin_memcpy(d, s, 8);
    while (n--)
        *d++ = *s++;
    return dst;
}

void *memmove(void *dst, const void *src, size_t n) {
    unsigned char *d = dst;
    const unsigned char *s = src;
    if ((uintptr_t)d - (uintptr_t)s >= n) /* dst below src, or no overlap: forwards */
        return memcpy(dst, src, n);
    while (n--)
        d[n] = s[n];
    return dst;
}

void *memset(void *dst, int c, size_t n) {
    unsigned char *d = dst;
    uint64_t pattern = (unsigned char)c * UINT64_C(0x0101010101010101);
    for (; n >= 8; n -= 8, d += 8)
        __builtin_memcpy(d, &pattern, 8);
    while (n--)
        *d++ = (unsigned char)c;
    return dst;
}

int memcmp(const void *a, const void *b, size_t n) {
    const unsigned char *x = a, *y = b;
    for (; n; n--, x++, y++)
        if (*x != *y)
            return *x < *y ? -1 : 1;
    return 0;
}

size_t strlen(const char *s) {
    size_t n = 0;
    while (s[n])
        n++;
    return n;
}

int strncmp(const char *a, const char *b, size_t n) {
    for (; n; n--, a++, b++) {
        unsigned char x = (unsigned char)*a, y = (unsigned char)*b;
        if (x != y)
            return x < y ? -1 : 1;
        if (x == '\0')
            return 0;
    }
    return 0;
}

int strcmp(const char *a, const char *b) { return strncmp(a, b, (size_t)-1); }

static int contains(const char *set, char c) {
    for (; *set; set++)
        if (*set == c)
            return 1;
    return 0;
}

size_t strspn(const char *s, const char *accept) {
    size_t n = 0;
    while (s[n] && contains(accept, s[n]))
        n++;
    return n;
}

size_t strcspn(const char *s, const char *reject) {
    size_t n = 0;
    while (s[n] && !contains(reject, s[n]))
        n++;
    return n;
}

/* A wasm module has no environment: FASTSHA256_* settings do not apply. */
char *getenv(const char *name) {
    (void)name;
    return NULL;
}
