/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Node-API natives for the streaming hash trees (lib/tree.js's TreeHash):
 * treeStreamInit, treeStreamUpdate, treeStreamFinal over the library's
 * fastsha256_verity and fastsha256_merkle contexts. The context lives in
 * JS memory, a Uint8Array the init native makes (so copy() is a slice and
 * nothing leaks when an object is dropped undigested); each call copies it
 * into an aligned local and back. lib/tree.js checks the arguments and
 * keeps dm-verity's length; these natives check types again (a wrong call
 * is a TypeError, never a crash). */
#include <string.h>

#include "node_internal.h"
#include "tree.h"

enum { KIND_FSVERITY, KIND_DMVERITY, KIND_BT2, KIND_GLACIER };

typedef struct tree_stream {
    uint32_t kind;
    union {
        fastsha256_verity v;
        fastsha256_merkle m;
    } u;
} tree_stream;

static napi_value stream_misuse(napi_env env, const char *msg) {
    bool pending = false;
    napi_is_exception_pending(env, &pending);
    if (!pending)
        napi_throw_type_error(env, "ERR_INVALID_ARG_TYPE", msg);
    return NULL;
}

/* The context bytes of a state argument: a Uint8Array of exactly
 * sizeof(tree_stream), or NULL. */
static uint8_t *state_bytes(napi_env env, napi_value v) {
    const uint8_t *p;
    size_t n;
    if (uint8_array_bytes(env, v, &p, &n) || n != sizeof(tree_stream))
        return NULL;
    return (uint8_t *)p;
}

/* A whole number in [0, 2^53] as uint64_t; -1 for anything else. */
static int length_arg(napi_env env, napi_value v, uint64_t *out) {
    double d;
    if (napi_get_value_double(env, v, &d) != napi_ok || !(d >= 0 && d <= 9007199254740992.0) ||
        d != (double)(uint64_t)d)
        return -1;
    *out = (uint64_t)d;
    return 0;
}

/* The kind's init from the arguments after kind; 0, or -1 refused. */
static int stream_init(tree_stream *t, uint32_t bs, uint32_t hbs, const uint8_t *salt,
                       size_t salt_len, uint32_t format, uint64_t length) {
    switch (t->kind) {
    case KIND_FSVERITY:
        return fastsha256_fsverity_init(&t->u.v, bs, salt, salt_len);
    case KIND_DMVERITY:
        return fastsha256_dmverity_init(&t->u.v, bs, hbs, salt, salt_len, (int)format, length,
                                        NULL, NULL);
    case KIND_BT2:
        return fastsha256_bt2_init(&t->u.m, 0, NULL, NULL);
    default:
        fastsha256_glacier_init(&t->u.m);
        return 0;
    }
}

/* treeStreamInit(kind, blockSize, hashBlockSize, salt, format, length):
 * a new state (a Uint8Array), or null where the library refused. */
static napi_value tree_stream_init(napi_env env, napi_callback_info info) {
    napi_value argv[6], result;
    size_t argc = 6, salt_len;
    const uint8_t *salt;
    uint32_t bs, hbs, format;
    uint64_t length;
    tree_stream t;
    memset(&t, 0, sizeof t);
    if (napi_get_cb_info(env, info, &argc, argv, NULL, NULL) != napi_ok || argc < 6 ||
        uint32_in_range(env, argv[0], KIND_FSVERITY, KIND_GLACIER, &t.kind) ||
        uint32_in_range(env, argv[1], 0, 1 << 30, &bs) ||
        uint32_in_range(env, argv[2], 0, 1 << 30, &hbs) ||
        uint8_array_bytes(env, argv[3], &salt, &salt_len) ||
        uint32_in_range(env, argv[4], 0, 1, &format) || length_arg(env, argv[5], &length))
        return stream_misuse(env, "treeStreamInit: expected (kind, sizes, Uint8Array, format, length)");
    if (stream_init(&t, bs, hbs, salt, salt_len, format, length) != 0) {
        NAPI_OK(napi_get_null(env, &result));
        return result;
    }
    void *p;
    NAPI_OK(napi_create_buffer_copy(env, sizeof t, &t, &p, &result));
    return result;
}

/* treeStreamUpdate(state, data): state advanced in place. */
static napi_value tree_stream_update(napi_env env, napi_callback_info info) {
    napi_value argv[2];
    size_t argc = 2, len;
    const uint8_t *data;
    uint8_t *where;
    if (napi_get_cb_info(env, info, &argc, argv, NULL, NULL) != napi_ok || argc < 2 ||
        (where = state_bytes(env, argv[0])) == NULL || uint8_array_bytes(env, argv[1], &data, &len))
        return stream_misuse(env, "treeStreamUpdate: expected (state, Uint8Array)");
    tree_stream t;
    memcpy(&t, where, sizeof t);
    if (t.kind == KIND_FSVERITY || t.kind == KIND_DMVERITY)
        fastsha256_verity_update(&t.u.v, data, len);
    else
        fastsha256_merkle_update(&t.u.m, data, len);
    memcpy(where, &t, sizeof t);
    return NULL;
}

/* treeStreamFinal(state): the root or digest as a Buffer, or null where
 * the library refused (dm-verity short of its length or without a whole
 * block; BitTorrent v2 of nothing). The state is left wiped. */
static napi_value tree_stream_final(napi_env env, napi_callback_info info) {
    napi_value argv[1], result;
    size_t argc = 1;
    uint8_t *where;
    if (napi_get_cb_info(env, info, &argc, argv, NULL, NULL) != napi_ok || argc < 1 ||
        (where = state_bytes(env, argv[0])) == NULL)
        return stream_misuse(env, "treeStreamFinal: expected (state)");
    tree_stream t;
    uint8_t out[32];
    memcpy(&t, where, sizeof t);
    int rc = t.kind == KIND_FSVERITY || t.kind == KIND_DMVERITY ? fastsha256_verity_final(&t.u.v, out)
                                                                : fastsha256_merkle_final(&t.u.m, out);
    memset(where, 0, sizeof t);
    if (rc != 0) {
        NAPI_OK(napi_get_null(env, &result));
        return result;
    }
    void *p;
    NAPI_OK(napi_create_buffer_copy(env, 32, out, &p, &result));
    return result;
}

napi_status fsn_tree_stream_register(napi_env env, napi_value exports) {
    const napi_property_descriptor props[] = {
        {"treeStreamInit", NULL, tree_stream_init, NULL, NULL, NULL, napi_enumerable, NULL},
        {"treeStreamUpdate", NULL, tree_stream_update, NULL, NULL, NULL, napi_enumerable, NULL},
        {"treeStreamFinal", NULL, tree_stream_final, NULL, NULL, NULL, napi_enumerable, NULL},
    };
    return napi_define_properties(env, exports, sizeof props / sizeof props[0], props);
}
