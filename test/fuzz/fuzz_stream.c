/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Streaming with fuzzer-chosen splits: the first byte says how many split
 * sizes follow (0..15), each one byte (0..255); the rest is the message,
 * fed through update in chunks of those sizes, cyclically (a 0 is an empty
 * update). SHA-256 and SHA-224 contexts, against the reference. */
#include <string.h>

#include "fuzz_common.h"

typedef struct {
    uint8_t splits[16];
    size_t nsplits;
    const uint8_t *msg;
    size_t len;
    uint8_t want256[32], want224[28];
} stream_case;

static void stream(const stream_case *c, fastsha256_ctx *ctx) {
    size_t off = 0, s = 0;
    while (off < c->len) {
        size_t take = c->nsplits ? c->splits[s++ % c->nsplits] : c->len;
        if (take > c->len - off || s > 16 * c->len + 16) /* the end, or zeros only */
            take = c->len - off;
        fastsha256_update(ctx, c->msg + off, take);
        off += take;
    }
}

static void check(const char *backend, void *arg) {
    const stream_case *c = arg;
    fastsha256_ctx ctx;
    uint8_t got[32];
    fastsha256_init(&ctx);
    stream(c, &ctx);
    fastsha256_final(&ctx, got);
    FUZZ_EXPECT(memcmp(got, c->want256, 32) == 0, "streamed SHA-256", backend, c->len);
    memset(got, 0xa5, sizeof got);
    fastsha224_init(&ctx);
    stream(c, &ctx);
    fastsha256_final(&ctx, got);
    FUZZ_EXPECT(memcmp(got, c->want224, 28) == 0, "streamed SHA-224", backend, c->len);
    FUZZ_EXPECT(got[28] == 0xa5, "SHA-224 final wrote past 28 bytes", backend, c->len);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fuzz_reader r = {data, size};
    stream_case c;
    c.nsplits = fuzz_byte(&r) % 16;
    for (size_t i = 0; i < c.nsplits; i++)
        c.splits[i] = fuzz_byte(&r);
    c.msg = r.p;
    c.len = r.n;
    fuzz_ref_digest(c.msg, c.len, c.want256, 32);
    fuzz_ref_digest(c.msg, c.len, c.want224, 28);
    fuzz_each_backend(check, &c);
    return 0;
}
