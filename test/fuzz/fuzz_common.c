/* SPDX-License-Identifier: Apache-2.0 OR MIT */
#define _DEFAULT_SOURCE
#include "fuzz_common.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/internal.h"

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc;
    (void)argv;
    /* Every input forces each backend: its known-answer test once is enough. */
    setenv("FASTSHA256_NO_SELFTEST", "1", 1);
    return 0;
}

void fuzz_fail(const char *what, const char *backend, size_t len) {
    fprintf(stderr,
            "fastsha256 fuzz: %s differs from the reference (backend %s, hex %s, %zu bytes)\n",
            what, backend ? backend : "-", fastsha256_hex_backend(), len);
    abort();
}

void fuzz_ref_digest(const void *data, size_t len, uint8_t *out, size_t digest_size) {
    const uint8_t *p = data;
    uint32_t state[8];
    uint8_t last[128];
    memcpy(state, digest_size == 28 ? fsha256_sha224_iv : fsha256_sha256_iv, sizeof state);
    if (p == NULL)
        len = 0;
    fsha256_scalar_blocks(state, p, len / 64);
    size_t n = fsha256_pad_tail(last, len >= 64 ? p + len / 64 * 64 : p, len % 64, len);
    fsha256_scalar_blocks(state, last, n);
    fsha256_store_digest(out, state, digest_size);
}

void fuzz_ref_hex(const uint8_t *bytes, size_t n, char *out) {
    static const char digits[] = "0123456789abcdef";
    for (size_t i = 0; i < n; i++) {
        out[2 * i] = digits[bytes[i] >> 4];
        out[2 * i + 1] = digits[bytes[i] & 15];
    }
    out[2 * n] = '\0';
}

void fuzz_each_backend(void (*fn)(const char *backend, void *arg), void *arg) {
    static const char *const hide[] = {"", "avx2"};
    for (size_t h = 0; h < sizeof hide / sizeof hide[0]; h++) {
        const char *names[16];
        setenv("FASTSHA256_HIDE", hide[h], 1);
        size_t n = fastsha256_backends(names, 16);
        for (size_t i = 0; i < n && i < 16; i++) {
            if (fastsha256_set_backend(names[i]) != 0)
                fuzz_fail("set_backend", names[i], 0);
            fn(names[i], arg);
        }
    }
    unsetenv("FASTSHA256_HIDE");
    fastsha256_reset_backend();
}

uint8_t fuzz_byte(fuzz_reader *r) {
    if (r->n == 0)
        return 0;
    r->n--;
    return *r->p++;
}

uint16_t fuzz_u16(fuzz_reader *r) {
    uint16_t hi = fuzz_byte(r);
    return (uint16_t)(hi << 8 | fuzz_byte(r));
}
