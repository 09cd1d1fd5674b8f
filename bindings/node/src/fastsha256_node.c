/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Node-API addon: JavaScript's way into fastsha256 (Node.js, Bun, Deno).
 *
 * A thin layer over include/fastsha256.h: it turns JS values into byte
 * ranges, calls the library and turns digests into Buffers or strings. The
 * plain C Node-API (NAPI_VERSION 8) keeps one .node file loadable by every
 * runtime that implements Node-API. */
#include "node_internal.h"
#include "node_kdf.h"
#include "tree.h"

/* --- Module ---------------------------------------------------------------------- */

static napi_value init(napi_env env, napi_value exports) {
    napi_value version, ctx_size;
    NAPI_OK(napi_create_string_utf8(env, fastsha256_version(), NAPI_AUTO_LENGTH, &version));
    NAPI_OK(napi_create_uint32(env, (uint32_t)sizeof(fastsha256_ctx), &ctx_size));
#define FN(name, fn, f) {name, NULL, fn, NULL, NULL, NULL, napi_enumerable, (void *)(f)}
    const napi_property_descriptor props[] = {
        FN("sha256", one_shot, &fsb_sha256),
        FN("sha224", one_shot, &fsb_sha224),
        FN("hmac256", one_shot, &fsb_hmac256),
        FN("hmac224", one_shot, &fsb_hmac224),
        FN("manyArray256", many_array, &fsb_sha256),
        FN("manyArray224", many_array, &fsb_sha224),
        FN("manyJoined256", many_joined, &fsb_sha256),
        FN("manyJoined224", many_joined, &fsb_sha224),
        FN("manyArrayAsync256", many_array_async, &fsb_sha256),
        FN("manyArrayAsync224", many_array_async, &fsb_sha224),
        FN("manyJoinedAsync256", many_joined_async, &fsb_sha256),
        FN("manyJoinedAsync224", many_joined_async, &fsb_sha224),
        FN("hmacManyArray256", many_array, &fsb_hmac256),
        FN("hmacManyArray224", many_array, &fsb_hmac224),
        FN("hmacManyJoined256", many_joined, &fsb_hmac256),
        FN("hmacManyJoined224", many_joined, &fsb_hmac224),
        FN("hmacManyArrayAsync256", many_array_async, &fsb_hmac256),
        FN("hmacManyArrayAsync224", many_array_async, &fsb_hmac224),
        FN("hmacManyJoinedAsync256", many_joined_async, &fsb_hmac256),
        FN("hmacManyJoinedAsync224", many_joined_async, &fsb_hmac224),
        FN("sha256Packed", packed_sync, &fsb_sha256),
        FN("sha256PackedAsync", packed_async, &fsb_sha256),
        FN("hmacPacked", packed_sync, &fsb_hmac256),
        FN("hmacPackedAsync", packed_async, &fsb_hmac256),
        FN("algorithmBits", algorithm_bits, NULL),
        FN("setDescribe", set_describe, NULL),
        FN("ctxInit", ctx_init, NULL),
        FN("ctxUpdate", ctx_update, NULL),
        FN("ctxDigest", ctx_digest, NULL),
        FN("ctxExport", ctx_export, NULL),
        FN("ctxImport", ctx_import, NULL),
        FN("hmacCreate", hmac_create, NULL),
        FN("hashUpdate", hash_update, NULL),
        FN("hashDigest", hash_digest, NULL),
        FN("timingSafeEqual", timing_safe_equal, NULL),
        FN("backend", backend, NULL),
        FN("hexBackend", hex_backend, NULL),
        FN("backends", backends, NULL),
        FN("allBackends", all_backends, NULL),
        FN("setBackend", set_backend, NULL),
        {"version", NULL, NULL, NULL, NULL, version, napi_enumerable, NULL},
        {"ctxSize", NULL, NULL, NULL, NULL, ctx_size, napi_enumerable, NULL},
    };
#undef FN
    NAPI_OK(napi_define_properties(env, exports, sizeof props / sizeof props[0], props));
    NAPI_OK(fsn_kdf_register(env, exports));
    NAPI_OK(fsn_tree_register(env, exports));
    NAPI_OK(fsn_tree_stream_register(env, exports));
    return exports;
}

NAPI_MODULE(NODE_GYP_MODULE_NAME, init)
