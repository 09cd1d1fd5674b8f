/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Shared by the libFuzzer targets: a portable reference that bypasses
 * dispatch, a loop over every backend this CPU supports, and a reader that
 * turns fuzzer bytes into choices (split sizes, batch lengths). A mismatch
 * aborts, which libFuzzer (and the replay driver) report as a crash. */
#ifndef FASTSHA256_FUZZ_COMMON_H
#define FASTSHA256_FUZZ_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include "fastsha256.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Prints the message and the input's size, then aborts. */
void fuzz_fail(const char *what, const char *backend, size_t len);
#define FUZZ_EXPECT(cond, what, backend, len)                                 \
    do {                                                                      \
        if (!(cond))                                                          \
            fuzz_fail(what, backend, len);                                    \
    } while (0)

/* SHA-256 (digest_size 32) or SHA-224 (28) with the scalar kernel alone. */
void fuzz_ref_digest(const void *data, size_t len, uint8_t *out, size_t digest_size);
/* Lowercase hex with a lookup table, then a NUL. */
void fuzz_ref_hex(const uint8_t *bytes, size_t n, char *out);

/* Calls fn(backend name, arg) with each supported backend forced, once with
 * every CPU feature visible and once with AVX2 hidden (the SHA-NI lanes'
 * legacy-SSE flavour and the SSSE3 hex encoder), then restores the
 * automatic choice. */
void fuzz_each_backend(void (*fn)(const char *backend, void *arg), void *arg);

/* Fuzzer bytes consumed front to back; 0 once they run out. */
typedef struct fuzz_reader {
    const uint8_t *p;
    size_t n;
} fuzz_reader;
uint8_t fuzz_byte(fuzz_reader *r);
uint16_t fuzz_u16(fuzz_reader *r);

#endif
