/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The 64-bit length: messages crossing 2^29 bytes (2^32 bits) and 2^32
 * bytes, streamed in odd-sized pieces. Byte i of each message is i mod 251.
 * The digests were computed once, independently, with Python's hashlib by
 * test/gen_large.py. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"

#define LARGE_29_HEX "418d60cd0b36d0e0abecd62474c3ccc59c3726e19fd88c0496d6f79826d515de"
#define LARGE_32_HEX "de0a90e03ddd5145dbda500ade1d3f4c6dadcea0b6692b8175391387c95d53b2"

static void check_large(uint64_t total, const char *want_hex) {
    enum { PERIOD = 251, PIECE = 1000003 }; /* a prime piece size: splits land anywhere */
    uint8_t *pattern = malloc(PIECE + PERIOD);
    for (size_t i = 0; i < PIECE + PERIOD; i++)
        pattern[i] = (uint8_t)(i % PERIOD);
    fastsha256_ctx ctx;
    fastsha256_init(&ctx);
    uint64_t done = 0;
    while (done < total) {
        size_t piece = total - done < PIECE ? (size_t)(total - done) : PIECE;
        fastsha256_update(&ctx, pattern + done % PERIOD, piece);
        done += piece;
    }
    uint8_t got[32];
    char hex[65];
    fastsha256_final(&ctx, got);
    fastsha256_to_hex(got, 32, hex);
    cr_assert(strcmp(hex, want_hex) == 0, "%llu bytes on %s: got %s, want %s",
              (unsigned long long)total, fastsha256_backend(), hex, want_hex);
    free(pattern);
}

Test(length64, crosses_2_pow_29_bytes, .timeout = 600) {
    REQUIRE_FORCED_BACKEND();
    check_large(((uint64_t)1 << 29) + 777, LARGE_29_HEX);
}

Test(length64, crosses_2_pow_32_bytes, .timeout = 1200) {
    REQUIRE_FORCED_BACKEND();
    check_large(((uint64_t)1 << 32) + 777, LARGE_32_HEX);
}
