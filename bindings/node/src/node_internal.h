/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* What the files of the Node-API addon share: the types a native's
 * arguments become, and the helpers that read and write them. Everything
 * declared here is hidden: the addon's exported symbols are its module
 * entry, fsn_kdf_register (node_kdf.h) and the Bun FFI calls (bun_ffi.c). */
#ifndef FASTSHA256_NODE_INTERNAL_H
#define FASTSHA256_NODE_INTERNAL_H

#define NAPI_VERSION 8
#include <node_api.h>

#include <stddef.h>
#include <stdint.h>

#include "fastsha256.h"
#include "fsb_core.h"

/* Strings up to this many UTF-8 bytes are converted on the stack. */
#define SHORT_STRING 256
/* Batches are hashed, encoded and handed to JS in slices of this many
 * messages, so digests and hex strings stay in the cache. */
#define SLICE 256
_Static_assert(SLICE <= FSB_MAX_CHUNK, "a slice is one chunk of fsb_batch_run");

typedef enum {
    ENC_BUFFER, /* absent, undefined or "buffer" */
    ENC_HEX,
    ENC_BASE64,
    ENC_BASE64URL,
    ENC_LATIN1, /* "latin1" or "binary" */
    ENC_INVALID
} encoding;

/* What a native computes, fsb_flavor (bindings/common/fsb_core.h): each
 * native gets one of the core's four flavours as its data pointer; an HMAC
 * one takes the key as its first argument. A batch runs an fsb_algo (the
 * flavour and, for HMAC, its prepared key). */

/* An HMAC key argument as bytes: a string (UTF-8, copied here, wiped by
 * key_release) or a view of JS memory. */
typedef struct {
    char stack[SHORT_STRING];
    char *heap;
    const uint8_t *data;
    size_t len;
} key_input;

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

#define NAPI_OK(call)                                                                  \
    do {                                                                               \
        if ((call) != napi_ok)                                                         \
            return check_pending(env, "fastsha256: Node-API call failed: " #call);    \
    } while (0)

#pragma GCC visibility push(hidden)

/* args.c: errors (each returns NULL so callers can `return throw_...`),
 * argument types, bytes of JS values, keys, numbers. */
napi_value throw_type(napi_env env, const char *code, const char *msg);
napi_value throw_range(napi_env env, const char *code, const char *msg);
napi_value throw_error(napi_env env, const char *code, const char *msg);
napi_value check_pending(napi_env env, const char *what);
const char *received(napi_env env, napi_value v, char *buf, size_t size);
napi_value set_describe(napi_env env, napi_callback_info info);
int expect_string(napi_env env, size_t argc, napi_value v, const char *arg);
napi_value bad_data(napi_env env, const char *arg, napi_value v, int strings);
int view_bytes(napi_env env, napi_value v, const char *arg, const uint8_t **data, size_t *len);
int data_bytes(napi_env env, napi_value v, const char *arg, char *stack, char **heap,
               const uint8_t **data, size_t *len);
void key_release(key_input *k);
int key_get(napi_env env, napi_value v, key_input *k);
int algo_get(napi_env env, const fsb_flavor *f, napi_value v, fsb_algo *a);
int get_size(napi_env env, napi_value v, const char *arg, size_t *out);
int uint8_array_bytes(napi_env env, napi_value v, const uint8_t **p, size_t *n);
int uint32_in_range(napi_env env, napi_value v, double min, double max, uint32_t *out);

/* encodings.c: encoding names in, digests out. */
encoding parse_encoding(napi_env env, napi_value v, const char *arg);
napi_value encode_digest(napi_env env, const uint8_t *digest, size_t size, encoding enc);
size_t enc_width(encoding enc, size_t size);
void encode_flat(const uint8_t (*digests)[32], size_t k, size_t size, encoding enc, char *dst);

/* batches.c */
void batch_free(batch *b);
void hash_flat(const fsb_batch *b, const fsb_algo *a, encoding enc, char *dst);
void run_batch(const batch *b, const fsb_algo *a, encoding enc, char *dst);
size_t batch_out_size(const batch *b, const fsb_algo *a, encoding enc);
napi_value flat_value(napi_env env, const char *text, size_t total, encoding enc,
                      int text_as_bytes);
napi_value *flavored_args(napi_env env, napi_callback_info info, napi_value argv[6],
                          fsb_algo *a);
int many_args(napi_env env, napi_callback_info info, int joined, fsb_algo *a, encoding *enc,
              int *text_as_bytes, batch *b, int copy_views);

/* packed.c */
void hash_packed(const fsb_batch *p, const fsb_algo *a, encoding enc, uint8_t *out);
int packed_args(napi_env env, napi_callback_info info, fsb_algo *a, fsb_batch *p, encoding *enc,
                size_t *size);

/* The natives, each in the file of its concern; fastsha256_node.c lists them. */
napi_value one_shot(napi_env env, napi_callback_info info);
napi_value timing_safe_equal(napi_env env, napi_callback_info info);
napi_value algorithm_bits(napi_env env, napi_callback_info info);
napi_value ctx_init(napi_env env, napi_callback_info info);
napi_value ctx_update(napi_env env, napi_callback_info info);
napi_value ctx_digest(napi_env env, napi_callback_info info);
napi_value ctx_export(napi_env env, napi_callback_info info);
napi_value ctx_import(napi_env env, napi_callback_info info);
napi_value hmac_create(napi_env env, napi_callback_info info);
napi_value hash_update(napi_env env, napi_callback_info info);
napi_value hash_digest(napi_env env, napi_callback_info info);
napi_value many_array(napi_env env, napi_callback_info info);
napi_value many_joined(napi_env env, napi_callback_info info);
napi_value packed_sync(napi_env env, napi_callback_info info);
napi_value many_array_async(napi_env env, napi_callback_info info);
napi_value many_joined_async(napi_env env, napi_callback_info info);
napi_value packed_async(napi_env env, napi_callback_info info);
napi_value backend(napi_env env, napi_callback_info info);
napi_value hex_backend(napi_env env, napi_callback_info info);
napi_value backends(napi_env env, napi_callback_info info);
napi_value all_backends(napi_env env, napi_callback_info info);
napi_value set_backend(napi_env env, napi_callback_info info);

#pragma GCC visibility pop

#endif
