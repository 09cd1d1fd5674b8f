/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Encodings: the names natives take, and digests as Buffers, hex, base64
 * or latin1 strings (one at a time or back to back). */
#include <stdio.h>
#include <string.h>
#include "node_internal.h"

encoding parse_encoding(napi_env env, napi_value v, const char *arg) {
    napi_valuetype t;
    char name[16];
    size_t n = 0;
    if (!v)
        return ENC_BUFFER;
    napi_status st = napi_get_value_string_latin1(env, v, name, sizeof name, &n);
    if (st != napi_ok && (napi_typeof(env, v, &t) != napi_ok || t == napi_undefined))
        return ENC_BUFFER;
    if (st != napi_ok) {
        char msg[224], what[96];
        snprintf(msg, sizeof msg,
                 "The \"%s\" argument must be of type string. Received %s", arg,
                 received(env, v, what, sizeof what));
        throw_type(env, "ERR_INVALID_ARG_TYPE", msg);
        return ENC_INVALID;
    }
    if (n < sizeof name - 1 && strlen(name) == n) { /* no NUL inside: "hex\0x" is no name */
        char lower[sizeof name]; /* "HEX" is "hex": Node's encoding names ignore case */
        for (size_t i = 0; i <= n; i++)
            lower[i] = (char)(name[i] >= 'A' && name[i] <= 'Z' ? name[i] - 'A' + 'a' : name[i]);
        if (strcmp(lower, "hex") == 0)
            return ENC_HEX;
        if (strcmp(lower, "base64") == 0)
            return ENC_BASE64;
        if (strcmp(lower, "base64url") == 0)
            return ENC_BASE64URL;
        if (strcmp(lower, "latin1") == 0 || strcmp(lower, "binary") == 0)
            return ENC_LATIN1;
        if (strcmp(lower, "buffer") == 0)
            return ENC_BUFFER;
    }
    char msg[160];
    snprintf(msg, sizeof msg,
             "The \"%s\" argument must be one of 'hex', 'base64', 'base64url', 'latin1', "
             "'binary' or 'buffer'. Received '%.15s%s'",
             arg, name, n >= sizeof name - 1 ? "..." : strlen(name) != n ? "\\0..." : "");
    throw_type(env, "ERR_INVALID_ARG_VALUE", msg);
    return ENC_INVALID;
}

/* --- Output: digests to JS values ------------------------------------------ */

/* Standard base64 (with padding) or base64url (without); out holds 4/3 n + 4. */
static size_t base64(const uint8_t *in, size_t n, char *out, int url) {
    const char *abc = url ? "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
                          : "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    size_t o = 0, i = 0;
    for (; i + 3 <= n; i += 3) {
        uint32_t w = (uint32_t)in[i] << 16 | (uint32_t)in[i + 1] << 8 | in[i + 2];
        out[o++] = abc[w >> 18];
        out[o++] = abc[(w >> 12) & 63];
        out[o++] = abc[(w >> 6) & 63];
        out[o++] = abc[w & 63];
    }
    if (i < n) {
        uint32_t w = (uint32_t)in[i] << 16 | (i + 1 < n ? (uint32_t)in[i + 1] << 8 : 0);
        out[o++] = abc[w >> 18];
        out[o++] = abc[(w >> 12) & 63];
        if (i + 1 < n)
            out[o++] = abc[(w >> 6) & 63];
        else if (!url)
            out[o++] = '=';
        if (!url)
            out[o++] = '=';
    }
    return o;
}

napi_value encode_digest(napi_env env, const uint8_t *digest, size_t size, encoding enc) {
    napi_value r = NULL;
    char text[2 * FASTSHA256_DIGEST_SIZE + 1];
    switch (enc) {
    case ENC_HEX:
        fastsha256_to_hex(digest, size, text);
        NAPI_OK(napi_create_string_latin1(env, text, 2 * size, &r));
        break;
    case ENC_BASE64:
    case ENC_BASE64URL: {
        size_t n = base64(digest, size, text, enc == ENC_BASE64URL);
        NAPI_OK(napi_create_string_latin1(env, text, n, &r));
        break;
    }
    case ENC_LATIN1:
        NAPI_OK(napi_create_string_latin1(env, (const char *)digest, size, &r));
        break;
    default:
        NAPI_OK(napi_create_buffer_copy(env, size, digest, NULL, &r));
        break;
    }
    return r;
}

/* A batch's result is one flat value: all digests encoded back to back at a
 * fixed width (a latin1 string, or a Buffer without an encoding); index.js
 * slices it. One string and one Buffer cost far less than n of each. */
size_t enc_width(encoding enc, size_t size) {
    switch (enc) {
    case ENC_HEX: return 2 * size;
    case ENC_BASE64: return 4 * ((size + 2) / 3);
    case ENC_BASE64URL: return (size * 4 + 2) / 3;
    default: return size;
    }
}

/* k <= SLICE digests, encoded back to back into dst: exactly k times
 * enc_width bytes (no NUL), so dst can be a JS Buffer of that size. */
void encode_flat(const uint8_t (*digests)[32], size_t k, size_t size, encoding enc,
                 char *dst) {
    size_t w = enc_width(enc, size);
    char tmp[2 * FASTSHA256_DIGEST_SIZE + 1];
    size_t i = 0;
    if (enc == ENC_HEX && size == FASTSHA256_DIGEST_SIZE && k > 1) {
        /* 32-byte records back to back: one hex run straight into place,
         * but for the last, whose NUL would land past dst. */
        fastsha256_to_hex(digests[0], (k - 1) * 32, dst);
        i = k - 1;
    }
    for (; i < k; i++) {
        switch (enc) {
        case ENC_HEX:
            fastsha256_to_hex(digests[i], size, tmp);
            memcpy(dst + i * w, tmp, w);
            break;
        case ENC_BASE64:
        case ENC_BASE64URL:
            base64(digests[i], size, tmp, enc == ENC_BASE64URL);
            memcpy(dst + i * w, tmp, w);
            break;
        default:
            memcpy(dst + i * w, digests[i], size);
            break;
        }
    }
}
