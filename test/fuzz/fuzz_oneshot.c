/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* One-shot SHA-256 of the whole input on every backend, against the
 * reference; also from an odd offset (unaligned loads). */
#include <string.h>

#include "fuzz_common.h"

typedef struct {
    const uint8_t *data;
    size_t size;
    uint8_t want[32], want_tail[32];
} oneshot_case;

static void check(const char *backend, void *arg) {
    const oneshot_case *c = arg;
    uint8_t got[32];
    fastsha256(c->data, c->size, got);
    FUZZ_EXPECT(memcmp(got, c->want, 32) == 0, "fastsha256", backend, c->size);
    if (c->size) {
        fastsha256(c->data + 1, c->size - 1, got);
        FUZZ_EXPECT(memcmp(got, c->want_tail, 32) == 0, "fastsha256 (offset 1)", backend,
                    c->size - 1);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    oneshot_case c = {data, size, {0}, {0}};
    fuzz_ref_digest(data, size, c.want, 32);
    if (size)
        fuzz_ref_digest(data + 1, size - 1, c.want_tail, 32);
    fuzz_each_backend(check, &c);
    return 0;
}
