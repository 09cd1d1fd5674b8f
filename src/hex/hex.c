/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Public hex calls: thin wrappers over the dispatched encoder. They also own
 * the edge cases, so no encoder has to: n == 0 (bytes may be NULL, and an
 * encoder would form NULL + 0) and output that overlaps the input. */
#include <string.h>

#include "../bytes.h"
#include "../dispatch.h"
#include "hex.h"

/* out starts inside [in, in + in_len): the characters of early bytes would
 * overwrite later bytes before an encoder reads them. */
static int starts_inside(const void *out, const void *in, size_t in_len) {
    uintptr_t o = (uintptr_t)out, i = (uintptr_t)in;
    return o >= i && o - i < in_len;
}

/* Overlapping output that does not start before the input (in place, or
 * shifted up): encoded from the end, each chunk copied aside first. Every
 * write then lands at or above the chunk being encoded, never on a byte
 * still to be read. */
static void hex_bytes_backwards(fsha256_hex_bytes_fn encode, const uint8_t *bytes, size_t n,
                                char *out) {
    uint8_t chunk[64];
    while (n) {
        size_t len = n % sizeof chunk ? n % sizeof chunk : sizeof chunk;
        n -= len;
        memcpy(chunk, bytes + n, len);
        encode(chunk, len, out + 2 * n);
    }
}

static void hex_digests_backwards(fsha256_hex_digests_fn encode, const uint8_t (*digests)[32],
                                  size_t n, char (*out)[65]) {
    uint8_t chunk[8][32];
    while (n) {
        size_t count = n % 8 ? n % 8 : 8;
        n -= count;
        memcpy(chunk, digests + n, count * sizeof chunk[0]);
        encode((const uint8_t(*)[32])chunk, count, out + n);
    }
}

void fastsha256_to_hex(const uint8_t *bytes, size_t n, char *out) {
    if (out == NULL)
        return;
    if (bytes == NULL) /* NULL is only valid with n == 0 */
        n = 0;
    if (n) {
        fsha256_hex_bytes_fn encode = fsha256_active_hex()->bytes;
        if (starts_inside(out, bytes, n))
            hex_bytes_backwards(encode, bytes, n, out);
        else
            encode(bytes, n, out);
    }
    out[2 * n] = '\0';
}

void fastsha256_to_hex_many(const uint8_t (*digests)[32], size_t n, char (*out)[65]) {
    if (n == 0 || digests == NULL || out == NULL)
        return;
    fsha256_hex_digests_fn encode = fsha256_active_hex()->digests;
    if (starts_inside(out, digests, n * sizeof digests[0]))
        hex_digests_backwards(encode, digests, n, out);
    else
        encode(digests, n, out);
}
