/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The state of createHash and createHmac objects (index.js's Hash and
 * Hmac): ctxInit/ctxUpdate/ctxDigest/ctxExport/ctxImport and
 * hmacCreate/hashUpdate/hashDigest. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "node_internal.h"

/* --- createHmac: a wrapped context -------------------------------------------
 * The Hmac objects of index.js are wrapped around their state by the
 * natives below, whose finalizer wipes the key-derived state of one never
 * digested. index.js passes only its own live objects (a private field
 * brands them and says whether digest() was called). digest() frees the
 * state and removes the wrap at once: a finalizer runs only after the event
 * loop turns, so objects made and digested in a synchronous loop would
 * otherwise hold their memory until then. (createHash keeps its context in
 * JS memory instead, below.) */

typedef struct {
    fsb_stream s;
    int finalized; /* digested, but the wrap could not be removed */
} hash_state;

static void hash_free(hash_state *st) {
    fsb_wipe(st, sizeof *st); /* an HMAC context holds key states */
    free(st);
}

static void hash_finalize(napi_env env, void *data, void *hint) {
    (void)env;
    (void)hint;
    hash_free(data);
}

/* Wraps obj around a copy of *from. */
static napi_value hash_wrap(napi_env env, napi_value obj, const hash_state *from) {
    hash_state *st = malloc(sizeof *st);
    if (!st)
        return throw_error(env, "ERR_MEMORY_ALLOCATION_FAILED", "fastsha256: out of memory");
    *st = *from;
    if (napi_wrap(env, obj, st, hash_finalize, NULL, NULL) != napi_ok) {
        hash_free(st);
        return check_pending(env, "fastsha256: cannot create the hash object");
    }
    return NULL;
}

static napi_value finalized_error(napi_env env) {
    return throw_error(env, "ERR_CRYPTO_HASH_FINALIZED", "Digest already called");
}

/* The live state of a Hash or Hmac object v, or NULL with an exception
 * pending. */
static hash_state *hash_unwrap(napi_env env, napi_value v) {
    void *p = NULL;
    if (napi_unwrap(env, v, &p) != napi_ok || !p) {
        throw_type(env, "ERR_INVALID_THIS", "Value of \"this\" must be of type Hash");
        return NULL;
    }
    hash_state *st = p;
    if (st->finalized) {
        finalized_error(env);
        return NULL;
    }
    return st;
}

/* The algorithm argument (named `arg` in errors) to a plain flavour, by
 * the names OpenSSL (so node:crypto) takes for SHA-256 and SHA-224, any
 * case. Returns 0, 1 for an unknown name (copied to name, NUL-terminated),
 * or -1 with a TypeError pending for a non-string. */
static int parse_algorithm(napi_env env, size_t argc, napi_value v, const char *arg,
                           fsb_flavor *f, char name[32]) {
    if (expect_string(env, argc, v, arg) != 0)
        return -1;
    size_t n = 0;
    if (napi_get_value_string_utf8(env, v, name, 32, &n) != napi_ok) {
        check_pending(env, "fastsha256: cannot read the algorithm");
        return -1;
    }
    if (n >= 31) /* too long (cut short) */
        return 1;
    return fsb_flavor_by_name(name, n, FSB_NAMES_OPENSSL, f) == 0 ? 0 : 1;
}

/* algorithmBits(name): 256 or 224 for a name createHash takes, 0 for any
 * other string (lib/kdf.js names the key-derivation digests with it, so
 * both take exactly the same names). */
napi_value algorithm_bits(napi_env env, napi_callback_info info) {
    size_t argc = 1;
    napi_value argv[1], result;
    fsb_flavor f;
    char name[32];
    NAPI_OK(napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
    int r = parse_algorithm(env, argc, argv[0], "digest", &f, name);
    if (r < 0)
        return NULL;
    NAPI_OK(napi_create_uint32(env, r != 0 ? 0u : f.is224 ? 224u : 256u, &result));
    return result;
}

/* --- createHash: the context in a Uint8Array ----------------------------------
 * A Hash keeps its fastsha256_ctx in a Uint8Array of exactly that size, in a
 * private field of the JS object that no other code can reach: memory the
 * GC frees like any other, with no finalizer to wait for (and no secret in
 * it to wipe), so it is cheaper than a wrap. Each call works on an aligned
 * copy and writes it back; copy() is a copy of the bytes (index.js). */

/* The context in v into *ctx, and where its bytes are. Returns 0, or -1
 * with a TypeError pending. */
static int ctx_load(napi_env env, napi_value v, fastsha256_ctx *ctx, void **where) {
    napi_typedarray_type type = napi_int8_array;
    size_t n = 0;
    void *p = NULL;
    if (napi_get_typedarray_info(env, v, &type, &n, &p, NULL, NULL) == napi_ok &&
        type == napi_uint8_array && n == sizeof *ctx && p) {
        memcpy(ctx, p, sizeof *ctx);
        /* Bytes from outside the library are checked before it indexes by them. */
        if ((ctx->digest_size == FASTSHA256_DIGEST_SIZE ||
             ctx->digest_size == FASTSHA224_DIGEST_SIZE) &&
            ctx->buffered < FASTSHA256_BLOCK_SIZE) {
            *where = p;
            return 0;
        }
    }
    throw_type(env, "ERR_INVALID_THIS", "Value of \"this\" must be of type Hash");
    return -1;
}

/* The bytes of a Uint8Array v. Returns 0, or -1 for anything else. An
 * empty array may have no data pointer: p is then NULL with *n 0. */
static int typed_bytes(napi_env env, napi_value v, void **p, size_t *n) {
    napi_typedarray_type type = napi_int8_array;
    if (v == NULL || napi_get_typedarray_info(env, v, &type, n, p, NULL, NULL) != napi_ok ||
        type != napi_uint8_array)
        return -1;
    return 0;
}

/* ctxInit(context, algorithm): a new Hash's context. */
napi_value ctx_init(napi_env env, napi_callback_info info) {
    size_t argc = 2;
    napi_value argv[2] = {NULL, NULL};
    NAPI_OK(napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
    fsb_flavor f;
    char name[32];
    int r = parse_algorithm(env, argc - (argc > 0), argv[1], "algorithm", &f, name);
    if (r < 0)
        return NULL;
    if (r > 0)
        return throw_error(env, "ERR_FASTSHA256_UNKNOWN_ALGORITHM",
                           "Digest method not supported (fastsha256 has sha256 and sha224)");
    napi_typedarray_type type = napi_int8_array;
    size_t n = 0;
    void *p = NULL;
    if (napi_get_typedarray_info(env, argv[0], &type, &n, &p, NULL, NULL) != napi_ok ||
        type != napi_uint8_array || n != sizeof(fastsha256_ctx) || !p)
        return throw_type(env, "ERR_INVALID_ARG_TYPE", "fastsha256: bad hash context");
    fastsha256_ctx ctx;
    fsb_ctx_init(&ctx, f);
    memcpy(p, &ctx, sizeof ctx);
    return NULL;
}

/* ctxUpdate(context, data) */
napi_value ctx_update(napi_env env, napi_callback_info info) {
    size_t argc = 2;
    napi_value argv[2] = {NULL, NULL};
    NAPI_OK(napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
    fastsha256_ctx ctx;
    void *where;
    if (ctx_load(env, argv[0], &ctx, &where) != 0)
        return NULL;
    char stack[SHORT_STRING];
    char *heap = NULL;
    const uint8_t *data = NULL;
    size_t len = 0;
    if (argc < 2)
        return bad_data(env, "data", argv[1], 1);
    if (data_bytes(env, argv[1], "data", stack, &heap, &data, &len) != 0)
        return NULL;
    fastsha256_update(&ctx, data, len);
    memcpy(where, &ctx, sizeof ctx);
    free(heap);
    return NULL;
}

/* ctxDigest(context[, encoding]): the digest; the context is wiped. */
napi_value ctx_digest(napi_env env, napi_callback_info info) {
    size_t argc = 2;
    napi_value argv[2] = {NULL, NULL};
    NAPI_OK(napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
    fastsha256_ctx ctx;
    void *where;
    if (ctx_load(env, argv[0], &ctx, &where) != 0)
        return NULL;
    encoding enc = argc > 1 ? parse_encoding(env, argv[1], "encoding") : ENC_BUFFER;
    if (enc == ENC_INVALID)
        return NULL;
    uint8_t digest[FASTSHA256_DIGEST_SIZE];
    size_t size = ctx.digest_size;
    fastsha256_final(&ctx, digest);
    memcpy(where, &ctx, sizeof ctx); /* the library's wiped, finalized context */
    return encode_digest(env, digest, size, enc);
}

/* ctxExport(context): the saved state, FASTSHA256_STATE_SIZE bytes in Go's
 * format (api.js passes only live contexts; a finalized one throws). */
napi_value ctx_export(napi_env env, napi_callback_info info) {
    size_t argc = 1;
    napi_value argv[1] = {NULL}, result;
    NAPI_OK(napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
    fastsha256_ctx ctx;
    void *where;
    if (ctx_load(env, argv[0], &ctx, &where) != 0)
        return NULL;
    uint8_t state[FASTSHA256_STATE_SIZE];
    if (fastsha256_ctx_export(&ctx, state) != 0)
        return finalized_error(env);
    NAPI_OK(napi_create_buffer_copy(env, sizeof state, state, NULL, &result));
    return result;
}

/* ctxImport(context, state): true with context set to the saved state (a
 * Uint8Array; api.js has checked its type), or false with context as it
 * was: api.js words the error. */
napi_value ctx_import(napi_env env, napi_callback_info info) {
    size_t argc = 2;
    napi_value argv[2] = {NULL, NULL}, result;
    NAPI_OK(napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
    void *ctx_bytes = NULL, *state = NULL;
    size_t ctx_len = 0, state_len = 0;
    if (typed_bytes(env, argv[0], &ctx_bytes, &ctx_len) != 0 || ctx_len != sizeof(fastsha256_ctx) ||
        typed_bytes(env, argv[1], &state, &state_len) != 0)
        return throw_type(env, "ERR_INVALID_ARG_TYPE", "fastsha256: bad hash context or state");
    fastsha256_ctx ctx;
    int ok = fastsha256_ctx_import(&ctx, state, state_len) == 0;
    if (ok)
        memcpy(ctx_bytes, &ctx, sizeof ctx);
    NAPI_OK(napi_get_boolean(env, ok, &result));
    return result;
}

/* hmacCreate(hmac, algorithm, key): wraps hmac, a new Hmac; node:crypto's
 * order of checks (the algorithm's type, the key, then the algorithm's
 * name). */
napi_value hmac_create(napi_env env, napi_callback_info info) {
    size_t argc = 3;
    napi_value argv[3] = {NULL, NULL, NULL};
    NAPI_OK(napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
    fsb_flavor f;
    char name[32];
    int r = parse_algorithm(env, argc - (argc > 0), argv[1], "hmac", &f, name);
    if (r < 0)
        return NULL;
    key_input k;
    if (key_get(env, argv[2], &k) != 0)
        return NULL;
    if (r > 0) {
        key_release(&k);
        char msg[64];
        snprintf(msg, sizeof msg, "Invalid digest: %.31s%s", name, strlen(name) >= 31 ? "..." : "");
        return throw_type(env, "ERR_CRYPTO_INVALID_DIGEST", msg);
    }
    fsb_algo a;
    fsb_algo_init(&a, f.is224 ? fsb_hmac224 : fsb_hmac256, k.data, k.len);
    key_release(&k);
    hash_state st;
    memset(&st, 0, sizeof st);
    fsb_stream_init(&st.s, &a);
    fsb_algo_wipe(&a);
    napi_value result = hash_wrap(env, argv[0], &st);
    fsb_wipe(&st, sizeof st);
    return result;
}

/* The object and the argument after it, of hashUpdate, hashDigest and
 * hashCopy: the live state, or NULL with an exception pending. */
static hash_state *hash_args(napi_env env, napi_callback_info info, size_t *argc,
                             napi_value argv[2]) {
    *argc = 2;
    if (napi_get_cb_info(env, info, argc, argv, NULL, NULL) != napi_ok) {
        check_pending(env, "fastsha256: cannot read the arguments");
        return NULL;
    }
    return hash_unwrap(env, argv[0]);
}

/* hashUpdate(hash, data) */
napi_value hash_update(napi_env env, napi_callback_info info) {
    size_t argc;
    napi_value argv[2];
    hash_state *st = hash_args(env, info, &argc, argv);
    if (!st)
        return NULL;
    char stack[SHORT_STRING];
    char *heap = NULL;
    const uint8_t *data = NULL;
    size_t len = 0;
    if (argc < 2)
        return bad_data(env, "data", argv[1], 1);
    if (data_bytes(env, argv[1], "data", stack, &heap, &data, &len) != 0)
        return NULL;
    fsb_stream_update(&st->s, data, len);
    free(heap);
    return NULL;
}

/* hashDigest(hash[, encoding]): frees the state (see hash_wrap). hash
 * null: an empty result in that encoding (a second digest of an Hmac, as
 * node:crypto's Hmac gives; its Hash throws). */
napi_value hash_digest(napi_env env, napi_callback_info info) {
    size_t argc = 2;
    napi_value argv[2] = {NULL, NULL};
    NAPI_OK(napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
    napi_valuetype t = napi_undefined;
    int empty = argc > 0 && napi_typeof(env, argv[0], &t) == napi_ok && t == napi_null;
    hash_state *st = empty ? NULL : hash_unwrap(env, argv[0]);
    if (!st && !empty)
        return NULL;
    encoding enc = argc > 1 ? parse_encoding(env, argv[1], "encoding") : ENC_BUFFER;
    if (enc == ENC_INVALID)
        return NULL;
    uint8_t digest[FASTSHA256_DIGEST_SIZE] = {0};
    if (empty)
        return encode_digest(env, digest, 0, enc);
    fsb_stream_final(&st->s, digest); /* wipes the context */
    size_t size = (size_t)st->s.digest_size;
    if (napi_remove_wrap(env, argv[0], NULL) == napi_ok)
        hash_free(st);
    else
        st->finalized = 1; /* freed by the finalizer */
    return encode_digest(env, digest, size, enc);
}
