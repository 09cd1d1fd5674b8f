/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The addon's only runtime special case in C: plain-C entry points that
 * Bun calls through bun:ffi (lib/bun.js), exported next to the module entry. */
#include "node_internal.h"

/* --- Entry points for Bun's FFI (lib/bun.js) ---------------------
 * In Bun an FFI call costs a fifth of a Node-API call but still about as much
 * as hex-encoding a digest, so each of these is one crossing for what would
 * otherwise be two (hash, then hex). Plain C arguments, checked by the JS
 * side: out holds 65 bytes (the hex and the NUL fastsha256_to_hex writes).
 * (Returning out, for bun:ffi's "cstring" return to make the string,
 * measured no faster than the Buffer slice lib/bun.js makes.) */
#define FFI_EXPORT __attribute__((visibility("default")))

FFI_EXPORT void fastsha256_node_hex(const void *data, size_t len, uint32_t is224, char *out) {
    fsb_hex(is224 ? fsb_sha224 : fsb_sha256, data, len, out);
}

FFI_EXPORT void fastsha256_node_hmac_hex(const void *key, size_t keylen, const void *msg,
                                         size_t len, uint32_t is224, char *out) {
    fsb_flavor f = is224 ? fsb_hmac224 : fsb_hmac256;
    uint8_t tag[FASTSHA256_DIGEST_SIZE];
    fsb_digest(f, key, keylen, msg, len, tag);
    fastsha256_to_hex(tag, fsb_digest_size(f), out);
}

/* Bun's sha256Many/sha224Many of all-ASCII strings: lib/bun.js encodes the
 * joined strings with TextEncoder and passes plain memory, message i being
 * lens[i] bytes after the previous one. flags: FFI_SHA224, FFI_HEX (hex
 * text instead of digests); out holds n times the encoded width, written
 * back to back without NULs. (sha256Packed the same way measured no faster
 * than its native: its time goes to the new result Buffer either way.) */
enum { FFI_SHA224 = 1, FFI_HEX = 4 };

FFI_EXPORT void fastsha256_node_many(uint32_t flags, const uint8_t *bytes, const uint32_t *lens,
                                     size_t n, char *out) {
    const fsb_algo *a = fsb_plain(flags & FFI_SHA224 ? fsb_sha224 : fsb_sha256);
    fsb_batch joined = {.layout = FSB_JOINED, .n = n, .bytes = bytes, .lens32 = lens};
    hash_flat(&joined, a, flags & FFI_HEX ? ENC_HEX : ENC_BUFFER, out);
}
