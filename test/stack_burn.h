/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The hmac and kdf suites' check that the kernels' stack is burnt. */
#ifndef FASTSHA256_TEST_STACK_BURN_H
#define FASTSHA256_TEST_STACK_BURN_H

#include <stddef.h>
#include <stdint.h>

/* Bytes of the job's stack: room for every kernel's frames. */
enum { STACK_BURN_SIZE = 256 * 1024 };

/* Why the check cannot run here, or NULL: the burn depth is tuned to the
 * kernels' real frames, which ASan enlarges; valgrind marks the stack below
 * the stack pointer undefined; winpthreads ignores the stack given. */
const char *stack_burn_skip_reason(void);

#define REQUIRE_STACK_BURN()                                                      \
    do {                                                                          \
        const char *why_ = stack_burn_skip_reason();                              \
        if (why_)                                                                 \
            cr_skip_test("%s", why_);                                             \
    } while (0)

/* Runs job(arg) on a thread whose stack is a new buffer filled with 0xa5;
 * returns that buffer, STACK_BURN_SIZE bytes, for the caller to free. */
uint8_t *stack_burn_run(void *(*job)(void *), void *arg);

/* Aligned words of the stack equal to one of want[0..n). */
size_t stack_burn_count(const uint8_t *stack, const uint32_t *want, size_t n);

/* Both byte orders of the `words` words at p into want (2 * words). */
void both_orders_n(uint32_t *want, const uint8_t *p, size_t words);

/* The 64 words a 32-byte HMAC key leaves: its chaining states (SHA-256 and
 * SHA-224), then its ipad and opad bytes in both byte orders (as loaded by
 * a kernel). */
void stack_burn_key_words(uint32_t want[64], const uint8_t key[32]);

#endif
