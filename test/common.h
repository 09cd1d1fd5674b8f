/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Helpers shared by the test suites: references, vectors, guard pages. */
#ifndef FASTSHA256_TEST_COMMON_H
#define FASTSHA256_TEST_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "fastsha256.h"

/* Skips the calling test when FASTSHA256_BACKEND names a backend this CPU
 * lacks. The per-backend suites never get here then (backend_gate.c ends
 * such a run before any test, reported skipped by ctest); this keeps a
 * program without the gate from testing auto-selection under the forced
 * backend's name. */
#define REQUIRE_FORCED_BACKEND()                                                  \
    do {                                                                          \
        if (fastsha256_env_backend_ignored())                                     \
            cr_skip_test("backend %s is not supported on this CPU",               \
                         getenv("FASTSHA256_BACKEND"));                           \
    } while (0)

/* For a test that walks every backend flavour or hex encoder this CPU
 * supports by itself: it runs once, in the suite's unforced run
 * (<suite>.auto), and skips where ctest forces a backend or hides CPU
 * features, which could only narrow what it covers. */
#define REQUIRE_UNFORCED_RUN()                                                    \
    do {                                                                          \
        if (getenv("FASTSHA256_BACKEND") || getenv("FASTSHA256_HIDE"))            \
            cr_skip_test("walks every backend itself: runs in the unforced run"); \
    } while (0)

/* Deterministic pseudo-random numbers (xorshift64*). */
uint64_t test_rand(uint64_t *s);
void test_fill(uint8_t *p, size_t n, uint64_t seed);

/* Reference digests from the portable kernel alone, bypassing dispatch. */
void ref_sha256(const void *data, size_t len, uint8_t out[32]);
void ref_hex(const uint8_t *bytes, size_t n, char *out);

/* Parses 2n hex characters; returns 0 on malformed input. */
int hex_decode(const char *hex, uint8_t *out, size_t n);

/* Opens vectors/<name> for reading; fails the test if it cannot. */
FILE *open_vector(const char *name);

/* NIST .rsp records (ShortMsg/LongMsg). */
typedef struct rsp_entry {
    size_t len;      /* bytes */
    uint8_t *msg;
    uint8_t md[32];
} rsp_entry;
/* Loads every Len/Msg/MD record of vectors/<name>; *digest_size gets L. */
rsp_entry *rsp_load(const char *name, size_t *count, size_t *digest_size);
void rsp_free(rsp_entry *entries, size_t count);
/* Monte Carlo file: seed and the 100 checkpoints. */
int rsp_load_monte(const char *name, uint8_t seed[32], uint8_t md[100][32], size_t *digest_size);

/* A buffer of len bytes that ends exactly where a PROT_NONE page begins. */
typedef struct guarded {
    uint8_t *data;
    void *map;
    size_t map_len;
} guarded;
guarded guarded_alloc(size_t len);
void guarded_free(guarded *g);

#endif
