/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* SHA-224 on every backend: the input one-shot, streamed in two parts at a
 * fuzzer-chosen point (the first byte), and as a batch of its last 16
 * suffixes; never more than 28 bytes per digest. */
#include <string.h>

#include "fuzz_common.h"

enum { SUFFIXES = 16 };

typedef struct {
    const uint8_t *msg;
    size_t len, split, nsuffixes;
    uint8_t want[28];
    uint8_t want_suffix[SUFFIXES][28];
} sha224_case;

static void check(const char *backend, void *arg) {
    const sha224_case *c = arg;
    uint8_t got[32];
    memset(got, 0xa5, sizeof got);
    fastsha224(c->msg, c->len, got);
    FUZZ_EXPECT(memcmp(got, c->want, 28) == 0 && got[28] == 0xa5, "fastsha224", backend, c->len);

    fastsha256_ctx ctx;
    memset(got, 0xa5, sizeof got);
    fastsha224_init(&ctx);
    fastsha256_update(&ctx, c->msg, c->split);
    fastsha256_update(&ctx, c->msg + c->split, c->len - c->split);
    fastsha256_final(&ctx, got);
    FUZZ_EXPECT(memcmp(got, c->want, 28) == 0 && got[28] == 0xa5, "streamed SHA-224", backend,
                c->len);

    const void *msgs[SUFFIXES];
    size_t lens[SUFFIXES];
    uint8_t out[SUFFIXES + 1][28];
    memset(out, 0xa5, sizeof out);
    for (size_t i = 0; i < c->nsuffixes; i++) {
        msgs[i] = c->msg + i;
        lens[i] = c->len - i;
    }
    fastsha224_many(msgs, lens, c->nsuffixes, out);
    for (size_t i = 0; i < c->nsuffixes; i++)
        FUZZ_EXPECT(memcmp(out[i], c->want_suffix[i], 28) == 0, "fastsha224_many", backend,
                    c->len - i);
    FUZZ_EXPECT(out[c->nsuffixes][0] == 0xa5, "fastsha224_many wrote past its digests", backend,
                c->nsuffixes);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    sha224_case c;
    c.msg = data;
    c.len = size;
    c.split = size ? (size_t)data[0] * size / 256 : 0;
    c.nsuffixes = size < SUFFIXES ? size : SUFFIXES;
    fuzz_ref_digest(data, size, c.want, 28);
    for (size_t i = 0; i < c.nsuffixes; i++)
        fuzz_ref_digest(data + i, size - i, c.want_suffix[i], 28);
    fuzz_each_backend(check, &c);
    return 0;
}
