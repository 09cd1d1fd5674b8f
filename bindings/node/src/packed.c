/* Packed records: fixed-stride messages in one buffer (sha256Packed,
 * hmacPacked). */
#include <stdio.h>
#include <string.h>
#include "node_internal.h"

/* (buffer, stride, length[, encoding]) to records; enc must be hex or absent. */
static int get_packed(napi_env env, napi_value *args, packed *p, encoding *enc) {
    const uint8_t *data = NULL;
    size_t total = 0;
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
    if (p->stride == 0 || p->stride < p->len) {
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
    p->base = data;
    p->n = total / p->stride;
    return 0;
}

/* Hashes the records into out: n digests, or n hex strings, back to back. */
void hash_packed(const packed *p, const algo *a, encoding enc, uint8_t *out) {
    int plain256 = !a->f.hmac && !a->f.is224;
    if (plain256 && enc != ENC_HEX) {
        fastsha256_many_strided(p->base, p->stride, p->len, p->n, (uint8_t(*)[32])out);
        return;
    }
    size_t size = digest_size(a->f), w = enc_width(enc, size);
    uint8_t digests[SLICE][32];
    const void *msgs[SLICE];
    size_t lens[SLICE];
    for (size_t done = 0; done < p->n; done += SLICE) {
        size_t k = p->n - done < SLICE ? p->n - done : SLICE;
        const uint8_t *first = p->base + done * p->stride;
        if (plain256) {
            fastsha256_many_strided(first, p->stride, p->len, k, digests);
        } else {
            for (size_t i = 0; i < k; i++) {
                msgs[i] = first + i * p->stride;
                lens[i] = p->len;
            }
            hash_messages(a, msgs, lens, k, digests);
        }
        encode_flat((const uint8_t(*)[32])digests, k, size, enc, (char *)out + done * w);
    }
}

/* The arguments of the packed natives, ([key,] buffer, stride, length[,
 * encoding]): the records, their algorithm and the result's size.
 * Returns 0, or -1 with an exception pending (a is then for the caller to
 * wipe). */
int packed_args(napi_env env, napi_callback_info info, algo *a, packed *p, encoding *enc,
                size_t *size) {
    napi_value argv[6];
    napi_value *args = flavored_args(env, info, argv, a);
    if (!args)
        return -1;
    if (get_packed(env, args, p, enc) != 0)
        return -1;
    size_t each = enc_width(*enc, digest_size(a->f));
    if (p->n > SIZE_MAX / each) {
        throw_range(env, "ERR_OUT_OF_RANGE", "sha256Packed: too many records");
        return -1;
    }
    *size = p->n * each;
    return 0;
}

/* sha256Packed(buffer, stride, length[, encoding]), hmacPacked(key, ...) */
napi_value packed_sync(napi_env env, napi_callback_info info) {
    algo a;
    packed p;
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
    algo_wipe(&a);
    return result;
}
