/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The one-call natives: sha256, sha224, hmac256, hmac224 and
 * timingSafeEqual. */
#include <stdio.h>
#include <stdlib.h>
#include "node_internal.h"

/* --- One shot: sha256(data[, encoding]), sha224(...), hmac(key, data[, encoding]),
 * hmac224(...) ----------------------------------------------------------------- */

napi_value one_shot(napi_env env, napi_callback_info info) {
    size_t argc = 3;
    napi_value argv[3] = {NULL, NULL, NULL};
    void *flavor_ptr = NULL;
    NAPI_OK(napi_get_cb_info(env, info, &argc, argv, NULL, &flavor_ptr));
    const fsb_flavor *f = flavor_ptr;
    size_t at = f->hmac ? 1 : 0; /* the data argument, after the key */
    key_input key;
    if (f->hmac && key_get(env, argv[0], &key) != 0)
        return NULL;
    char stack[SHORT_STRING];
    char *heap = NULL;
    const uint8_t *data = NULL;
    size_t len = 0, written = 0;
    encoding enc = ENC_INVALID;
    /* Short strings, the common case, cost one crossing: a non-string
     * fails with napi_string_expected and takes the general path. */
    if (argc < at + 1) {
        bad_data(env, "data", argv[at], 1);
    } else if (napi_get_value_string_utf8(env, argv[at], stack, SHORT_STRING, &written) ==
                   napi_ok &&
               written + 4 < SHORT_STRING - 1) {
        data = (const uint8_t *)stack;
        len = written;
        enc = ENC_BUFFER;
    } else if (data_bytes(env, argv[at], "data", stack, &heap, &data, &len) == 0) {
        enc = ENC_BUFFER;
    }
    if (enc != ENC_INVALID && argc > at + 1)
        enc = parse_encoding(env, argv[at + 1], "encoding");
    uint8_t digest[FASTSHA256_DIGEST_SIZE];
    if (enc == ENC_HEX && !f->hmac) {
        /* Hash and hex in one library call (fastsha256_hex). */
        char text[FASTSHA256_HEX_SIZE];
        fsb_hex(*f, data, len, text);
        free(heap);
        napi_value r = NULL;
        NAPI_OK(napi_create_string_latin1(env, text, 2 * fsb_digest_size(*f), &r));
        return r;
    }
    if (enc != ENC_INVALID)
        fsb_digest(*f, f->hmac ? key.data : NULL, f->hmac ? key.len : 0, data, len, digest);
    if (f->hmac)
        key_release(&key);
    free(heap);
    return enc == ENC_INVALID ? NULL : encode_digest(env, digest, fsb_digest_size(*f), enc);
}

/* --- timingSafeEqual(a, b): fastsha256_equal, node:crypto's errors ---------- */

napi_value timing_safe_equal(napi_env env, napi_callback_info info) {
    size_t argc = 2;
    napi_value argv[2] = {NULL, NULL};
    NAPI_OK(napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
    const uint8_t *p[2] = {NULL, NULL};
    size_t n[2] = {0, 0};
    for (int i = 0; i < 2; i++) {
        const char *arg = i ? "buf2" : "buf1";
        int r = view_bytes(env, argv[i], arg, &p[i], &n[i]);
        if (r < 0)
            return NULL;
        if (r == 0) {
            /* node:crypto's words for timingSafeEqual: no "Received" part. */
            char msg[160];
            snprintf(msg, sizeof msg,
                     "The \"%s\" argument must be an instance of ArrayBuffer, Buffer, TypedArray, "
                     "or DataView.",
                     arg);
            return throw_type(env, "ERR_INVALID_ARG_TYPE", msg);
        }
    }
    if (n[0] != n[1])
        return throw_range(env, "ERR_CRYPTO_TIMING_SAFE_EQUAL_LENGTH",
                           "Input buffers must have the same byte length");
    napi_value r;
    NAPI_OK(napi_get_boolean(env, fastsha256_equal(p[0], p[1], n[0]) == 1, &r));
    return r;
}
