/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Hex on every encoder (reached through the backends and AVX2 hidden):
 * the input as bytes, in place, and as digests (whole 32-byte groups), in
 * place too; against a lookup-table reference. */
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"

typedef struct {
    const uint8_t *data;
    size_t size;
    char *want; /* 2 * size + 1 */
    char (*want_many)[65];
    size_t ndigests;
    char *buf; /* 2 * size + 1 + 65 * ndigests, for the in-place runs */
} hex_case;

static void check(const char *backend, void *arg) {
    const hex_case *c = arg;
    size_t n = c->size;
    fastsha256_to_hex(c->data, n, c->buf);
    FUZZ_EXPECT(memcmp(c->buf, c->want, 2 * n + 1) == 0, "fastsha256_to_hex", backend, n);
    memcpy(c->buf, c->data, n);
    fastsha256_to_hex((const uint8_t *)c->buf, n, c->buf);
    FUZZ_EXPECT(memcmp(c->buf, c->want, 2 * n + 1) == 0, "fastsha256_to_hex in place", backend, n);
    if (c->ndigests == 0)
        return;
    char(*strings)[65] = (char(*)[65])c->buf;
    fastsha256_to_hex_many((const uint8_t(*)[32])c->data, c->ndigests, strings);
    FUZZ_EXPECT(memcmp(strings, c->want_many, 65 * c->ndigests) == 0, "fastsha256_to_hex_many",
                backend, c->ndigests);
    memcpy(c->buf, c->data, 32 * c->ndigests);
    fastsha256_to_hex_many((const uint8_t(*)[32])c->buf, c->ndigests, strings);
    FUZZ_EXPECT(memcmp(strings, c->want_many, 65 * c->ndigests) == 0,
                "fastsha256_to_hex_many in place", backend, c->ndigests);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    hex_case c = {data, size, NULL, NULL, size / 32, NULL};
    c.want = malloc(2 * size + 1);
    c.want_many = malloc(65 * c.ndigests + 1);
    c.buf = malloc(2 * size + 1 + 65 * c.ndigests);
    if (!c.want || !c.want_many || !c.buf)
        abort();
    fuzz_ref_hex(data, size, c.want);
    for (size_t i = 0; i < c.ndigests; i++)
        fuzz_ref_hex(data + 32 * i, 32, c.want_many[i]);
    fuzz_each_backend(check, &c);
    free(c.want);
    free(c.want_many);
    free(c.buf);
    return 0;
}
