/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* What the Node addon and the Python module both do around the library,
 * once: wiping, the SHA-256/SHA-224/HMAC flavours and their names, batches
 * cut in chunks, packed records, backend names. Plain C over
 * include/fastsha256.h: no hashing of its own, no Node-API or Python types,
 * no allocation, no error text (each binding words its errors in its
 * ecosystem's terms). Hidden: nothing here is exported from either. */
#ifndef FASTSHA256_BINDINGS_FSB_CORE_H
#define FASTSHA256_BINDINGS_FSB_CORE_H

#include <stddef.h>
#include <stdint.h>

#include "fastsha256.h"

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC visibility push(hidden)
#endif

/* Zeroes memory that held secrets, in a way the compiler keeps. */
void fsb_wipe(void *p, size_t n);

/* --- Flavours: SHA-256 or SHA-224, plain or HMAC --------------------------- */

typedef struct {
    int is224;
    int hmac;
} fsb_flavor;

extern const fsb_flavor fsb_sha256, fsb_sha224, fsb_hmac256, fsb_hmac224;

static inline size_t fsb_digest_size(fsb_flavor f) {
    return f.is224 ? FASTSHA224_DIGEST_SIZE : FASTSHA256_DIGEST_SIZE;
}

/* Which names each binding's ecosystem gives the two hashes. */
typedef enum {
    FSB_NAMES_HASHLIB, /* "sha256", "sha224" (hashlib.new, hmac's digestmod) */
    FSB_NAMES_OPENSSL, /* those and OpenSSL's aliases: "SHA2-256", "RSA-SHA224", ... (node:crypto) */
} fsb_names;

/* The plain flavour named by the len bytes at name (ASCII, any case; a NUL
 * inside matches nothing). 0 with *f set, or -1 for an unknown name. */
int fsb_flavor_by_name(const char *name, size_t len, fsb_names names, fsb_flavor *f);

/* A flavour and, for HMAC, its prepared key: what a batch or stream runs. */
typedef struct {
    fsb_flavor f;
    fastsha256_hmac_key key; /* zero for a plain flavour */
} fsb_algo;

/* Sets a to flavour f, preparing the key of an HMAC flavour (key, keylen
 * ignored for a plain one). The caller wipes a (fsb_algo_wipe). */
void fsb_algo_init(fsb_algo *a, fsb_flavor f, const void *key, size_t keylen);
void fsb_algo_wipe(fsb_algo *a);
/* The algo of a plain flavour (SHA-256 or SHA-224 by f.is224): nothing to
 * prepare or wipe. */
const fsb_algo *fsb_plain(fsb_flavor f);

/* One message's digest or tag into out (28 or 32 bytes); key, keylen only
 * for an HMAC flavour. */
void fsb_digest(fsb_flavor f, const void *key, size_t keylen, const void *data, size_t len,
                uint8_t out[FASTSHA256_DIGEST_SIZE]);
/* The hex digest of a plain flavour, NUL-terminated (57 or 65 bytes). */
void fsb_hex(fsb_flavor f, const void *data, size_t len, char out[FASTSHA256_HEX_SIZE]);
/* A new plain context of flavour f (only its is224 counts). */
void fsb_ctx_init(fastsha256_ctx *ctx, fsb_flavor f);

/* An incremental hash or HMAC: both bindings' stream objects hold one. */
typedef struct {
    union {
        fastsha256_ctx hash;
        fastsha256_hmac_ctx hmac; /* key-derived states: wipe when done */
    } u;
    int is_hmac;
    int digest_size; /* 32 or 28 */
} fsb_stream;

void fsb_stream_init(fsb_stream *s, const fsb_algo *a);
void fsb_stream_update(fsb_stream *s, const void *data, size_t len);
/* Writes the digest_size bytes of the digest or tag; the library wipes the
 * context. */
void fsb_stream_final(fsb_stream *s, uint8_t out[FASTSHA256_DIGEST_SIZE]);

/* --- Batches in chunks -------------------------------------------------------
 * Each binding hashes a batch a chunk at a time, of a size it chooses: so
 * the digests (and their text) stay in the cache, so the GIL or the event
 * loop can be let go between chunks, and so no per-message state is
 * allocated. */

/* The most messages a chunk can hold. */
#define FSB_MAX_CHUNK 512

/* Digests of k messages of flavour a into 32-byte slots (SHA-224 and
 * HMAC-SHA224 fill the first 28 bytes of each); any k. */
void fsb_hash_many(const fsb_algo *a, const void *const *msgs, const size_t *lens, size_t k,
                   uint8_t (*digests)[32]);

/* Where a batch's n messages are. */
typedef enum {
    FSB_ARRAY,   /* msgs[i], lens[i] bytes */
    FSB_RECORDS, /* len bytes at base + i * stride (packed records) */
    FSB_JOINED,  /* back to back from bytes, lens32[i] bytes each */
} fsb_layout;

typedef struct {
    fsb_layout layout;
    size_t n;
    const void *const *msgs; /* FSB_ARRAY */
    const size_t *lens;
    const uint8_t *base; /* FSB_RECORDS */
    size_t stride, len;
    const uint8_t *bytes; /* FSB_JOINED */
    const uint32_t *lens32;
} fsb_batch;

/* Takes the digests of messages [from, from + k) of a batch. */
typedef void (*fsb_emit)(void *ctx, size_t from, size_t k, const uint8_t (*digests)[32]);

/* Hashes b with a, chunk (1 to FSB_MAX_CHUNK) messages at a time, handing
 * each chunk's digests to emit in order. Touches only b's memory and what
 * emit does, so it runs on any thread. */
void fsb_batch_run(const fsb_batch *b, const fsb_algo *a, size_t chunk, fsb_emit emit,
                   void *ctx);

/* --- Packed records: equal-length messages at a stride in one buffer ------- */

/* What the bytes after the last whole stride are, each binding's policy. */
typedef enum {
    FSB_RECORDS_FLOOR, /* ignored: floor(size / stride) records (Node) */
    FSB_RECORDS_WHOLE, /* the last record without its padding when at least
                        * len bytes, else refused (Python) */
} fsb_records_policy;

/* Checks a record layout: 0, or -1 for a zero stride or one below len. */
int fsb_records_check(size_t stride, size_t len);
/* How many records of a valid layout size bytes hold: 0 with *n set, or -1
 * when policy refuses the tail. */
int fsb_records_count(size_t size, size_t stride, size_t len, fsb_records_policy policy,
                      size_t *n);

/* --- Backends ---------------------------------------------------------------- */

/* Room for the names of every backend. */
#define FSB_MAX_BACKENDS 16

/* The names a lister gives (fastsha256_backends or fastsha256_all_backends),
 * at most FSB_MAX_BACKENDS; returns how many. */
size_t fsb_backend_names(size_t (*list)(const char **, size_t),
                         const char *names[FSB_MAX_BACKENDS]);
/* Switches to the backend named by the len bytes at name (NUL-terminated
 * after them); "auto" returns to the automatic choice. 0, or -1 (nothing
 * changed) for a name with a NUL inside, or unknown or unsupported here. */
int fsb_select_backend(const char *name, size_t len);

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC visibility pop
#endif

#endif
