/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The stack-burn check's mechanics (stack_burn.h). */
#define _DEFAULT_SOURCE
#include "stack_burn.h"

#include <criterion/criterion.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "../src/internal.h"

#if defined(__has_include)
#  if __has_include(<valgrind/memcheck.h>)
#    include <valgrind/memcheck.h>
#    define HAVE_MEMCHECK 1
#  endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#  define UNDER_ASAN 1
#elif defined(__has_feature)
#  if __has_feature(address_sanitizer)
#    define UNDER_ASAN 1
#  endif
#endif

const char *stack_burn_skip_reason(void) {
#if defined(_WIN32)
    return "winpthreads does not run a thread on a stack given by pthread_attr_setstack";
#elif defined(UNDER_ASAN)
    return "stack frames are larger under ASan";
#else
#  if defined(HAVE_MEMCHECK)
    if (RUNNING_ON_VALGRIND)
        return "valgrind marks the stack below the stack pointer undefined";
#  endif
    return NULL;
#endif
}

uint8_t *stack_burn_run(void *(*job)(void *), void *arg) {
    uint8_t *stack = NULL;
    cr_assert(posix_memalign((void **)&stack, 4096, STACK_BURN_SIZE) == 0);
    memset(stack, 0xa5, STACK_BURN_SIZE);
    pthread_attr_t attr;
    pthread_t thread;
    cr_assert(pthread_attr_init(&attr) == 0);
    cr_assert(pthread_attr_setstack(&attr, stack, STACK_BURN_SIZE) == 0);
    cr_assert(pthread_create(&thread, &attr, job, arg) == 0);
    cr_assert(pthread_join(thread, NULL) == 0);
    pthread_attr_destroy(&attr);
    return stack;
}

size_t stack_burn_count(const uint8_t *stack, const uint32_t *want, size_t n) {
    size_t hits = 0;
    for (size_t i = 0; i + 4 <= STACK_BURN_SIZE; i += 4) {
        uint32_t w;
        memcpy(&w, stack + i, 4);
        for (size_t k = 0; k < n; k++)
            hits += w == want[k];
    }
    return hits;
}

void both_orders_n(uint32_t *want, const uint8_t *p, size_t words) {
    for (size_t i = 0; i < words; i++) {
        memcpy(&want[i], p + 4 * i, 4);
        want[words + i] = fsha256_load_be32(p + 4 * i);
    }
}

void stack_burn_key_words(uint32_t want[64], const uint8_t key[32]) {
    fastsha256_hmac_key k256, k224;
    fastsha256_hmac_key_init(&k256, key, 32);
    fastsha224_hmac_key_init(&k224, key, 32);
    memcpy(want, k256.inner, 32);
    memcpy(want + 8, k256.outer, 32);
    memcpy(want + 16, k224.inner, 32);
    memcpy(want + 24, k224.outer, 32);
    uint8_t pads[2][32];
    for (size_t i = 0; i < 32; i++) {
        pads[0][i] = key[i] ^ 0x36;
        pads[1][i] = key[i] ^ 0x5c;
    }
    both_orders_n(want + 32, pads[0], 8);
    both_orders_n(want + 48, pads[1], 8);
}
