/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Batches: an Array of messages, or the all-strings batch joined by
 * index.js, gathered into one batch and hashed through the lanes a slice at
 * a time (manyArray*, manyJoined* and their HMAC flavours). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "node_internal.h"

void batch_free(batch *b) {
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
        char msg[224], what[96];
        snprintf(msg, sizeof msg,
                 "The \"items\" argument must be an Array or an iterable. Received %s",
                 received(env, v, what, sizeof what));
        throw_type(env, "ERR_INVALID_ARG_TYPE", msg);
        return -1;
    }
    return napi_get_array_length(env, v, n) == napi_ok ? 0 : -1;
}

/* fsb_batch_run's digests, encoded back to back into dst. */
typedef struct {
    encoding enc;
    size_t size, width;
    char *dst;
} flat_sink;

static void emit_flat(void *ctx, size_t from, size_t k, const uint8_t (*digests)[32]) {
    const flat_sink *s = ctx;
    encode_flat(digests, k, s->size, s->enc, s->dst + from * s->width);
}

/* Hashes and encodes the messages of b into dst, a slice at a time so the
 * digests stay in the cache. Runs on any thread: no JS. */
void hash_flat(const fsb_batch *b, const fsb_algo *a, encoding enc, char *dst) {
    flat_sink s = {enc, fsb_digest_size(a->f), 0, dst};
    s.width = enc_width(enc, s.size);
    fsb_batch_run(b, a, SLICE, emit_flat, &s);
}

/* A gathered batch, hashed and encoded into dst. */
void run_batch(const batch *b, const fsb_algo *a, encoding enc, char *dst) {
    fsb_batch all = {.layout = FSB_ARRAY, .n = b->n, .msgs = b->msgs, .lens = b->lens};
    hash_flat(&all, a, enc, dst);
}

size_t batch_out_size(const batch *b, const fsb_algo *a, encoding enc) {
    return b->n * enc_width(enc, fsb_digest_size(a->f));
}

/* The flat result of text (malloc'd or NULL for none) or bytes; text too as a
 * Buffer with text_as_bytes. */
napi_value flat_value(napi_env env, const char *text, size_t total, encoding enc,
                      int text_as_bytes) {
    napi_value r;
    if (enc == ENC_BUFFER || text_as_bytes)
        NAPI_OK(napi_create_buffer_copy(env, total, total ? text : "", NULL, &r));
    else
        NAPI_OK(napi_create_string_latin1(env, total ? text : "", total, &r));
    return r;
}

/* Runs a gathered batch now and returns its flat result. */
static napi_value batch_now(napi_env env, batch *b, const fsb_algo *a, encoding enc,
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
napi_value *flavored_args(napi_env env, napi_callback_info info, napi_value argv[6],
                          fsb_algo *a) {
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
 * made through Node-API costs more than hashing; lib/bun.js slices the Buffer
 * instead). Gathers the batch into b and its algorithm into a; with
 * copy_views (async work), copies the views. Returns 0, or -1 with an
 * exception pending (a and b are then for the caller to free). */
int many_args(napi_env env, napi_callback_info info, int joined, fsb_algo *a, encoding *enc,
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
    fsb_algo a;
    encoding enc;
    int text_as_bytes;
    batch b;
    napi_value r = NULL;
    if (many_args(env, info, joined, &a, &enc, &text_as_bytes, &b, 0) == 0)
        r = batch_now(env, &b, &a, enc, text_as_bytes);
    fsb_algo_wipe(&a);
    batch_free(&b);
    return r;
}

napi_value many_array(napi_env env, napi_callback_info info) {
    return many_sync(env, info, 0);
}

napi_value many_joined(napi_env env, napi_callback_info info) {
    return many_sync(env, info, 1);
}
