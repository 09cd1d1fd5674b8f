/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Node-API natives for the hash trees, over include/fastsha256.h's one-shot
 * tree calls. lib/tree.js checks the arguments with node:crypto's errors
 * and passes Uint8Arrays and integers in range; these natives check again
 * (a wrong call is a TypeError, never a crash). Each returns a Buffer of 32
 * bytes, or null where the library refused the data (dm-verity without a
 * whole block, BitTorrent v2 of nothing): lib/tree.js words that error. */
#include <stdlib.h>

#include "node_internal.h"
#include "tree.h"

static napi_value tree_misuse(napi_env env, const char *msg) {
    bool pending = false;
    napi_is_exception_pending(env, &pending);
    if (!pending) napi_throw_type_error(env, "ERR_INVALID_ARG_TYPE", msg);
    return NULL;
}

/* The digest as a Buffer, or null for rc -1. */
static napi_value tree_out(napi_env env, int rc, const uint8_t digest[32]) {
    napi_value v;
    void *p;
    if (rc != 0) return napi_get_null(env, &v) == napi_ok ? v : NULL;
    if (napi_create_buffer_copy(env, 32, digest, &p, &v) != napi_ok)
        return check_pending(env, "fastsha256: could not make the result");
    return v;
}

/* argc arguments into argv, and the first as bytes. */
static int tree_args(napi_env env, napi_callback_info info, size_t want, napi_value *argv,
                     const uint8_t **data, size_t *len) {
    size_t argc = want;
    if (napi_get_cb_info(env, info, &argc, argv, NULL, NULL) != napi_ok || argc < want) return -1;
    return uint8_array_bytes(env, argv[0], data, len);
}

/* treeFsverity(data, blockSize, salt) */
static napi_value tree_fsverity(napi_env env, napi_callback_info info) {
    napi_value argv[3];
    const uint8_t *data, *salt;
    size_t len, salt_len;
    uint32_t bs;
    if (tree_args(env, info, 3, argv, &data, &len) || uint32_in_range(env, argv[1], 0, 1 << 30, &bs) ||
        uint8_array_bytes(env, argv[2], &salt, &salt_len))
        return tree_misuse(env, "treeFsverity: expected (Uint8Array, blockSize, Uint8Array)");
    uint8_t out[32];
    return tree_out(env, fastsha256_fsverity_digest(data, len, bs, salt, salt_len, out), out);
}

/* treeDmverity(data, dataBlockSize, hashBlockSize, salt, format) */
static napi_value tree_dmverity(napi_env env, napi_callback_info info) {
    napi_value argv[5];
    const uint8_t *data, *salt;
    size_t len, salt_len;
    uint32_t dbs, hbs, format;
    if (tree_args(env, info, 5, argv, &data, &len) ||
        uint32_in_range(env, argv[1], 0, 1 << 30, &dbs) ||
        uint32_in_range(env, argv[2], 0, 1 << 30, &hbs) ||
        uint8_array_bytes(env, argv[3], &salt, &salt_len) ||
        uint32_in_range(env, argv[4], 0, 1, &format))
        return tree_misuse(env, "treeDmverity: expected (Uint8Array, sizes, Uint8Array, format)");
    uint8_t out[32];
    return tree_out(env, fastsha256_dmverity_root(data, len, dbs, hbs, salt, salt_len, (int)format, out),
                    out);
}

/* treeBt2(data) and treeGlacier(data): the call is the function's data. */
static napi_value tree_bytes(napi_env env, napi_callback_info info) {
    napi_value argv[1];
    const uint8_t *data;
    size_t len, argc = 1;
    void *fn = NULL;
    if (napi_get_cb_info(env, info, &argc, argv, NULL, &fn) != napi_ok || argc < 1 ||
        uint8_array_bytes(env, argv[0], &data, &len))
        return tree_misuse(env, "fastsha256: expected (Uint8Array)");
    int (*root)(const void *, size_t, uint8_t[32]) = (int (*)(const void *, size_t, uint8_t[32]))fn;
    uint8_t out[32];
    return tree_out(env, root(data, len, out), out);
}

/* The leaves of an Array of Uint8Arrays, as pointer and length arrays. */
static int tree_leaves(napi_env env, napi_value arr, uint32_t n, const void **ptrs, size_t *lens) {
    for (uint32_t i = 0; i < n; i++) {
        napi_value leaf;
        const uint8_t *p;
        if (napi_get_element(env, arr, i, &leaf) != napi_ok ||
            uint8_array_bytes(env, leaf, &p, &lens[i]))
            return -1;
        ptrs[i] = p;
    }
    return 0;
}

/* treeRfc6962(leaves) */
static napi_value tree_rfc6962(napi_env env, napi_callback_info info) {
    napi_value argv[1];
    size_t argc = 1;
    bool is_array = false;
    uint32_t n = 0;
    if (napi_get_cb_info(env, info, &argc, argv, NULL, NULL) != napi_ok || argc < 1 ||
        napi_is_array(env, argv[0], &is_array) != napi_ok || !is_array ||
        napi_get_array_length(env, argv[0], &n) != napi_ok)
        return tree_misuse(env, "treeRfc6962: expected (Array of Uint8Array)");
    const void **ptrs = malloc((n ? n : 1) * sizeof *ptrs);
    size_t *lens = malloc((n ? n : 1) * sizeof *lens);
    napi_value result = NULL;
    if (!ptrs || !lens) {
        napi_throw_range_error(env, "ERR_MEMORY_ALLOCATION_FAILED", "fastsha256: out of memory");
    } else if (tree_leaves(env, argv[0], n, ptrs, lens)) {
        tree_misuse(env, "treeRfc6962: expected (Array of Uint8Array)");
    } else {
        uint8_t out[32];
        result = tree_out(env, fastsha256_rfc6962_root(ptrs, lens, n, out), out);
    }
    free(ptrs);
    free(lens);
    return result;
}

napi_status fsn_tree_register(napi_env env, napi_value exports) {
#define FN(name, fn, f) {name, NULL, fn, NULL, NULL, NULL, napi_enumerable, (void *)(f)}
    const napi_property_descriptor props[] = {
        FN("treeFsverity", tree_fsverity, NULL),
        FN("treeDmverity", tree_dmverity, NULL),
        FN("treeBt2", tree_bytes, fastsha256_bt2_pieces_root),
        FN("treeGlacier", tree_bytes, fastsha256_glacier_tree_hash),
        FN("treeRfc6962", tree_rfc6962, NULL),
    };
#undef FN
    return napi_define_properties(env, exports, sizeof props / sizeof props[0], props);
}
