/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Known-answer tests: NIST CAVP SHAVS (short, long, Monte Carlo) for SHA-256
 * and SHA-224, plus extra.txt, through one-shot, streaming and batch calls,
 * on the backend that ctest forces through FASTSHA256_BACKEND. */
#define _DEFAULT_SOURCE
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"

static void oneshot(size_t digest_size, const void *msg, size_t len, uint8_t *out) {
    if (digest_size == 28)
        fastsha224(msg, len, out);
    else
        fastsha256(msg, len, out);
}

/* Streams the message in pieces of `piece` bytes (1 = byte by byte). */
static void streamed(size_t digest_size, const uint8_t *msg, size_t len, size_t piece,
                     uint8_t *out) {
    fastsha256_ctx ctx;
    if (digest_size == 28)
        fastsha224_init(&ctx);
    else
        fastsha256_init(&ctx);
    for (size_t off = 0; off < len; off += piece)
        fastsha256_update(&ctx, msg + off, len - off < piece ? len - off : piece);
    fastsha256_final(&ctx, out);
}

static void check_rsp(const char *name) {
    size_t count, ds;
    rsp_entry *e = rsp_load(name, &count, &ds);
    cr_assert(count >= 64, "%s: only %zu records", name, count);
    const void **msgs = calloc(count, sizeof *msgs);
    size_t *lens = calloc(count, sizeof *lens);
    uint8_t(*batch)[32] = calloc(count, 32);
    for (size_t i = 0; i < count; i++) {
        uint8_t out[32];
        const size_t pieces[] = {1, 3, 63, 64, 65, 1000};
        oneshot(ds, e[i].msg, e[i].len, out);
        cr_assert(memcmp(out, e[i].md, ds) == 0, "%s one-shot, Len=%zu, backend %s", name,
                  e[i].len * 8, fastsha256_backend());
        for (size_t p = 0; p < sizeof pieces / sizeof pieces[0]; p++) {
            memset(out, 0, sizeof out);
            streamed(ds, e[i].msg, e[i].len, pieces[p], out);
            cr_assert(memcmp(out, e[i].md, ds) == 0, "%s streamed by %zu, Len=%zu, backend %s",
                      name, pieces[p], e[i].len * 8, fastsha256_backend());
        }
        msgs[i] = e[i].msg;
        lens[i] = e[i].len;
    }
    if (ds == 28)
        fastsha224_many(msgs, lens, count, (uint8_t(*)[28])batch);
    else
        fastsha256_many(msgs, lens, count, batch);
    for (size_t i = 0; i < count; i++)
        cr_assert(memcmp((uint8_t *)batch + (ds == 28 ? 28 * i : 32 * i), e[i].md, ds) == 0,
                  "%s batch, Len=%zu, backend %s", name, e[i].len * 8, fastsha256_backend());
    if (ds == 32) {
        char(*hex)[65] = calloc(count, 65);
        fastsha256_to_hex_many((const uint8_t(*)[32])batch, count, hex);
        for (size_t i = 0; i < count; i++) {
            char want[65];
            ref_hex(e[i].md, 32, want);
            cr_assert(strcmp(hex[i], want) == 0, "%s hex of record %zu", name, i);
        }
        free(hex);
    }
    free(msgs);
    free(lens);
    free(batch);
    rsp_free(e, count);
}

Test(nist, sha256_short) { REQUIRE_FORCED_BACKEND(); check_rsp("nist-cavp/SHA256ShortMsg.rsp"); }
Test(nist, sha256_long) { REQUIRE_FORCED_BACKEND(); check_rsp("nist-cavp/SHA256LongMsg.rsp"); }
Test(nist, sha224_short) { REQUIRE_FORCED_BACKEND(); check_rsp("nist-cavp/SHA224ShortMsg.rsp"); }
Test(nist, sha224_long) { REQUIRE_FORCED_BACKEND(); check_rsp("nist-cavp/SHA224LongMsg.rsp"); }
Test(nist, cavs11_sha256_short) {
    REQUIRE_FORCED_BACKEND();
    check_rsp("nist-cavp/cavs11-sha256/SHA256ShortMsg.rsp");
}
Test(nist, cavs11_sha256_long) {
    REQUIRE_FORCED_BACKEND();
    check_rsp("nist-cavp/cavs11-sha256/SHA256LongMsg.rsp");
}

/* SHAVS Monte Carlo: MD0 = MD1 = MD2 = Seed; MDi = SHA(MD(i-3)||MD(i-2)||MD(i-1))
 * for i = 3..1002; checkpoint j is MD1002, which seeds checkpoint j+1. The
 * odd checkpoints stream their messages, the even ones use one-shot calls. */
static void check_monte(const char *name) {
    uint8_t seed[32], want[100][32];
    size_t ds;
    int n = rsp_load_monte(name, seed, want, &ds);
    cr_assert(n == 100, "%s: %d checkpoints", name, n);
    for (int j = 0; j < 100; j++) {
        uint8_t md[3][32], msg[96];
        for (int k = 0; k < 3; k++)
            memcpy(md[k], seed, ds);
        for (int i = 3; i < 1003; i++) {
            for (int k = 0; k < 3; k++)
                memcpy(msg + k * ds, md[k], ds);
            memmove(md[0], md[1], ds);
            memmove(md[1], md[2], ds);
            if (j & 1)
                streamed(ds, msg, 3 * ds, 7, md[2]);
            else
                oneshot(ds, msg, 3 * ds, md[2]);
        }
        cr_assert(memcmp(md[2], want[j], ds) == 0, "%s: checkpoint %d, backend %s", name, j,
                  fastsha256_backend());
        memcpy(seed, md[2], ds);
    }
}

Test(nist, sha256_monte) { REQUIRE_FORCED_BACKEND(); check_monte("nist-cavp/SHA256Monte.rsp"); }
Test(nist, sha224_monte) { REQUIRE_FORCED_BACKEND(); check_monte("nist-cavp/SHA224Monte.rsp"); }
Test(nist, cavs11_sha256_monte) {
    REQUIRE_FORCED_BACKEND();
    check_monte("nist-cavp/cavs11-sha256/SHA256Monte.rsp");
}

/* extra.txt: "<message>  <digest>", message as hex, '-', or repeat:<byte>:<n>. */
Test(extra, every_line) {
    REQUIRE_FORCED_BACKEND();
    FILE *f = fopen(FASTSHA256_VECTORS_DIR "/extra.txt", "r");
    cr_assert(f != NULL);
    char *line = NULL;
    size_t cap = 0, checked = 0;
    while (getline(&line, &cap, f) > 0) {
        if (line[0] == '#' || line[0] == '\n')
            continue;
        char msg_text[4096], md_text[65];
        cr_assert(sscanf(line, "%4095s %64s", msg_text, md_text) == 2, "bad line: %s", line);
        uint8_t want[32], got[32], *msg = NULL;
        size_t len = 0;
        unsigned byte;
        cr_assert(hex_decode(md_text, want, 32));
        if (strcmp(msg_text, "-") == 0) {
            msg = NULL;
        } else if (sscanf(msg_text, "repeat:%x:%zu", &byte, &len) == 2) {
            msg = malloc(len);
            memset(msg, (int)byte, len);
        } else {
            len = strlen(msg_text) / 2;
            msg = malloc(len ? len : 1);
            cr_assert(hex_decode(msg_text, msg, len));
        }
        fastsha256(msg, len, got);
        cr_assert(memcmp(got, want, 32) == 0, "one-shot: %s", line);
        streamed(32, msg ? msg : (uint8_t *)"", len, 4099, got);
        cr_assert(memcmp(got, want, 32) == 0, "streamed: %s", line);
        const void *msgs[3] = {msg, msg, msg};
        size_t lens[3] = {len, len, len};
        uint8_t batch[3][32];
        fastsha256_many(msgs, lens, 3, batch);
        for (int k = 0; k < 3; k++)
            cr_assert(memcmp(batch[k], want, 32) == 0, "batch: %s", line);
        char hex[65];
        fastsha256_to_hex(got, 32, hex);
        cr_assert(strcmp(hex, md_text) == 0, "hex: %s", line);
        free(msg);
        checked++;
    }
    free(line);
    fclose(f);
    cr_assert(checked == 12, "extra.txt has %zu vectors", checked);
}

Test(dispatch, forced_backend_is_active) {
    REQUIRE_FORCED_BACKEND();
    const char *forced = getenv("FASTSHA256_BACKEND");
    if (forced && *forced)
        cr_assert(strcmp(fastsha256_backend(), forced) == 0, "active %s, forced %s",
                  fastsha256_backend(), forced);
}
