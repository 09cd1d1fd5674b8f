/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* fastsha256: the fastest correct SHA-256 (and SHA-224) on every CPU it runs on.
 *
 * Thread safety: every function may be called from any thread. The backend is
 * chosen once, at first use, race-free; a context must not be shared between
 * threads without the caller's own locking.
 * Inputs: `data` may be NULL only when its length is 0 (a NULL with a non-zero
 * length, or a length that runs past the end of the address space, is a
 * caller bug: it is never dereferenced and hashes as if empty); any
 * alignment; any length up to SIZE_MAX (the bit count is 64-bit). The
 * library never allocates, prints, aborts or exits. */
#ifndef FASTSHA256_H
#define FASTSHA256_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Exported from the shared library (built with hidden visibility). */
#if defined(__GNUC__)
#  define FASTSHA256_API __attribute__((visibility("default")))
#else
#  define FASTSHA256_API
#endif

/* The one place the version is written; CMake reads it from here. */
#define FASTSHA256_VERSION_MAJOR 0
#define FASTSHA256_VERSION_MINOR 2
#define FASTSHA256_VERSION_PATCH 0
#define FASTSHA256_VERSION_STR_(x) #x
#define FASTSHA256_VERSION_STR(x) FASTSHA256_VERSION_STR_(x)
#define FASTSHA256_VERSION_STRING                                                              \
    FASTSHA256_VERSION_STR(FASTSHA256_VERSION_MAJOR) "."                                      \
    FASTSHA256_VERSION_STR(FASTSHA256_VERSION_MINOR) "."                                      \
    FASTSHA256_VERSION_STR(FASTSHA256_VERSION_PATCH)
#define FASTSHA256_DIGEST_SIZE 32
#define FASTSHA224_DIGEST_SIZE 28
#define FASTSHA256_BLOCK_SIZE  64
#define FASTSHA256_HEX_SIZE    65 /* 64 hex characters and a NUL */
#define FASTSHA224_HEX_SIZE    57 /* 56 hex characters and a NUL */

/* Caller-allocated streaming context. Its fields are private. */
typedef struct fastsha256_ctx {
    uint32_t state[8];
    uint64_t total_len;      /* bytes so far; the bit count is this * 8 mod 2^64 */
    uint8_t  buffer[FASTSHA256_BLOCK_SIZE];
    uint32_t buffered;       /* bytes waiting in buffer */
    uint32_t digest_size;    /* 32 for SHA-256, 28 for SHA-224 */
} fastsha256_ctx;

/* --- Streaming ---------------------------------------------------------- */
FASTSHA256_API void fastsha256_init(fastsha256_ctx *ctx);
FASTSHA256_API void fastsha224_init(fastsha256_ctx *ctx);
FASTSHA256_API void fastsha256_update(fastsha256_ctx *ctx, const void *data, size_t len);
/* Writes 32 bytes (28 after fastsha224_init), then wipes the context (state,
 * length and buffered bytes; the digest size stays) and marks it finalized. A finalized context ignores update, and final writes
 * zeros of its type's digest size (28 or 32 bytes) again; a zeroed,
 * never-initialized context behaves the same and counts as SHA-256 (32
 * zero bytes). Init makes either usable again. */
FASTSHA256_API void fastsha256_final(fastsha256_ctx *ctx, uint8_t *out);

/* --- Saved states: resume a stream later, in Go's format ------------------
 * FASTSHA256_STATE_SIZE bytes, exactly what Go's sha256.New() / New224()
 * MarshalBinary writes and UnmarshalBinary reads: "sha\x03" (SHA-256) or
 * "sha\x02" (SHA-224), the eight state words big-endian, the 64-byte block
 * buffer (the bytes not yet hashed, then zeros), the total length in bytes
 * as a big-endian 64-bit number (the buffered count is that mod 64).
 * export: writes the state and returns 0; -1 with nothing written for a
 * finalized or never-initialized context or a NULL pointer.
 * import: makes ctx the saved stream (SHA-256 or SHA-224 by the magic) and
 * returns 0; -1 with ctx untouched for a NULL pointer, a length other than
 * FASTSHA256_STATE_SIZE, an unknown magic, or a buffer whose unused tail is
 * not zero. Go ignores that tail; it is refused here because every writer
 * of the format (Go and this library) zeroes it, so a non-zero byte there
 * is a damaged or forged state, and accepting it would let two different
 * byte strings stand for one state. HMAC contexts have no saved form: their
 * states are key-equivalent (whoever holds them can make tags), and Go
 * gives its HMAC none either. */
#define FASTSHA256_STATE_SIZE 108
FASTSHA256_API int fastsha256_ctx_export(const fastsha256_ctx *ctx,
                                         uint8_t out[FASTSHA256_STATE_SIZE]);
FASTSHA256_API int fastsha256_ctx_import(fastsha256_ctx *ctx, const void *in, size_t len);

/* --- One shot ------------------------------------------------------------ */
FASTSHA256_API void fastsha256(const void *data, size_t len, uint8_t out[32]);
FASTSHA256_API void fastsha224(const void *data, size_t len, uint8_t out[28]);

/* --- Batches: many independent messages at once (multi-buffer) ----------
 * Messages may have any lengths, mixed; digests come out in input order;
 * n may be 0; the same pointer may appear several times. Fastest: messages
 * of at most 55 bytes (one padded block) in runs of equal length, and
 * batches of a few hundred, so digests and hex strings stay in the cache. */
FASTSHA256_API void fastsha256_many(const void *const *msgs, const size_t *lens, size_t n,
                                    uint8_t (*out)[32]);
FASTSHA256_API void fastsha224_many(const void *const *msgs, const size_t *lens, size_t n,
                                    uint8_t (*out)[28]);
/* n messages of `len` bytes each, message i at base + i * stride
 * (stride >= len; records laid out contiguously need no pointer array). */
FASTSHA256_API void fastsha256_many_strided(const void *base, size_t stride, size_t len,
                                            size_t n, uint8_t (*out)[32]);

/* --- Many streams at once ------------------------------------------------
 * Advances n independent contexts, context i by lens[i] bytes of data[i],
 * interleaving their blocks on the lane kernels (SHA-NI x4/x2, AVX2 x8,
 * ARMv8 x2). Same result as n fastsha256_update calls, with the same rules:
 * any mix of SHA-256 and SHA-224 contexts, lengths and buffered tails;
 * data[i] may be NULL only when lens[i] is 0 (NULL with a length, or a
 * length past the end of the address space, adds nothing); a finalized or
 * never-initialized context is left as it is. Contexts should be distinct
 * (one that appears twice, or one that is not live, makes the whole call
 * fall back to plain updates in input order). */
FASTSHA256_API void fastsha256_update_many(fastsha256_ctx *const *ctxs, const void *const *data,
                                           const size_t *lens, size_t n);

/* --- Hex (lowercase, constant-time in the data) ------------------------- */
/* 2n characters then a NUL: out must hold 2n + 1 bytes. In both calls the
 * output may overlap the input if it does not start before it (in place:
 * out == bytes, the characters replace the bytes); output that starts
 * before the input and overlaps it is not supported. */
FASTSHA256_API void fastsha256_to_hex(const uint8_t *bytes, size_t n, char *out);
/* n digests to n NUL-terminated strings. */
FASTSHA256_API void fastsha256_to_hex_many(const uint8_t (*digests)[32], size_t n,
                                           char (*out)[65]);
/* One shot straight to hex: the digest of data as lowercase hex and a NUL,
 * exactly fastsha256() then fastsha256_to_hex() (out: FASTSHA256_HEX_SIZE
 * bytes; FASTSHA224_HEX_SIZE for fastsha224_hex). For messages of up to 55
 * bytes the digest goes from the kernel's registers to characters (SHA-NI):
 * the lowest latency for one hex string per call. */
FASTSHA256_API void fastsha256_hex(const void *data, size_t len, char out[65]);
FASTSHA256_API void fastsha224_hex(const void *data, size_t len, char out[57]);

/* --- HMAC-SHA256 and HMAC-SHA224 (RFC 2104) -------------------------------
 * Keys of any length: longer than a block (64 bytes) they are hashed first
 * (with SHA-256, or SHA-224 for HMAC-SHA224); empty keys work. A NULL key
 * or message with a non-zero length, or a length past the end of the
 * address space, is a caller bug and counts as empty (the empty key).
 * Key material is wiped from every context and stack buffer the library
 * used (the key block and pads, the hashed long key, the inner digests, and
 * the stack the kernels used, overwritten after each call that fed them
 * key blocks or key states). Tags compare with
 * fastsha256_equal, never memcmp. */
FASTSHA256_API void fastsha256_hmac(const void *key, size_t keylen, const void *msg, size_t len,
                                    uint8_t out[32]);
FASTSHA256_API void fastsha224_hmac(const void *key, size_t keylen, const void *msg, size_t len,
                                    uint8_t out[28]);

/* A key prepared once: the inner and outer states after the padded key
 * blocks, reused for many messages (each then costs no key blocks).
 * Caller-allocated; the fields are private (ABI: 72 bytes, 4-byte aligned).
 * Immutable after init: one key may serve many threads at once. */
typedef struct fastsha256_hmac_key {
    uint32_t inner[8];       /* private: state after (key ^ ipad) */
    uint32_t outer[8];       /* private: state after (key ^ opad) */
    uint32_t digest_size;    /* private: 32 (HMAC-SHA256) or 28 (HMAC-SHA224) */
    uint32_t reserved;       /* private: 0 */
} fastsha256_hmac_key;
FASTSHA256_API void fastsha256_hmac_key_init(fastsha256_hmac_key *k, const void *key,
                                             size_t keylen);
FASTSHA256_API void fastsha224_hmac_key_init(fastsha256_hmac_key *k, const void *key,
                                             size_t keylen);
/* Zeroes the key; init it again before any further use. */
FASTSHA256_API void fastsha256_hmac_key_wipe(fastsha256_hmac_key *k);

/* Streaming under a prepared key. Caller-allocated; the fields are private
 * (ABI: 144 bytes, 8-byte aligned). The context copies what it needs: the
 * key may be wiped while a context built from it is in use. A NULL key is a
 * caller bug: the context is zeroed (safe to use, its tag is meaningless). */
typedef struct fastsha256_hmac_ctx {
    fastsha256_ctx inner;    /* private: the inner hash, started after (key ^ ipad) */
    uint32_t outer[8];       /* private: state after (key ^ opad) */
} fastsha256_hmac_ctx;
FASTSHA256_API void fastsha256_hmac_init(fastsha256_hmac_ctx *c, const fastsha256_hmac_key *k);
FASTSHA256_API void fastsha256_hmac_update(fastsha256_hmac_ctx *c, const void *data, size_t len);
/* Writes 32 bytes (28 under a SHA-224 key), then wipes the context. On a
 * context already finalized it writes the tag's size (32 or 28) of zero
 * bytes, on a zeroed one 32: a caller bug made visible, never key-derived
 * bytes. */
FASTSHA256_API void fastsha256_hmac_final(fastsha256_hmac_ctx *c, uint8_t *out);

/* Many messages under one key, through the multi-buffer lanes: the inner
 * hashes of all messages, then the outer hashes of all inner digests, are
 * batched. Same rules as fastsha256_many (any lengths, tags in input order,
 * n may be 0; out must not overlap the messages). Under a SHA-224 key each
 * slot gets the 28-byte tag followed by 4 zero bytes (one output type for
 * both; compare the first 28). */
FASTSHA256_API void fastsha256_hmac_many(const fastsha256_hmac_key *k, const void *const *msgs,
                                         const size_t *lens, size_t n, uint8_t (*out)[32]);

/* Constant-time comparison for verifying a tag: 1 when the n bytes at a and
 * b are equal, else 0. Its time depends on n only, never on the bytes (no
 * data-dependent branch or memory access). n == 0 gives 1; a NULL pointer
 * with n > 0 gives 0. */
FASTSHA256_API int fastsha256_equal(const void *a, const void *b, size_t n);

/* --- Key derivation: PBKDF2 (RFC 8018) and HKDF (RFC 5869) ---------------
 * Passwords, salts, ikm and info of any length; a NULL one with a non-zero
 * length counts as empty (as HMAC's key and message do). Key material
 * (password blocks, key states, U, T, PRK) is wiped from every buffer and
 * the kernels' stack, as the HMAC calls do. out must not overlap the
 * inputs. */
/* PBKDF2 with HMAC-SHA256 / HMAC-SHA224. Returns 0, or -1 with nothing
 * written when iterations == 0, outlen == 0, outlen > (2^32 - 1) * hLen
 * (hLen 32 or 28) or out is NULL. The iteration loop is fused (no HMAC
 * framing per iteration) and, on SHA-NI, runs in registers; the output
 * blocks of outlen > hLen run side by side in the lanes. */
FASTSHA256_API int fastsha256_pbkdf2(const void *pw, size_t pwlen, const void *salt,
                                     size_t saltlen, uint64_t iterations, void *out,
                                     size_t outlen);
FASTSHA256_API int fastsha224_pbkdf2(const void *pw, size_t pwlen, const void *salt,
                                     size_t saltlen, uint64_t iterations, void *out,
                                     size_t outlen);
/* n independent PBKDF2-HMAC-SHA256 derivations with the same iteration
 * count and output length (several logins at once), their chains
 * interleaved on the lane kernels: derivation i from pw[i] (pwlen[i] bytes)
 * and salt[i] (saltlen[i]) to out + i * outlen; out holds n * outlen
 * bytes. Same return rule; n == 0 returns 0; NULL arrays with n > 0, or
 * n * outlen past SIZE_MAX, return -1 with nothing written. */
FASTSHA256_API int fastsha256_pbkdf2_many(const void *const *pw, const size_t *pwlen,
                                          const void *const *salt, const size_t *saltlen,
                                          size_t n, uint64_t iterations, void *out,
                                          size_t outlen);
/* HKDF-SHA256. extract: PRK = HMAC(salt, ikm) (a NULL salt is the RFC's
 * absent one: HashLen zeros, the same key as an empty salt); a NULL prk
 * writes nothing. expand: outlen bytes of OKM from prk and info; returns
 * 0, or -1 with nothing written when outlen > 255 * 32, or prk or out is
 * NULL with outlen > 0 (outlen == 0 returns 0). fastsha256_hkdf: extract
 * then expand, same return rule. */
FASTSHA256_API void fastsha256_hkdf_extract(const void *salt, size_t saltlen, const void *ikm,
                                            size_t ikmlen, uint8_t prk[32]);
FASTSHA256_API int fastsha256_hkdf_expand(const uint8_t prk[32], const void *info,
                                          size_t infolen, void *out, size_t outlen);
FASTSHA256_API int fastsha256_hkdf(const void *salt, size_t saltlen, const void *ikm,
                                   size_t ikmlen, const void *info, size_t infolen, void *out,
                                   size_t outlen);
/* HKDF-SHA224: the same calls with HMAC-SHA224, HashLen 28: a 28-byte PRK
 * (a NULL salt is 28 zeros, the same key as an empty salt), and -1 with
 * nothing written when outlen > 255 * 28. */
FASTSHA256_API void fastsha224_hkdf_extract(const void *salt, size_t saltlen, const void *ikm,
                                            size_t ikmlen, uint8_t prk[28]);
FASTSHA256_API int fastsha224_hkdf_expand(const uint8_t prk[28], const void *info,
                                          size_t infolen, void *out, size_t outlen);
FASTSHA256_API int fastsha224_hkdf(const void *salt, size_t saltlen, const void *ikm,
                                   size_t ikmlen, const void *info, size_t infolen, void *out,
                                   size_t outlen);

/* --- Hash trees: fs-verity, dm-verity, BitTorrent v2, Glacier, RFC 6962 ---
 * Every leaf goes through the lane kernels (fastsha256_many's scheduler);
 * fs-verity's and dm-verity's salt is absorbed once into a shared state the
 * leaves start from. Calls returning int give 0, or -1 with nothing written
 * for bad parameters (a block size that is not a power of two or is out of
 * the format's range, a salt too long, an unknown format, a NULL output).
 * Data as everywhere else: NULL only with length 0, lengths up to SIZE_MAX. */
#define FASTSHA256_FSVERITY_MAX_SALT 32
#define FASTSHA256_DMVERITY_MAX_SALT 256
#define FASTSHA256_TREE_MAX_LEVELS 16

/* fs-verity's file digest, as `fsverity digest --hash-alg=sha256
 * --block-size=N --salt=HEX` prints it: SHA-256 of the fs-verity descriptor
 * over the Merkle tree root. block_size: 1024..65536, a power of two;
 * salt: at most 32 bytes (salt_len 0: none). */
FASTSHA256_API int fastsha256_fsverity_digest(const void *data, size_t len, size_t block_size,
                                              const void *salt, size_t salt_len,
                                              uint8_t digest[32]);
/* dm-verity's root hash as `veritysetup format` prints it. Only whole data
 * blocks count (a partial last block is ignored, as veritysetup does); at
 * least one is needed. Block sizes: 512 bytes .. 512 KiB, powers of two;
 * salt: at most 256 bytes, used raw; format 1 hashes salt || block, format
 * 0 (Chrome OS) block || salt. Format 1 loads fastest (wide lanes) with
 * data at salt_len % 64 bytes past a 64-byte boundary. */
FASTSHA256_API int fastsha256_dmverity_root(const void *data, size_t len,
                                            size_t data_block_size, size_t hash_block_size,
                                            const void *salt, size_t salt_len, int format,
                                            uint8_t root[32]);
/* The size of the hash tree (veritysetup's --no-superblock hash device) for
 * len bytes of data into *size (0 when there is one data block). */
FASTSHA256_API int fastsha256_dmverity_tree_size(uint64_t len, size_t data_block_size,
                                                 size_t hash_block_size, uint64_t *size);
/* The root and the hash tree itself, levels in veritysetup's on-disk order
 * (the top level first): tree_size must be the size above exactly. */
FASTSHA256_API int fastsha256_dmverity_tree(const void *data, size_t len,
                                            size_t data_block_size, size_t hash_block_size,
                                            const void *salt, size_t salt_len, int format,
                                            void *tree, size_t tree_size, uint8_t root[32]);

/* Where a streaming tree puts bytes it produces: len bytes at this offset
 * of its output (dm-verity: the hash file; BitTorrent v2: the piece
 * layer, 32 bytes a piece). Offsets may come in any order; every byte of
 * the output is given exactly once. */
typedef void (*fastsha256_tree_sink)(void *arg, uint64_t offset, const void *bytes, size_t len);

/* Streaming fs-verity or dm-verity, for data of any size fed in pieces.
 * Caller-allocated, fields private (about 2.9 KiB). Levels are hashed as
 * they fill; nothing is kept but one partial block's state per level. */
typedef struct fastsha256_verity_level {
    fastsha256_ctx block;    /* private: the level's hash block being filled */
    uint64_t count;          /* private: digests in this level so far */
    uint8_t first[32];       /* private: the level's first digest */
} fastsha256_verity_level;
typedef struct fastsha256_verity {
    uint32_t kind, format, data_block_size, hash_block_size, salt_len, nlevels;
    uint8_t salt[FASTSHA256_DMVERITY_MAX_SALT];
    uint32_t salted[8];      /* private: the state after the salt's whole blocks */
    uint64_t salted_len, data_len, expect_len;
    fastsha256_ctx leaf;     /* private: the data block in progress */
    fastsha256_verity_level level[FASTSHA256_TREE_MAX_LEVELS];
    uint64_t level_offset[FASTSHA256_TREE_MAX_LEVELS];
    fastsha256_tree_sink sink;
    void *sink_arg;
} fastsha256_verity;
FASTSHA256_API int fastsha256_fsverity_init(fastsha256_verity *v, size_t block_size,
                                            const void *salt, size_t salt_len);
/* dm-verity needs the data's length up front (the tree's layout); sink,
 * when not NULL, gets the hash file's bytes (whole blocks, zero tails
 * included) as they are made. */
FASTSHA256_API int fastsha256_dmverity_init(fastsha256_verity *v, size_t data_block_size,
                                            size_t hash_block_size, const void *salt,
                                            size_t salt_len, int format, uint64_t data_len,
                                            fastsha256_tree_sink sink, void *sink_arg);
FASTSHA256_API void fastsha256_verity_update(fastsha256_verity *v, const void *data, size_t len);
/* For threads: the digests of nblocks whole data blocks at data (v only
 * read: any number of threads at once), then fed in data order with
 * add_leaves, which counts nblocks * data_block_size bytes. Feed through
 * add_leaves only while update holds no partial block. */
FASTSHA256_API void fastsha256_verity_leaves(const fastsha256_verity *v, const void *data,
                                             size_t nblocks, uint8_t (*out)[32]);
FASTSHA256_API void fastsha256_verity_add_leaves(fastsha256_verity *v,
                                                 const uint8_t (*digests)[32], size_t n);
/* fs-verity: the file digest; dm-verity: the root hash (-1 when the data
 * was not the length given to init or has no whole block). Wipes v. */
FASTSHA256_API int fastsha256_verity_final(fastsha256_verity *v, uint8_t out[32]);

/* BitTorrent v2 (BEP 52) `pieces root` of one file: 16 KiB leaves, the last
 * one short, zero hashes up to a power of two. An empty file has none: -1. */
FASTSHA256_API int fastsha256_bt2_pieces_root(const void *data, size_t len, uint8_t root[32]);
/* Its `piece layers` entry for piece_length (16 KiB * 2^k): *count hashes
 * (one a piece) to layer, at most max; files of at most one piece have
 * none (*count 0). -1, nothing written, when max is too small. */
FASTSHA256_API int fastsha256_bt2_piece_layer(const void *data, size_t len, size_t piece_length,
                                              uint8_t (*layer)[32], size_t max, size_t *count);
/* AWS Glacier / S3 SHA-256 tree hash: 1 MiB leaves, odd nodes promoted. */
FASTSHA256_API int fastsha256_glacier_tree_hash(const void *data, size_t len,
                                                uint8_t digest[32]);
/* RFC 6962 Merkle Tree Hash of n leaves (leaf hash SHA-256(0x00 || d),
 * node hash SHA-256(0x01 || left || right)); n == 0 gives SHA-256(""). */
FASTSHA256_API int fastsha256_rfc6962_root(const void *const *leaves, const size_t *lens,
                                           size_t n, uint8_t root[32]);
/* The audit path of leaf m (RFC 6962 section 2.1.1), nearest the leaf
 * first: *path_len (at most 64) hashes to path. -1 when m >= n. */
FASTSHA256_API int fastsha256_rfc6962_audit_path(const void *const *leaves, const size_t *lens,
                                                 size_t n, size_t m, uint8_t (*path)[32],
                                                 size_t *path_len);

/* Streaming binary trees: BitTorrent v2 and Glacier over bytes fed in
 * pieces, RFC 6962 over leaves fed in batches. Caller-allocated, fields
 * private (about 10.5 KiB): 256 leaf digests wait to be reduced together
 * through the lanes; above them one subtree root per level. */
#define FASTSHA256_MERKLE_CHUNK 256
typedef struct fastsha256_merkle {
    uint32_t kind, piece_level, npending, piece0_held;
    uint64_t leaves, data_len;
    fastsha256_ctx leaf;     /* private: the leaf in progress */
    uint8_t piece0[32];      /* private: the first piece's hash, until a second one */
    fastsha256_tree_sink sink;
    void *sink_arg;
    uint8_t stack[64][32];   /* private: subtree roots, level by level */
    uint8_t pending[FASTSHA256_MERKLE_CHUNK][32];
} fastsha256_merkle;
/* BitTorrent v2; piece_length 0, or 16 KiB * 2^k with sink getting the
 * piece layer (at offset 32 * piece), -1 otherwise. */
FASTSHA256_API int fastsha256_bt2_init(fastsha256_merkle *m, size_t piece_length,
                                       fastsha256_tree_sink sink, void *sink_arg);
FASTSHA256_API void fastsha256_glacier_init(fastsha256_merkle *m);
FASTSHA256_API void fastsha256_rfc6962_init(fastsha256_merkle *m);
/* BitTorrent v2 and Glacier: the next bytes of the file. The whole leaves
 * of one call go through the lanes together; a leaf split across calls is
 * hashed as one stream, so feed Glacier's 1 MiB leaves several at a time. */
FASTSHA256_API void fastsha256_merkle_update(fastsha256_merkle *m, const void *data, size_t len);
/* For threads, as fastsha256_verity_leaves: whole leaves (16 KiB or 1 MiB),
 * then their digests fed in order while update holds no partial leaf. */
FASTSHA256_API void fastsha256_merkle_leaves(const fastsha256_merkle *m, const void *data,
                                             size_t nleaves, uint8_t (*out)[32]);
FASTSHA256_API void fastsha256_merkle_add_leaves(fastsha256_merkle *m,
                                                 const uint8_t (*digests)[32], size_t n);
/* RFC 6962: n more leaves (each hashed with its 0x00 prefix). */
FASTSHA256_API void fastsha256_rfc6962_add(fastsha256_merkle *m, const void *const *leaves,
                                           const size_t *lens, size_t n);
/* The root (BitTorrent v2 of an empty file: -1); wipes m. */
FASTSHA256_API int fastsha256_merkle_final(fastsha256_merkle *m, uint8_t out[32]);

/* --- Backends -------------------------------------------------------------
 * Names, best first: "shani", "avx512", "avx2", "armv8", "simd128", "scalar"
 * (those compiled in: fastsha256_all_backends; simd128 is WebAssembly's). The
 * environment variable FASTSHA256_BACKEND=<name> forces one at first use (an unknown or unsupported
 * name leaves auto-selection in place; fastsha256_env_backend_ignored() says
 * so). FASTSHA256_HIDE=<feature,...> hides CPU features from detection (sha,
 * avx2, avx512, avx512batch, shanix4, bmi2, ssse3, sse4.1, neon, sha2, for
 * tests; shanix4: batches on two SHA-NI streams instead of four). FASTSHA256_NO_SELFTEST=1
 * skips the known-answer test of the chosen backend. All three are read
 * with secure_getenv where the C library has it: a setuid or setgid program
 * ignores them. */
FASTSHA256_API const char *fastsha256_backend(void);         /* active backend */
FASTSHA256_API const char *fastsha256_hex_backend(void);     /* active hex encoder */
/* 0 = done; -1 = unknown or unsupported here (nothing changes). */
FASTSHA256_API int fastsha256_set_backend(const char *name);
/* Back to the automatic choice (FASTSHA256_BACKEND is not read again). */
FASTSHA256_API void fastsha256_reset_backend(void);
/* Writes up to max names of the backends this CPU supports, best first;
 * returns how many there are (names may be NULL to count). */
FASTSHA256_API size_t fastsha256_backends(const char **names, size_t max);
/* Every backend compiled into this build, supported here or not. */
FASTSHA256_API size_t fastsha256_all_backends(const char **names, size_t max);
/* 1 when FASTSHA256_BACKEND named a backend that is unknown or unsupported. */
FASTSHA256_API int fastsha256_env_backend_ignored(void);
FASTSHA256_API const char *fastsha256_version(void);

#ifdef __cplusplus
}
#endif
#endif /* FASTSHA256_H */
