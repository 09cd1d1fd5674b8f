/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Packed records: fixed-stride messages in one buffer (sha256Packed,
 * hmacPacked). */
#include <stdio.h>
#include <string.h>
#include "node_internal.h"

/* (buffer, stride, length[, encoding]) to records; enc must be hex or absent. */
static int get_packed(napi_env env, napi_value *args, fsb_batch *p, encoding *enc) {
    const uint8_t *data = NULL;
    size_t total = 0;
    memset(p, 0, sizeof *p);
    int r = view_bytes(env, args[0], "buffer", &data, &total);
    if (r < 0)
        return -1;
    if (r == 0) {
        bad_data(env, "buffer", args[0], 0);
        return -1;
    }
    if (get_size(env, args[1], "stride", &p->stride) != 0 ||
        get_size(env, args[2], "length", &p->len) != 0)
        return -1;
    if (fsb_records_check(p->stride, p->len) != 0) {
        char msg[160];
        snprintf(msg, sizeof msg,
                 "The value of \"stride\" is out of range. It must be >= 1 and >= length (%zu). "
                 "Received %zu",
                 p->len, p->stride);
        throw_range(env, "ERR_OUT_OF_RANGE", msg);
        return -1;
    }
    *enc = parse_encoding(env, args[3], "encoding");
    if (*enc == ENC_INVALID)
        return -1;
    if (*enc != ENC_BUFFER && *enc != ENC_HEX) {
        throw_type(env, "ERR_INVALID_ARG_VALUE",
                   "The \"encoding\" argument of sha256Packed and hmacPacked must be 'hex' or "
                   "absent");
        return -1;
    }
    p->layout = FSB_RECORDS;
    p->base = data;
    /* Node's policy: the bytes after the last whole stride are ignored. */
    return fsb_records_count(total, p->stride, p->len, FSB_RECORDS_FLOOR, &p->n);
}

/* Hashes the records into out: n digests, or n hex strings, back to back. */
void hash_packed(const fsb_batch *p, const fsb_algo *a, encoding enc, uint8_t *out) {
    if (!a->f.hmac && !a->f.is224 && enc != ENC_HEX) /* one library call, no slices */
        fastsha256_many_strided(p->base, p->stride, p->len, p->n, (uint8_t(*)[32])out);
    else
        hash_flat(p, a, enc, (char *)out);
}

/* The arguments of the packed natives, ([key,] buffer, stride, length[,
 * encoding]): the records, their algorithm and the result's size.
 * Returns 0, or -1 with an exception pending (a is then for the caller to
 * wipe). */
int packed_args(napi_env env, napi_callback_info info, fsb_algo *a, fsb_batch *p, encoding *enc,
                size_t *size) {
    napi_value argv[6];
    napi_value *args = flavored_args(env, info, argv, a);
    if (!args)
        return -1;
    if (get_packed(env, args, p, enc) != 0)
        return -1;
    size_t each = enc_width(*enc, fsb_digest_size(a->f));
    if (p->n > SIZE_MAX / each) {
        throw_range(env, "ERR_OUT_OF_RANGE", "sha256Packed: too many records");
        return -1;
    }
    *size = p->n * each;
    return 0;
}

/* sha256Packed(buffer, stride, length[, encoding]), hmacPacked(key, ...) */
napi_value packed_sync(napi_env env, napi_callback_info info) {
    fsb_algo a;
    fsb_batch p;
    encoding enc;
    size_t size;
    napi_value result = NULL;
    void *out = NULL;
    if (packed_args(env, info, &a, &p, &enc, &size) == 0) {
        if (napi_create_buffer(env, size, &out, &result) == napi_ok)
            hash_packed(&p, &a, enc, out);
        else
            result = check_pending(env, "fastsha256: cannot create the result");
    }
    fsb_algo_wipe(&a);
    return result;
}
