/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Concurrency without Criterion (whose forking runner cannot start under
 * ThreadSanitizer): threads race on the library's first use, then hash while
 * another thread keeps switching backends. Prints "N passed, M failed". */
#define _DEFAULT_SOURCE
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

#include "fastsha256.h"

enum { THREADS = 8, ROUNDS = 2000 };
static const char abc_hex[] = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
static pthread_barrier_t start_line;
static atomic_int stop_switching;
static int passed, failed;

static void check(int ok, const char *what) {
    if (ok) {
        passed++;
    } else {
        failed++;
        printf("FAILED: %s\n", what);
    }
}

static int digest_is_abc(const uint8_t d[32]) {
    char hex[65];
    fastsha256_to_hex(d, 32, hex);
    return strcmp(hex, abc_hex) == 0;
}

static void *first_use(void *arg) {
    pthread_barrier_wait(&start_line);
    const char **name = arg;
    uint8_t d[32];
    fastsha256("abc", 3, d);
    *name = digest_is_abc(d) ? fastsha256_backend() : NULL;
    return NULL;
}

static void *hash_while_switching(void *arg) {
    int *bad = arg;
    const void *msgs[5] = {"abc", "abc", "abc", "abc", "abc"};
    size_t lens[5] = {3, 3, 3, 3, 3};
    for (int r = 0; r < ROUNDS; r++) {
        uint8_t d[32], batch[5][32];
        char hex[5][65];
        fastsha256("abc", 3, d);
        fastsha256_many(msgs, lens, 5, batch);
        fastsha256_to_hex_many((const uint8_t(*)[32])batch, 5, hex);
        if (!digest_is_abc(d) || strcmp(hex[4], abc_hex) != 0)
            (*bad)++;
    }
    return NULL;
}

static void *switch_backends(void *arg) {
    (void)arg;
    const char *names[8];
    size_t n = fastsha256_backends(names, 8);
    for (size_t i = 0; !atomic_load(&stop_switching); i++)
        fastsha256_set_backend(names[i % n]);
    return NULL;
}

int main(void) {
    pthread_t t[THREADS], switcher;
    const char *names[THREADS];
    int bad[THREADS] = {0};

    pthread_barrier_init(&start_line, NULL, THREADS);
    for (int i = 0; i < THREADS; i++)
        pthread_create(&t[i], NULL, first_use, &names[i]);
    for (int i = 0; i < THREADS; i++)
        pthread_join(t[i], NULL);
    pthread_barrier_destroy(&start_line);
    for (int i = 0; i < THREADS; i++)
        check(names[i] != NULL && strcmp(names[i], names[0]) == 0,
              "concurrent first use: every thread gets the right digest and the same backend");

    pthread_create(&switcher, NULL, switch_backends, NULL);
    for (int i = 0; i < THREADS; i++)
        pthread_create(&t[i], NULL, hash_while_switching, &bad[i]);
    for (int i = 0; i < THREADS; i++)
        pthread_join(t[i], NULL);
    atomic_store(&stop_switching, 1);
    pthread_join(switcher, NULL);
    for (int i = 0; i < THREADS; i++)
        check(bad[i] == 0, "hashing while another thread switches backends");

    printf("%d passed, %d failed\n", passed, failed);
    return failed != 0;
}
