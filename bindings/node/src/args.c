/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Arguments of the addon's natives: errors in node:crypto's words, the
 * bytes of strings and views, HMAC keys and whole numbers. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "node_internal.h"

/* --- Errors ----------------------------------------------------------------- */

/* Returns NULL so callers can `return fail(...)`. */
napi_value throw_type(napi_env env, const char *code, const char *msg) {
    napi_throw_type_error(env, code, msg);
    return NULL;
}

napi_value throw_range(napi_env env, const char *code, const char *msg) {
    napi_throw_range_error(env, code, msg);
    return NULL;
}

napi_value throw_error(napi_env env, const char *code, const char *msg) {
    napi_throw_error(env, code, msg);
    return NULL;
}

/* A failed napi call with no exception pending becomes an Error. */
napi_value check_pending(napi_env env, const char *what) {
    bool pending = false;
    napi_is_exception_pending(env, &pending);
    if (!pending)
        napi_throw_error(env, NULL, what);
    return NULL;
}


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

static void drop_describe(napi_env env, void *data, void *hint) {
    (void)hint;
    napi_delete_reference(env, (napi_ref)data);
}

/* setDescribe(fn): lib/errors.js's describe, which words the "Received ..."
 * part of every argument error as node:crypto does (index.js hands it over
 * once: one wording for the addon and the WebAssembly natives). */
napi_value set_describe(napi_env env, napi_callback_info info) {
    size_t argc = 1;
    napi_value fn;
    napi_valuetype t = napi_undefined;
    napi_ref ref;
    NAPI_OK(napi_get_cb_info(env, info, &argc, &fn, NULL, NULL));
    if (argc < 1 || napi_typeof(env, fn, &t) != napi_ok || t != napi_function)
        return throw_type(env, "ERR_INVALID_ARG_TYPE", "setDescribe takes a function");
    NAPI_OK(napi_create_reference(env, fn, 1, &ref));
    NAPI_OK(napi_set_instance_data(env, ref, drop_describe, NULL));
    return NULL;
}

/* What v is, in node:crypto's words ("undefined", "type number (1)", "an
 * instance of Object"), into buf; v NULL is a missing argument. Before
 * setDescribe, or if describe fails, "type <typeof>" (or undefined/null). */
const char *received(napi_env env, napi_value v, char *buf, size_t size) {
    void *data = NULL;
    napi_value fn, recv, text, undefined;
    bool pending = false;
    if (!v && napi_get_undefined(env, &undefined) == napi_ok)
        v = undefined;
    if (v && napi_get_instance_data(env, &data) == napi_ok && data &&
        napi_get_reference_value(env, (napi_ref)data, &fn) == napi_ok && fn &&
        napi_get_undefined(env, &recv) == napi_ok &&
        napi_call_function(env, recv, fn, 1, &v, &text) == napi_ok &&
        napi_get_value_string_utf8(env, text, buf, size, NULL) == napi_ok)
        return buf;
    if (napi_is_exception_pending(env, &pending) == napi_ok && pending) {
        napi_value ignored;
        napi_get_and_clear_last_exception(env, &ignored);
    }
    const char *name = v ? type_name(env, v) : "undefined";
    int bare = strcmp(name, "undefined") == 0 || strcmp(name, "null") == 0;
    snprintf(buf, size, "%s%s", bare ? "" : "type ", name);
    return buf;
}

/* 0 when v (one of argc arguments) is a string, else -1 with a TypeError
 * naming arg. */
int expect_string(napi_env env, size_t argc, napi_value v, const char *arg) {
    napi_valuetype t = napi_undefined;
    if (argc > 0)
        napi_typeof(env, v, &t);
    if (t == napi_string)
        return 0;
    char msg[224], what[96];
    snprintf(msg, sizeof msg, "The \"%s\" argument must be of type string. Received %s", arg,
             received(env, argc > 0 ? v : NULL, what, sizeof what));
    throw_type(env, "ERR_INVALID_ARG_TYPE", msg);
    return -1;
}

napi_value bad_data(napi_env env, const char *arg, napi_value v, int strings) {
    char msg[320], what[96];
    snprintf(msg, sizeof msg,
             "The \"%s\" argument must be of type %san instance of Buffer, TypedArray, "
             "DataView, or ArrayBuffer. Received %s",
             arg, strings ? "string or " : "", received(env, v, what, sizeof what));
    return throw_type(env, "ERR_INVALID_ARG_TYPE", msg);
}

/* --- Input: JS values to byte ranges ------------------------------------- */

/* Bytes of a Buffer, TypedArray, DataView or ArrayBuffer (any offset).
 * Returns 1 when v is one of them (*data, *len set), 0 when it is not,
 * -1 with an exception pending (detached). */
int view_bytes(napi_env env, napi_value v, const char *arg, const uint8_t **data,
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
int data_bytes(napi_env env, napi_value v, const char *arg, char *stack, char **heap,
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

void key_release(key_input *k) {
    fsb_wipe(k->stack, sizeof k->stack);
    if (k->heap) {
        fsb_wipe(k->heap, k->len);
        free(k->heap);
        k->heap = NULL;
    }
}

/* Returns 0, or -1 with an exception pending (a TypeError naming "key"). */
int key_get(napi_env env, napi_value v, key_input *k) {
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
        char msg[320], what[96];
        snprintf(msg, sizeof msg,
                 "The \"key\" argument must be of type string or an instance of ArrayBuffer, "
                 "Buffer, TypedArray, DataView, KeyObject, or CryptoKey. Received %s",
                 received(env, v, what, sizeof what));
        throw_type(env, "ERR_INVALID_ARG_TYPE", msg);
    }
    return r > 0 ? 0 : -1;
}

/* The prepared key of an HMAC flavour from argument v (nothing to do for
 * plain hashes). Returns 0, or -1 with an exception pending. */
int algo_get(napi_env env, const fsb_flavor *f, napi_value v, fsb_algo *a) {
    key_input k;
    memset(a, 0, sizeof *a); /* the caller wipes it, a bad key too */
    if (f->hmac && key_get(env, v, &k) != 0)
        return -1;
    fsb_algo_init(a, *f, f->hmac ? k.data : NULL, f->hmac ? k.len : 0);
    if (f->hmac)
        key_release(&k);
    return 0;
}

/* --- Numbers ---------------------------------------------------------------- */

int get_size(napi_env env, napi_value v, const char *arg, size_t *out) {
    napi_valuetype t = napi_undefined;
    if (v)
        napi_typeof(env, v, &t);
    char msg[224], what[96];
    if (t != napi_number) {
        snprintf(msg, sizeof msg, "The \"%s\" argument must be of type number. Received %s",
                 arg, received(env, v, what, sizeof what));
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

/* The bytes of a Uint8Array (or Buffer) argument, "" when empty; -1 for
 * anything else, with no exception (lib/kdf.js checked it first). */
int uint8_array_bytes(napi_env env, napi_value v, const uint8_t **p, size_t *n) {
    bool is_typed = false;
    napi_typedarray_type type;
    void *data = NULL;
    if (napi_is_typedarray(env, v, &is_typed) != napi_ok || !is_typed) return -1;
    if (napi_get_typedarray_info(env, v, &type, n, &data, NULL, NULL) != napi_ok) return -1;
    if (type != napi_uint8_array) return -1;
    *p = *n ? data : (const uint8_t *)"";
    return 0;
}

/* A whole number in [min, max]; -1 for anything else, with no exception. */
int uint32_in_range(napi_env env, napi_value v, double min, double max, uint32_t *out) {
    double d;
    if (napi_get_value_double(env, v, &d) != napi_ok) return -1;
    if (!(d >= min && d <= max) || d != (double)(uint32_t)d) return -1;
    *out = (uint32_t)d;
    return 0;
}
