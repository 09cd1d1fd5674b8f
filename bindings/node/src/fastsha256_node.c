/* Node-API addon: JavaScript's way into fastsha256 (Node.js, Bun, Deno).
 *
 * A thin layer over include/fastsha256.h: it turns JS values into byte
 * ranges, calls the library and turns digests into Buffers or strings. The
 * plain C Node-API (NAPI_VERSION 8) keeps one .node file loadable by every
 * runtime that implements Node-API. */
#define NAPI_VERSION 8
#include <node_api.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fastsha256.h"
#include "node_kdf.h"

/* Strings up to this many UTF-8 bytes are converted on the stack. */
#define SHORT_STRING 256
/* Batches are hashed, encoded and handed to JS in slices of this many
 * messages, so digests and hex strings stay in the cache. */
#define SLICE 256

typedef enum {
    ENC_BUFFER, /* absent, undefined or "buffer" */
    ENC_HEX,
    ENC_BASE64,
    ENC_BASE64URL,
    ENC_LATIN1, /* "latin1" or "binary" */
    ENC_INVALID
} encoding;

/* What a native computes: SHA-256 or SHA-224, plain or HMAC. Each native
 * gets one of the four flavours as its data pointer; an HMAC one takes the
 * key as its first argument. */
typedef struct {
    int is224;
    int hmac;
} flavor;

static const flavor flavor_sha256 = {0, 0};
static const flavor flavor_sha224 = {1, 0};
static const flavor flavor_hmac256 = {0, 1};
static const flavor flavor_hmac224 = {1, 1};

/* A batch's algorithm: the flavour and, for HMAC, its prepared key. */
typedef struct {
    flavor f;
    fastsha256_hmac_key key;
} algo;

static size_t digest_size(flavor f) {
    return f.is224 ? FASTSHA224_DIGEST_SIZE : FASTSHA256_DIGEST_SIZE;
}

/* --- Errors ----------------------------------------------------------------- */

/* Returns NULL so callers can `return fail(...)`. */
static napi_value throw_type(napi_env env, const char *code, const char *msg) {
    napi_throw_type_error(env, code, msg);
    return NULL;
}

static napi_value throw_range(napi_env env, const char *code, const char *msg) {
    napi_throw_range_error(env, code, msg);
    return NULL;
}

static napi_value throw_error(napi_env env, const char *code, const char *msg) {
    napi_throw_error(env, code, msg);
    return NULL;
}

/* A failed napi call with no exception pending becomes an Error. */
static napi_value check_pending(napi_env env, const char *what) {
    bool pending = false;
    napi_is_exception_pending(env, &pending);
    if (!pending)
        napi_throw_error(env, NULL, what);
    return NULL;
}

#define NAPI_OK(call)                                                                  \
    do {                                                                               \
        if ((call) != napi_ok)                                                         \
            return check_pending(env, "fastsha256: Node-API call failed: " #call);    \
    } while (0)

static const char *type_name(napi_env env, napi_value v) {
    napi_valuetype t = napi_undefined;
    napi_typeof(env, v, &t);
    switch (t) {
    case napi_undefined: return "undefined";
    case napi_null: return "null";
    case napi_boolean: return "boolean";
    case napi_number: return "number";
    case napi_string: return "string";
    case napi_symbol: return "symbol";
    case napi_object: return "object";
    case napi_function: return "function";
    case napi_external: return "external";
    case napi_bigint: return "bigint";
    }
    return "unknown";
}

/* 0 when v (one of argc arguments) is a string, else -1 with a TypeError
 * naming arg. */
static int expect_string(napi_env env, size_t argc, napi_value v, const char *arg) {
    napi_valuetype t = napi_undefined;
    if (argc > 0)
        napi_typeof(env, v, &t);
    if (t == napi_string)
        return 0;
    char msg[128];
    snprintf(msg, sizeof msg, "The \"%s\" argument must be of type string. Received type %s", arg,
             argc > 0 ? type_name(env, v) : "undefined");
    throw_type(env, "ERR_INVALID_ARG_TYPE", msg);
    return -1;
}

static napi_value bad_data(napi_env env, const char *arg, napi_value v, int strings) {
    char msg[256];
    snprintf(msg, sizeof msg,
             "The \"%s\" argument must be of type %san instance of Buffer, TypedArray, "
             "DataView, or ArrayBuffer. Received type %s",
             arg, strings ? "string or " : "", type_name(env, v));
    return throw_type(env, "ERR_INVALID_ARG_TYPE", msg);
}

/* --- Input: JS values to byte ranges ------------------------------------- */

/* Bytes of a Buffer, TypedArray, DataView or ArrayBuffer (any offset).
 * Returns 1 when v is one of them (*data, *len set), 0 when it is not,
 * -1 with an exception pending (detached). */
static int view_bytes(napi_env env, napi_value v, const char *arg, const uint8_t **data,
                      size_t *len) {
    bool is = false;
    napi_value ab = NULL;
    void *p = NULL;
    size_t n = 0;
    /* A detached buffer reads as empty: only then is its ArrayBuffer (costly
     * to materialise for small views) fetched and checked. */
    if (napi_is_typedarray(env, v, &is) == napi_ok && is) {
        napi_typedarray_type type;
        size_t count = 0, offset = 0;
        if (napi_get_typedarray_info(env, v, &type, &count, &p, NULL, &offset) != napi_ok)
            return -1;
        /* Element count to bytes. */
        static const size_t size_of[] = {1, 1, 1, 2, 2, 4, 4, 4, 8, 8, 8};
        n = count * ((size_t)type < sizeof size_of / sizeof size_of[0] ? size_of[type] : 1);
        if (n == 0 && napi_get_typedarray_info(env, v, &type, &count, &p, &ab, &offset) != napi_ok)
            return -1;
    } else if (napi_is_dataview(env, v, &is) == napi_ok && is) {
        size_t offset = 0;
        if (napi_get_dataview_info(env, v, &n, &p, NULL, &offset) != napi_ok)
            return -1;
        if (n == 0 && napi_get_dataview_info(env, v, &n, &p, &ab, &offset) != napi_ok)
            return -1;
    } else if (napi_is_arraybuffer(env, v, &is) == napi_ok && is) {
        ab = v;
        if (napi_get_arraybuffer_info(env, v, &p, &n) != napi_ok)
            return -1;
    } else {
        return 0;
    }
    bool detached = false;
    if (ab && napi_is_detached_arraybuffer(env, ab, &detached) == napi_ok && detached) {
        char msg[128];
        snprintf(msg, sizeof msg, "The \"%s\" argument is backed by a detached ArrayBuffer", arg);
        napi_throw_type_error(env, "ERR_INVALID_STATE", msg);
        return -1;
    }
    *data = n ? (const uint8_t *)p : NULL;
    *len = n;
    return 1;
}

/* A string's UTF-8 bytes (lone surrogates become EF BF BD, as node:crypto
 * hashes them) into stack (SHORT_STRING bytes) or, when longer, into *heap
 * (malloc'd; the caller frees it). Returns 0, or -1 with an exception. */
static int string_utf8(napi_env env, napi_value s, char *stack, char **heap,
                       const uint8_t **data, size_t *len) {
    size_t written = 0;
    *heap = NULL;
    if (napi_get_value_string_utf8(env, s, stack, SHORT_STRING, &written) != napi_ok)
        return -1;
    /* The copy stops before a character that does not fit (up to 4 bytes),
     * so anything shorter than the buffer minus 4 is complete. */
    if (written + 4 < SHORT_STRING - 1) {
        *data = (const uint8_t *)stack;
        *len = written;
        return 0;
    }
    size_t full = 0;
    if (napi_get_value_string_utf8(env, s, NULL, 0, &full) != napi_ok)
        return -1;
    char *buf = malloc(full + 1);
    if (!buf) {
        napi_throw_error(env, "ERR_MEMORY_ALLOCATION_FAILED", "fastsha256: out of memory");
        return -1;
    }
    if (napi_get_value_string_utf8(env, s, buf, full + 1, &written) != napi_ok) {
        free(buf);
        return -1;
    }
    *heap = buf;
    *data = (const uint8_t *)buf;
    *len = written;
    return 0;
}

/* Any accepted data value to bytes; strings as UTF-8. Returns 0, or -1 with
 * an exception pending (a TypeError naming `arg` for a wrong type). */
static int data_bytes(napi_env env, napi_value v, const char *arg, char *stack, char **heap,
                      const uint8_t **data, size_t *len) {
    napi_valuetype t;
    *heap = NULL;
    if (napi_typeof(env, v, &t) != napi_ok)
        return -1;
    if (t == napi_string)
        return string_utf8(env, v, stack, heap, data, len);
    if (t == napi_object) {
        int r = view_bytes(env, v, arg, data, len);
        if (r != 0)
            return r > 0 ? 0 : -1;
    }
    bad_data(env, arg, v, 1);
    return -1;
}

/* Zeroes key material; the volatile stores are not dropped as dead. */
static void wipe(void *p, size_t n) {
    volatile uint8_t *v = p;
    while (n--)
        *v++ = 0;
}

/* An HMAC key argument as bytes: a string (UTF-8, copied here, wiped by
 * key_release) or a view of JS memory. */
typedef struct {
    char stack[SHORT_STRING];
    char *heap;
    const uint8_t *data;
    size_t len;
} key_input;

static void key_release(key_input *k) {
    wipe(k->stack, sizeof k->stack);
    if (k->heap) {
        wipe(k->heap, k->len);
        free(k->heap);
        k->heap = NULL;
    }
}

/* Returns 0, or -1 with an exception pending (a TypeError naming "key"). */
static int key_get(napi_env env, napi_value v, key_input *k) {
    napi_valuetype t = napi_undefined;
    k->heap = NULL;
    k->data = NULL;
    k->len = 0;
    if (napi_typeof(env, v, &t) != napi_ok)
        return -1;
    if (t == napi_string) {
        if (string_utf8(env, v, k->stack, &k->heap, &k->data, &k->len) == 0)
            return 0;
        key_release(k);
        return -1;
    }
    int r = t == napi_object ? view_bytes(env, v, "key", &k->data, &k->len) : 0;
    if (r == 0) {
        /* index.js turned KeyObjects and CryptoKeys into bytes. */
        char msg[224];
        snprintf(msg, sizeof msg,
                 "The \"key\" argument must be of type string or an instance of ArrayBuffer, "
                 "Buffer, TypedArray, DataView, KeyObject, or CryptoKey. Received type %s",
                 type_name(env, v));
        throw_type(env, "ERR_INVALID_ARG_TYPE", msg);
    }
    return r > 0 ? 0 : -1;
}

/* The prepared key of an HMAC flavour from argument v (nothing to do for
 * plain hashes). Returns 0, or -1 with an exception pending. */
static int algo_get(napi_env env, const flavor *f, napi_value v, algo *a) {
    memset(a, 0, sizeof *a);
    a->f = *f;
    if (!f->hmac)
        return 0;
    key_input k;
    if (key_get(env, v, &k) != 0)
        return -1;
    if (f->is224)
        fastsha224_hmac_key_init(&a->key, k.data, k.len);
    else
        fastsha256_hmac_key_init(&a->key, k.data, k.len);
    key_release(&k);
    return 0;
}

static void algo_wipe(algo *a) {
    fastsha256_hmac_key_wipe(&a->key);
}

static encoding parse_encoding(napi_env env, napi_value v, const char *arg) {
    napi_valuetype t;
    char name[16];
    size_t n = 0;
    if (!v)
        return ENC_BUFFER;
    napi_status st = napi_get_value_string_latin1(env, v, name, sizeof name, &n);
    if (st != napi_ok && (napi_typeof(env, v, &t) != napi_ok || t == napi_undefined))
        return ENC_BUFFER;
    if (st != napi_ok) {
        char msg[160];
        snprintf(msg, sizeof msg,
                 "The \"%s\" argument must be of type string. Received type %s", arg,
                 type_name(env, v));
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

static napi_value encode_digest(napi_env env, const uint8_t *digest, size_t size, encoding enc) {
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

/* --- One shot: sha256(data[, encoding]), sha224(...), hmac(key, data[, encoding]),
 * hmac224(...) ----------------------------------------------------------------- */

static napi_value one_shot(napi_env env, napi_callback_info info) {
    size_t argc = 3;
    napi_value argv[3] = {NULL, NULL, NULL};
    void *flavor_ptr = NULL;
    NAPI_OK(napi_get_cb_info(env, info, &argc, argv, NULL, &flavor_ptr));
    const flavor *f = flavor_ptr;
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
        if (f->is224)
            fastsha224_hex(data, len, text);
        else
            fastsha256_hex(data, len, text);
        free(heap);
        napi_value r = NULL;
        NAPI_OK(napi_create_string_latin1(env, text, 2 * digest_size(*f), &r));
        return r;
    }
    if (enc != ENC_INVALID) {
        if (f->hmac && f->is224)
            fastsha224_hmac(key.data, key.len, data, len, digest);
        else if (f->hmac)
            fastsha256_hmac(key.data, key.len, data, len, digest);
        else if (f->is224)
            fastsha224(data, len, digest);
        else
            fastsha256(data, len, digest);
    }
    if (f->hmac)
        key_release(&key);
    free(heap);
    return enc == ENC_INVALID ? NULL : encode_digest(env, digest, digest_size(*f), enc);
}

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
    union {
        fastsha256_ctx hash;
        fastsha256_hmac_ctx hmac;
    } u;
    size_t digest_size;
    int is_hmac;
    int finalized; /* digested, but the wrap could not be removed */
} hash_state;

static void hash_free(hash_state *st) {
    wipe(st, sizeof *st); /* an HMAC context holds key states */
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

/* The algorithm argument (named `arg` in errors) to a plain flavour. The
 * names OpenSSL (so node:crypto) takes for SHA-256 and SHA-224, any case.
 * Returns 0, 1 for an unknown name (copied to name, NUL-terminated), or -1
 * with a TypeError pending for a non-string. */
static int parse_algorithm(napi_env env, size_t argc, napi_value v, const char *arg,
                           const flavor **f, char name[32]) {
    static const char *const names256[] = {"sha256", "sha-256", "sha2-256", "rsa-sha256",
                                           "sha256withrsaencryption"};
    static const char *const names224[] = {"sha224", "sha-224", "sha2-224", "rsa-sha224",
                                           "sha224withrsaencryption"};
    if (expect_string(env, argc, v, arg) != 0)
        return -1;
    size_t n = 0;
    if (napi_get_value_string_utf8(env, v, name, 32, &n) != napi_ok) {
        check_pending(env, "fastsha256: cannot read the algorithm");
        return -1;
    }
    if (n >= 31 || strlen(name) != n) /* too long, or a NUL inside */
        return 1;
    char lower[32];
    for (size_t i = 0; i <= n; i++)
        lower[i] = name[i] >= 'A' && name[i] <= 'Z' ? (char)(name[i] - 'A' + 'a') : name[i];
    for (size_t i = 0; i < sizeof names256 / sizeof names256[0]; i++) {
        if (strcmp(lower, names256[i]) == 0) {
            *f = &flavor_sha256;
            return 0;
        }
        if (strcmp(lower, names224[i]) == 0) {
            *f = &flavor_sha224;
            return 0;
        }
    }
    return 1;
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

/* ctxInit(context, algorithm): a new Hash's context. */
static napi_value ctx_init(napi_env env, napi_callback_info info) {
    size_t argc = 2;
    napi_value argv[2] = {NULL, NULL};
    NAPI_OK(napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
    const flavor *f = NULL;
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
    if (f->is224)
        fastsha224_init(&ctx);
    else
        fastsha256_init(&ctx);
    memcpy(p, &ctx, sizeof ctx);
    return NULL;
}

/* ctxUpdate(context, data) */
static napi_value ctx_update(napi_env env, napi_callback_info info) {
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
static napi_value ctx_digest(napi_env env, napi_callback_info info) {
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

/* hmacCreate(hmac, algorithm, key): wraps hmac, a new Hmac; node:crypto's
 * order of checks (the algorithm's type, the key, then the algorithm's
 * name). */
static napi_value hmac_create(napi_env env, napi_callback_info info) {
    size_t argc = 3;
    napi_value argv[3] = {NULL, NULL, NULL};
    NAPI_OK(napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
    const flavor *f = NULL;
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
    fastsha256_hmac_key key;
    if (f->is224)
        fastsha224_hmac_key_init(&key, k.data, k.len);
    else
        fastsha256_hmac_key_init(&key, k.data, k.len);
    key_release(&k);
    hash_state st;
    memset(&st, 0, sizeof st);
    st.digest_size = digest_size(*f);
    st.is_hmac = 1;
    fastsha256_hmac_init(&st.u.hmac, &key);
    fastsha256_hmac_key_wipe(&key);
    napi_value result = hash_wrap(env, argv[0], &st);
    wipe(&st, sizeof st);
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
static napi_value hash_update(napi_env env, napi_callback_info info) {
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
    if (st->is_hmac)
        fastsha256_hmac_update(&st->u.hmac, data, len);
    else
        fastsha256_update(&st->u.hash, data, len);
    free(heap);
    return NULL;
}

/* hashDigest(hash[, encoding]): frees the state (see hash_wrap). hash
 * null: an empty result in that encoding (a second digest of an Hmac, as
 * node:crypto's Hmac gives; its Hash throws). */
static napi_value hash_digest(napi_env env, napi_callback_info info) {
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
    if (st->is_hmac)
        fastsha256_hmac_final(&st->u.hmac, digest); /* wipes the context */
    else
        fastsha256_final(&st->u.hash, digest);
    size_t size = st->digest_size;
    if (napi_remove_wrap(env, argv[0], NULL) == napi_ok)
        hash_free(st);
    else
        st->finalized = 1; /* freed by the finalizer */
    return encode_digest(env, digest, size, enc);
}

/* --- Batches ------------------------------------------------------------------ */

/* The messages of a batch: pointers into JS-owned memory or into `arena`,
 * where strings are converted to UTF-8 (recorded as offsets until the
 * arena stops moving). */
typedef struct {
    size_t n;
    const void **msgs;
    size_t *lens;
    size_t *arena_at; /* offset into arena, or SIZE_MAX for a view */
    char *arena;
    size_t arena_used, arena_cap;
} batch;

static void batch_free(batch *b) {
    free(b->msgs);
    free(b->lens);
    free(b->arena_at);
    free(b->arena);
    memset(b, 0, sizeof *b);
}

static int batch_alloc(napi_env env, batch *b, size_t n) {
    memset(b, 0, sizeof *b);
    size_t m = n ? n : 1;
    b->msgs = malloc(m * sizeof *b->msgs);
    b->lens = malloc(m * sizeof *b->lens);
    b->arena_at = malloc(m * sizeof *b->arena_at);
    b->arena_cap = 4096;
    b->arena = malloc(b->arena_cap);
    if (!b->msgs || !b->lens || !b->arena_at || !b->arena) {
        batch_free(b);
        napi_throw_error(env, "ERR_MEMORY_ALLOCATION_FAILED", "fastsha256: out of memory");
        return -1;
    }
    b->n = n;
    return 0;
}

static int arena_reserve(napi_env env, batch *b, size_t need) {
    if (b->arena_cap - b->arena_used >= need)
        return 0;
    size_t cap = b->arena_cap;
    while (cap - b->arena_used < need) {
        if (cap > SIZE_MAX / 2) {
            napi_throw_error(env, "ERR_MEMORY_ALLOCATION_FAILED", "fastsha256: out of memory");
            return -1;
        }
        cap *= 2;
    }
    char *p = realloc(b->arena, cap);
    if (!p) {
        napi_throw_error(env, "ERR_MEMORY_ALLOCATION_FAILED", "fastsha256: out of memory");
        return -1;
    }
    b->arena = p;
    b->arena_cap = cap;
    return 0;
}

/* Message i of the batch from item v (items[index] in error messages). A
 * view's bytes are read in place, or with copy_views copied into the arena:
 * async work must not read JS memory, which can be detached and freed
 * (structuredClone with transfer, ArrayBuffer#transfer) while it runs. */
static int batch_set(napi_env env, batch *b, size_t i, size_t index, napi_value v,
                     int copy_views) {
    napi_valuetype t;
    if (napi_typeof(env, v, &t) != napi_ok)
        return -1;
    if (t == napi_string) {
        /* Try in place with what is left; fall back to the exact size. */
        if (arena_reserve(env, b, SHORT_STRING) != 0)
            return -1;
        size_t room = b->arena_cap - b->arena_used, written = 0;
        if (napi_get_value_string_utf8(env, v, b->arena + b->arena_used, room, &written) !=
            napi_ok)
            return -1;
        if (written + 4 >= room - 1) {
            size_t full = 0;
            if (napi_get_value_string_utf8(env, v, NULL, 0, &full) != napi_ok ||
                arena_reserve(env, b, full + 1) != 0 ||
                napi_get_value_string_utf8(env, v, b->arena + b->arena_used, full + 1,
                                           &written) != napi_ok)
                return -1;
        }
        b->arena_at[i] = b->arena_used;
        b->lens[i] = written;
        b->arena_used += written;
        return 0;
    }
    if (t == napi_object) {
        char arg[48];
        snprintf(arg, sizeof arg, "items[%zu]", index);
        const uint8_t *data = NULL;
        int r = view_bytes(env, v, arg, &data, &b->lens[i]);
        if (r > 0 && copy_views) {
            if (arena_reserve(env, b, b->lens[i]) != 0)
                return -1;
            if (b->lens[i])
                memcpy(b->arena + b->arena_used, data, b->lens[i]);
            b->arena_at[i] = b->arena_used;
            b->arena_used += b->lens[i];
            return 0;
        }
        if (r > 0) {
            b->msgs[i] = data;
            b->arena_at[i] = SIZE_MAX;
            return 0;
        }
        if (r < 0)
            return -1;
    }
    char arg[48];
    snprintf(arg, sizeof arg, "items[%zu]", index);
    bad_data(env, arg, v, 1);
    return -1;
}

/* Arena offsets to pointers, once the arena is final. */
static void batch_settle(batch *b, size_t from, size_t to) {
    for (size_t i = from; i < to; i++)
        if (b->arena_at[i] != SIZE_MAX)
            b->msgs[i] = b->arena + b->arena_at[i];
}

static int get_items(napi_env env, napi_value v, uint32_t *n) {
    bool is = false;
    if (napi_is_array(env, v, &is) != napi_ok)
        return -1;
    if (!is) {
        char msg[128];
        snprintf(msg, sizeof msg,
                 "The \"items\" argument must be an Array or an iterable. Received type %s",
                 type_name(env, v));
        throw_type(env, "ERR_INVALID_ARG_TYPE", msg);
        return -1;
    }
    return napi_get_array_length(env, v, n) == napi_ok ? 0 : -1;
}

/* A batch's result is one flat value: all digests encoded back to back at a
 * fixed width (a latin1 string, or a Buffer without an encoding); index.js
 * slices it. One string and one Buffer cost far less than n of each. */
static size_t enc_width(encoding enc, size_t size) {
    switch (enc) {
    case ENC_HEX: return 2 * size;
    case ENC_BASE64: return 4 * ((size + 2) / 3);
    case ENC_BASE64URL: return (size * 4 + 2) / 3;
    default: return size;
    }
}

/* k <= SLICE digests, encoded back to back into dst: exactly k times
 * enc_width bytes (no NUL), so dst can be a JS Buffer of that size. */
static void encode_flat(const uint8_t (*digests)[32], size_t k, size_t size, encoding enc,
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

/* Digests of k messages into 32-byte slots (SHA-224 and HMAC-SHA224 fill
 * the first 28 bytes of each). */
static void hash_messages(const algo *a, const void *const *msgs, const size_t *lens, size_t k,
                          uint8_t (*digests)[32]) {
    if (a->f.hmac) {
        fastsha256_hmac_many(&a->key, msgs, lens, k, digests);
    } else if (a->f.is224) {
        /* fastsha224_many writes 28-byte records: spread them to 32. */
        uint8_t d224[SLICE][28];
        fastsha224_many(msgs, lens, k, d224);
        for (size_t i = 0; i < k; i++)
            memcpy(digests[i], d224[i], 28);
    } else {
        fastsha256_many(msgs, lens, k, digests);
    }
}

/* Hashes and encodes the whole batch into dst, a slice at a time so the
 * digests stay in the cache. Runs on any thread: no JS. */
static void run_batch(const batch *b, const algo *a, encoding enc, char *dst) {
    size_t size = digest_size(a->f);
    size_t w = enc_width(enc, size);
    uint8_t digests[SLICE][32];
    for (size_t from = 0; from < b->n; from += SLICE) {
        size_t k = b->n - from < SLICE ? b->n - from : SLICE;
        hash_messages(a, (const void *const *)b->msgs + from, b->lens + from, k, digests);
        encode_flat((const uint8_t(*)[32])digests, k, size, enc, dst + from * w);
    }
}

static size_t batch_out_size(const batch *b, const algo *a, encoding enc) {
    return b->n * enc_width(enc, digest_size(a->f));
}

/* The flat result of text (malloc'd or NULL for none) or bytes; text too as a
 * Buffer with text_as_bytes. */
static napi_value flat_value(napi_env env, const char *text, size_t total, encoding enc,
                             int text_as_bytes) {
    napi_value r;
    if (enc == ENC_BUFFER || text_as_bytes)
        NAPI_OK(napi_create_buffer_copy(env, total, total ? text : "", NULL, &r));
    else
        NAPI_OK(napi_create_string_latin1(env, total ? text : "", total, &r));
    return r;
}

/* Runs a gathered batch now and returns its flat result. */
static napi_value batch_now(napi_env env, batch *b, const algo *a, encoding enc,
                            int text_as_bytes) {
    size_t total = batch_out_size(b, a, enc);
    napi_value r = NULL;
    if (enc == ENC_BUFFER || text_as_bytes) {
        void *data = NULL;
        if (napi_create_buffer(env, total, &data, &r) == napi_ok)
            run_batch(b, a, enc, data);
        else
            r = check_pending(env, "fastsha256: cannot create the result");
    } else {
        char *text = malloc(total + 1);
        if (!text)
            return throw_error(env, "ERR_MEMORY_ALLOCATION_FAILED", "fastsha256: out of memory");
        run_batch(b, a, enc, text);
        r = flat_value(env, text, total, enc, 0);
        free(text);
    }
    return r;
}

/* Gathers items (an Array of strings and views) into b; items[base + i]
 * names a bad one. With copy_views (async work), views are copied. */
static int gather_items(napi_env env, napi_value items, uint32_t n, size_t base, batch *b,
                        int copy_views) {
    if (batch_alloc(env, b, n) != 0)
        return -1;
    for (uint32_t i = 0; i < n; i++) {
        napi_value item;
        if (napi_get_element(env, items, i, &item) != napi_ok) {
            check_pending(env, "fastsha256: cannot read items");
            return -1;
        }
        if (batch_set(env, b, i, base + i, item, copy_views) != 0)
            return -1;
    }
    batch_settle(b, 0, n);
    return 0;
}

/* UTF-16 code units to UTF-8 as node:crypto converts strings (a lone
 * surrogate becomes U+FFFD, EF BF BD); out holds 3 * n bytes. */
static size_t utf16_to_utf8(const uint16_t *in, size_t n, uint8_t *out) {
    size_t o = 0;
    for (size_t i = 0; i < n; i++) {
        uint32_t c = in[i];
        if (c < 0x80) {
            /* ASCII runs, four code units at a time. */
            uint64_t w;
            while (i + 4 <= n && (memcpy(&w, in + i, 8), (w & 0xFF80FF80FF80FF80ull) == 0)) {
                out[o] = (uint8_t)in[i];
                out[o + 1] = (uint8_t)in[i + 1];
                out[o + 2] = (uint8_t)in[i + 2];
                out[o + 3] = (uint8_t)in[i + 3];
                o += 4;
                i += 4;
            }
            if (i < n && in[i] < 0x80)
                out[o++] = (uint8_t)in[i];
            else
                i--; /* a non-ASCII unit (or the end): the loop sees it next */
        } else if (c < 0x800) {
            out[o++] = (uint8_t)(0xC0 | c >> 6);
            out[o++] = (uint8_t)(0x80 | (c & 63));
        } else {
            if (c >= 0xD800 && c <= 0xDFFF) {
                if (c <= 0xDBFF && i + 1 < n && in[i + 1] >= 0xDC00 && in[i + 1] <= 0xDFFF) {
                    uint32_t cp = 0x10000 + ((c - 0xD800) << 10) + (in[i + 1] - 0xDC00u);
                    i++;
                    out[o++] = (uint8_t)(0xF0 | cp >> 18);
                    out[o++] = (uint8_t)(0x80 | ((cp >> 12) & 63));
                    out[o++] = (uint8_t)(0x80 | ((cp >> 6) & 63));
                    out[o++] = (uint8_t)(0x80 | (cp & 63));
                    continue;
                }
                c = 0xFFFD;
            }
            out[o++] = (uint8_t)(0xE0 | c >> 12);
            out[o++] = (uint8_t)(0x80 | ((c >> 6) & 63));
            out[o++] = (uint8_t)(0x80 | (c & 63));
        }
    }
    return o;
}

/* The all-strings fast path: the strings joined into one, and their UTF-16
 * lengths (a Uint32Array), from index.js. One crossing instead of one per
 * item; each piece is converted on its own, so a surrogate pair split
 * between two items stays two lone surrogates, as hashing them apart does. */
static int gather_joined(napi_env env, napi_value joined, napi_value lengths, napi_value count,
                         batch *b) {
    size_t units = 0, nlens = 0, offset = 0;
    uint32_t n = 0;
    void *lp = NULL;
    napi_typedarray_type type;
    napi_value ab;
    if (napi_get_value_uint32(env, count, &n) != napi_ok ||
        napi_get_typedarray_info(env, lengths, &type, &nlens, &lp, &ab, &offset) != napi_ok ||
        type != napi_uint32_array || nlens < n ||
        napi_get_value_string_utf16(env, joined, NULL, 0, &units) != napi_ok) {
        throw_type(env, "ERR_INVALID_ARG_TYPE", "fastsha256: bad joined batch");
        return -1;
    }
    const uint32_t *lens = lp;
    size_t sum = 0;
    for (uint32_t i = 0; i < n; i++)
        sum += lens[i];
    if (sum != units) {
        throw_range(env, "ERR_OUT_OF_RANGE", "fastsha256: joined batch lengths do not add up");
        return -1;
    }
    if (batch_alloc(env, b, n) != 0 || arena_reserve(env, b, 3 * units + 1) != 0)
        return -1;
    /* All ASCII (as UTF-8 exactly as many bytes as UTF-16 units): the
     * runtime's own converter, and the items' bytes sit at the same offsets. */
    size_t written = 0;
    if (napi_get_value_string_utf8(env, joined, b->arena, 3 * units + 1, &written) == napi_ok &&
        written == units) {
        size_t at = 0;
        for (uint32_t i = 0; i < n; i++) {
            b->msgs[i] = b->arena + at;
            b->lens[i] = lens[i];
            b->arena_at[i] = at;
            at += lens[i];
        }
        return 0;
    }
    uint16_t *text = malloc((units + 1) * sizeof *text);
    if (!text) {
        napi_throw_error(env, "ERR_MEMORY_ALLOCATION_FAILED", "fastsha256: out of memory");
        return -1;
    }
    size_t got = 0;
    if (napi_get_value_string_utf16(env, joined, (char16_t *)text, units + 1, &got) != napi_ok ||
        got != units) {
        free(text);
        check_pending(env, "fastsha256: cannot read the joined batch");
        return -1;
    }
    size_t at = 0;
    for (uint32_t i = 0; i < n; i++) {
        b->arena_at[i] = b->arena_used;
        b->lens[i] = utf16_to_utf8(text + at, lens[i], (uint8_t *)b->arena + b->arena_used);
        b->arena_used += b->lens[i];
        at += lens[i];
    }
    free(text);
    batch_settle(b, 0, n);
    return 0;
}

/* Up to five arguments of a batch or packed native into argv (missing ones
 * undefined) and its algorithm: for HMAC, from the key in front. Returns
 * the arguments after the key, or NULL with an exception pending (a is
 * then for the caller to wipe). */
static napi_value *flavored_args(napi_env env, napi_callback_info info, napi_value argv[6],
                                 algo *a) {
    size_t argc = 6;
    void *f = NULL;
    memset(a, 0, sizeof *a);
    if (napi_get_cb_info(env, info, &argc, argv, NULL, &f) != napi_ok) {
        check_pending(env, "fastsha256: cannot read the arguments");
        return NULL;
    }
    if (algo_get(env, f, argv[0], a) != 0)
        return NULL;
    return argv + a->f.hmac;
}

/* The batch natives' arguments: manyArray([key,] items, encoding, base[,
 * textAsBytes]) and manyJoined([key,] joined, lengths, n, encoding[,
 * textAsBytes]), the key for the HMAC flavours; textAsBytes: a text
 * encoding's flat result as a Buffer of its characters (in Bun a big string
 * made through Node-API costs more than hashing; index.js slices the Buffer
 * instead). Gathers the batch into b and its algorithm into a; with
 * copy_views (async work), copies the views. Returns 0, or -1 with an
 * exception pending (a and b are then for the caller to free). */
static int many_args(napi_env env, napi_callback_info info, int joined, algo *a, encoding *enc,
                     int *text_as_bytes, batch *b, int copy_views) {
    napi_value argv[6];
    memset(b, 0, sizeof *b);
    napi_value *args = flavored_args(env, info, argv, a);
    if (!args)
        return -1;
    *enc = parse_encoding(env, args[joined ? 3 : 1], "encoding");
    if (*enc == ENC_INVALID)
        return -1;
    bool flag = false;
    napi_get_value_bool(env, args[joined ? 4 : 3], &flag); /* stays false unless a boolean */
    *text_as_bytes = flag;
    if (joined)
        return gather_joined(env, args[0], args[1], args[2], b);
    uint32_t n = 0, base = 0;
    if (get_items(env, args[0], &n) != 0)
        return -1;
    napi_get_value_uint32(env, args[2], &base);
    return gather_items(env, args[0], n, base, b, copy_views);
}

/* manyArray and manyJoined (data: the joined flag): the flat result
 * (index.js slices it). */
static napi_value many_sync(napi_env env, napi_callback_info info, int joined) {
    algo a;
    encoding enc;
    int text_as_bytes;
    batch b;
    napi_value r = NULL;
    if (many_args(env, info, joined, &a, &enc, &text_as_bytes, &b, 0) == 0)
        r = batch_now(env, &b, &a, enc, text_as_bytes);
    algo_wipe(&a);
    batch_free(&b);
    return r;
}

static napi_value many_array(napi_env env, napi_callback_info info) {
    return many_sync(env, info, 0);
}

static napi_value many_joined(napi_env env, napi_callback_info info) {
    return many_sync(env, info, 1);
}

/* --- Packed records --------------------------------------------------------- */

typedef struct {
    const uint8_t *base;
    size_t stride, len, n;
} packed;

static int get_size(napi_env env, napi_value v, const char *arg, size_t *out) {
    napi_valuetype t = napi_undefined;
    if (v)
        napi_typeof(env, v, &t);
    char msg[160];
    if (t != napi_number) {
        snprintf(msg, sizeof msg, "The \"%s\" argument must be of type number. Received type %s",
                 arg, v ? type_name(env, v) : "undefined");
        throw_type(env, "ERR_INVALID_ARG_TYPE", msg);
        return -1;
    }
    double d = 0;
    napi_get_value_double(env, v, &d);
    /* The range first: casting NaN, an infinity or anything past 2^63 to
     * an integer type is undefined behaviour. Within it the cast is exact
     * for integers, so a round trip tells a fraction apart. */
    if (!(d >= 0 && d <= 9007199254740991.0) || d != (double)(uint64_t)d) {
        char shown[32];
        if (d != d)
            snprintf(shown, sizeof shown, "NaN");
        else if (d > 1.7976931348623157e308 || d < -1.7976931348623157e308)
            snprintf(shown, sizeof shown, "%sInfinity", d < 0 ? "-" : "");
        else /* the shortest that reads back, as JS prints it */
            for (int digits = 15; digits <= 17; digits++)
                if (snprintf(shown, sizeof shown, "%.*g", digits, d), strtod(shown, NULL) == d)
                    break;
        snprintf(msg, sizeof msg,
                 "The value of \"%s\" is out of range. It must be an integer >= 0 and <= "
                 "9007199254740991. Received %s",
                 arg, shown);
        throw_range(env, "ERR_OUT_OF_RANGE", msg);
        return -1;
    }
    *out = (size_t)(uint64_t)d;
    return 0;
}

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
static void hash_packed(const packed *p, const algo *a, encoding enc, uint8_t *out) {
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
static int packed_args(napi_env env, napi_callback_info info, algo *a, packed *p, encoding *enc,
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
static napi_value packed_sync(napi_env env, napi_callback_info info) {
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

/* --- Async: the same work on the libuv pool ----------------------------------
 * The pool thread reads only memory the job owns: the input is copied at
 * the call (a view's ArrayBuffer can be detached and freed while the work
 * runs, and the digests are of the bytes as they were at the call). The
 * result Buffer of packed work, which no JS sees before it resolves, is
 * pinned by a reference. */

typedef struct {
    napi_async_work work;
    napi_deferred deferred;
    int kind; /* 0: many, 1: packed */
    algo a;   /* wiped when the job ends */
    encoding enc;
    int text_as_bytes; /* many: the result as a Buffer (see many_args) */
    batch b;
    char *text; /* many: the flat result, filled on the pool */
    size_t total;
    packed p;
    uint8_t *input;   /* packed: the copy of the records p reads */
    napi_ref out_ref; /* packed: the result Buffer */
    uint8_t *out;
} async_job;

static void job_free(napi_env env, async_job *job) {
    free(job->input);
    if (job->out_ref)
        napi_delete_reference(env, job->out_ref);
    batch_free(&job->b);
    algo_wipe(&job->a);
    free(job->text);
    if (job->work)
        napi_delete_async_work(env, job->work);
    free(job);
}

static void job_execute(napi_env env, void *data) {
    (void)env; /* no JS on the pool thread */
    async_job *job = data;
    if (job->kind == 0)
        run_batch(&job->b, &job->a, job->enc, job->text);
    else
        hash_packed(&job->p, &job->a, job->enc, job->out);
}

static void job_complete(napi_env env, napi_status status, void *data) {
    async_job *job = data;
    napi_value result = NULL, error = NULL;
    if (status != napi_ok) {
        napi_value msg;
        napi_create_string_utf8(env, "fastsha256: the async work was cancelled",
                                NAPI_AUTO_LENGTH, &msg);
        napi_create_error(env, NULL, msg, &error);
    } else if (job->kind == 0) {
        result = flat_value(env, job->text, job->total, job->enc, job->text_as_bytes);
    } else {
        napi_get_reference_value(env, job->out_ref, &result);
    }
    if (!result && !error) {
        bool pending = false;
        napi_is_exception_pending(env, &pending);
        if (pending) {
            napi_get_and_clear_last_exception(env, &error);
        } else {
            napi_value msg;
            napi_create_string_utf8(env, "fastsha256: cannot create the result",
                                    NAPI_AUTO_LENGTH, &msg);
            napi_create_error(env, NULL, msg, &error);
        }
    }
    if (error)
        napi_reject_deferred(env, job->deferred, error);
    else
        napi_resolve_deferred(env, job->deferred, result);
    job_free(env, job);
}

static napi_value job_start(napi_env env, async_job *job, const char *name) {
    napi_value promise, resource_name;
    if (napi_create_promise(env, &job->deferred, &promise) != napi_ok ||
        napi_create_string_utf8(env, name, NAPI_AUTO_LENGTH, &resource_name) != napi_ok ||
        napi_create_async_work(env, NULL, resource_name, job_execute, job_complete, job,
                               &job->work) != napi_ok ||
        napi_queue_async_work(env, job->work) != napi_ok) {
        /* A created deferred must be settled: reject it, then report. */
        if (job->deferred) {
            napi_value e = NULL, msg;
            bool pending = false;
            napi_is_exception_pending(env, &pending);
            if (pending)
                napi_get_and_clear_last_exception(env, &e);
            if (!e) {
                napi_create_string_utf8(env, "fastsha256: cannot queue the work",
                                        NAPI_AUTO_LENGTH, &msg);
                napi_create_error(env, NULL, msg, &e);
            }
            napi_reject_deferred(env, job->deferred, e);
            job_free(env, job);
            return promise;
        }
        job_free(env, job);
        return check_pending(env, "fastsha256: cannot start the async work");
    }
    return promise;
}

static async_job *job_new(napi_env env) {
    async_job *job = calloc(1, sizeof *job);
    if (!job)
        throw_error(env, "ERR_MEMORY_ALLOCATION_FAILED", "fastsha256: out of memory");
    return job;
}

/* The flat output of a gathered batch, then the work. */
static napi_value many_job_start(napi_env env, async_job *job) {
    job->total = batch_out_size(&job->b, &job->a, job->enc);
    job->text = malloc(job->total + 1);
    if (!job->text) {
        job_free(env, job);
        return throw_error(env, "ERR_MEMORY_ALLOCATION_FAILED", "fastsha256: out of memory");
    }
    return job_start(env, job, "fastsha256ManyAsync");
}

/* manyArrayAsync and manyJoinedAsync: the arguments of manyArray and
 * manyJoined. Argument errors throw synchronously (index.js turns them into
 * a rejected Promise). Strings and views are copied. */
static napi_value many_async(napi_env env, napi_callback_info info, int joined) {
    async_job *job = job_new(env);
    if (!job)
        return NULL;
    if (many_args(env, info, joined, &job->a, &job->enc, &job->text_as_bytes, &job->b, 1) != 0) {
        job_free(env, job);
        return NULL;
    }
    return many_job_start(env, job);
}

static napi_value many_array_async(napi_env env, napi_callback_info info) {
    return many_async(env, info, 0);
}

static napi_value many_joined_async(napi_env env, napi_callback_info info) {
    return many_async(env, info, 1);
}

/* sha256PackedAsync(buffer, stride, length[, encoding]), hmacPackedAsync(key, ...) */
static napi_value packed_async(napi_env env, napi_callback_info info) {
    async_job *job = job_new(env);
    if (!job)
        return NULL;
    job->kind = 1;
    size_t size;
    napi_value out;
    void *outp = NULL;
    if (packed_args(env, info, &job->a, &job->p, &job->enc, &size) != 0) {
        job_free(env, job);
        return NULL;
    }
    /* The records' bytes, from the first to the end of the last. */
    size_t span = job->p.n ? (job->p.n - 1) * job->p.stride + job->p.len : 0;
    job->input = malloc(span ? span : 1);
    if (!job->input) {
        job_free(env, job);
        return throw_error(env, "ERR_MEMORY_ALLOCATION_FAILED", "fastsha256: out of memory");
    }
    if (span)
        memcpy(job->input, job->p.base, span);
    job->p.base = job->input;
    if (napi_create_buffer(env, size, &outp, &out) != napi_ok ||
        napi_create_reference(env, out, 1, &job->out_ref) != napi_ok) {
        job_free(env, job);
        return check_pending(env, "fastsha256: cannot prepare the async work");
    }
    job->out = outp;
    return job_start(env, job, "fastsha256PackedAsync");
}

/* --- timingSafeEqual(a, b): fastsha256_equal, node:crypto's errors ---------- */

static napi_value timing_safe_equal(napi_env env, napi_callback_info info) {
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
            char msg[160];
            snprintf(msg, sizeof msg,
                     "The \"%s\" argument must be an instance of ArrayBuffer, Buffer, TypedArray, "
                     "or DataView. Received type %s",
                     arg, type_name(env, argv[i]));
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

/* --- Backends ------------------------------------------------------------------- */

static napi_value backend(napi_env env, napi_callback_info info) {
    (void)info;
    napi_value r;
    NAPI_OK(napi_create_string_utf8(env, fastsha256_backend(), NAPI_AUTO_LENGTH, &r));
    return r;
}

static napi_value hex_backend(napi_env env, napi_callback_info info) {
    (void)info;
    napi_value r;
    NAPI_OK(napi_create_string_utf8(env, fastsha256_hex_backend(), NAPI_AUTO_LENGTH, &r));
    return r;
}

static napi_value name_list(napi_env env, size_t (*list)(const char **, size_t)) {
    const char *names[16];
    size_t n = list(names, 16);
    if (n > 16)
        n = 16;
    napi_value r;
    NAPI_OK(napi_create_array_with_length(env, n, &r));
    for (size_t i = 0; i < n; i++) {
        napi_value s;
        NAPI_OK(napi_create_string_utf8(env, names[i], NAPI_AUTO_LENGTH, &s));
        NAPI_OK(napi_set_element(env, r, (uint32_t)i, s));
    }
    return r;
}

static napi_value backends(napi_env env, napi_callback_info info) {
    (void)info;
    return name_list(env, fastsha256_backends);
}

static napi_value all_backends(napi_env env, napi_callback_info info) {
    (void)info;
    return name_list(env, fastsha256_all_backends);
}

/* setBackend(name): "auto" returns to the automatic choice. */
static napi_value set_backend(napi_env env, napi_callback_info info) {
    size_t argc = 1;
    napi_value arg = NULL;
    NAPI_OK(napi_get_cb_info(env, info, &argc, &arg, NULL, NULL));
    if (expect_string(env, argc, arg, "name") != 0)
        return NULL;
    char name[32];
    size_t n = 0;
    NAPI_OK(napi_get_value_string_utf8(env, arg, name, sizeof name, &n));
    /* Too long, or a NUL inside ("scalar\0junk" is no backend's name). */
    int bad = n >= sizeof name - 1 || strlen(name) != n;
    if (!bad && strcmp(name, "auto") == 0) {
        fastsha256_reset_backend();
    } else if (bad || fastsha256_set_backend(name) != 0) {
        char msg[128];
        snprintf(msg, sizeof msg, "Unknown or unsupported fastsha256 backend: '%.31s%s'", name,
                 n >= sizeof name - 1 ? "..." : strlen(name) != n ? "\\0..." : "");
        return throw_error(env, "ERR_FASTSHA256_BACKEND", msg);
    }
    napi_value r;
    NAPI_OK(napi_create_string_utf8(env, fastsha256_backend(), NAPI_AUTO_LENGTH, &r));
    return r;
}

/* --- Module ---------------------------------------------------------------------- */

/* --- Entry points for Bun's FFI (bindings/node/index.js) ---------------------
 * In Bun an FFI call costs a fifth of a Node-API call but still about as much
 * as hex-encoding a digest, so each of these is one crossing for what would
 * otherwise be two (hash, then hex). Plain C arguments, checked by the JS
 * side: out holds 65 bytes (the hex and the NUL fastsha256_to_hex writes).
 * (Returning out, for bun:ffi's "cstring" return to make the string,
 * measured no faster than the Buffer slice index.js makes.) */
#define FFI_EXPORT __attribute__((visibility("default")))

FFI_EXPORT void fastsha256_node_hex(const void *data, size_t len, uint32_t is224, char *out) {
    if (is224)
        fastsha224_hex(data, len, out);
    else
        fastsha256_hex(data, len, out);
}

FFI_EXPORT void fastsha256_node_hmac_hex(const void *key, size_t keylen, const void *msg,
                                         size_t len, uint32_t is224, char *out) {
    uint8_t tag[FASTSHA256_DIGEST_SIZE];
    if (is224)
        fastsha224_hmac(key, keylen, msg, len, tag);
    else
        fastsha256_hmac(key, keylen, msg, len, tag);
    fastsha256_to_hex(tag, is224 ? FASTSHA224_DIGEST_SIZE : FASTSHA256_DIGEST_SIZE, out);
}

/* Bun's sha256Many/sha224Many of all-ASCII strings: index.js encodes the
 * joined strings with TextEncoder and passes plain memory, message i being
 * lens[i] bytes after the previous one. flags: FFI_SHA224, FFI_HEX (hex
 * text instead of digests); out holds n times the encoded width, written
 * back to back without NULs. (sha256Packed the same way measured no faster
 * than its native: its time goes to the new result Buffer either way.) */
enum { FFI_SHA224 = 1, FFI_HEX = 4 };

FFI_EXPORT void fastsha256_node_many(uint32_t flags, const uint8_t *bytes, const uint32_t *lens,
                                     size_t n, char *out) {
    algo a;
    memset(&a, 0, sizeof a);
    a.f.is224 = (flags & FFI_SHA224) != 0;
    encoding enc = flags & FFI_HEX ? ENC_HEX : ENC_BUFFER;
    size_t size = digest_size(a.f), w = enc_width(enc, size);
    const void *msgs[SLICE];
    size_t sizes[SLICE];
    uint8_t digests[SLICE][32];
    for (size_t from = 0; from < n; from += SLICE) {
        size_t k = n - from < SLICE ? n - from : SLICE;
        for (size_t i = 0; i < k; i++) {
            msgs[i] = bytes;
            sizes[i] = lens[from + i];
            bytes += sizes[i];
        }
        hash_messages(&a, msgs, sizes, k, digests);
        encode_flat((const uint8_t(*)[32])digests, k, size, enc, out + from * w);
    }
}

static napi_value init(napi_env env, napi_value exports) {
    napi_value version, ctx_size;
    NAPI_OK(napi_create_string_utf8(env, fastsha256_version(), NAPI_AUTO_LENGTH, &version));
    NAPI_OK(napi_create_uint32(env, (uint32_t)sizeof(fastsha256_ctx), &ctx_size));
#define FN(name, fn, f) {name, NULL, fn, NULL, NULL, NULL, napi_enumerable, (void *)(f)}
    const napi_property_descriptor props[] = {
        FN("sha256", one_shot, &flavor_sha256),
        FN("sha224", one_shot, &flavor_sha224),
        FN("hmac256", one_shot, &flavor_hmac256),
        FN("hmac224", one_shot, &flavor_hmac224),
        FN("manyArray256", many_array, &flavor_sha256),
        FN("manyArray224", many_array, &flavor_sha224),
        FN("manyJoined256", many_joined, &flavor_sha256),
        FN("manyJoined224", many_joined, &flavor_sha224),
        FN("manyArrayAsync256", many_array_async, &flavor_sha256),
        FN("manyArrayAsync224", many_array_async, &flavor_sha224),
        FN("manyJoinedAsync256", many_joined_async, &flavor_sha256),
        FN("manyJoinedAsync224", many_joined_async, &flavor_sha224),
        FN("hmacManyArray256", many_array, &flavor_hmac256),
        FN("hmacManyArray224", many_array, &flavor_hmac224),
        FN("hmacManyJoined256", many_joined, &flavor_hmac256),
        FN("hmacManyJoined224", many_joined, &flavor_hmac224),
        FN("hmacManyArrayAsync256", many_array_async, &flavor_hmac256),
        FN("hmacManyArrayAsync224", many_array_async, &flavor_hmac224),
        FN("hmacManyJoinedAsync256", many_joined_async, &flavor_hmac256),
        FN("hmacManyJoinedAsync224", many_joined_async, &flavor_hmac224),
        FN("sha256Packed", packed_sync, &flavor_sha256),
        FN("sha256PackedAsync", packed_async, &flavor_sha256),
        FN("hmacPacked", packed_sync, &flavor_hmac256),
        FN("hmacPackedAsync", packed_async, &flavor_hmac256),
        FN("ctxInit", ctx_init, NULL),
        FN("ctxUpdate", ctx_update, NULL),
        FN("ctxDigest", ctx_digest, NULL),
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
    return exports;
}

NAPI_MODULE(NODE_GYP_MODULE_NAME, init)
