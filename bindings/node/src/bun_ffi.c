/* The addon's only runtime special case in C: plain-C entry points that
 * Bun calls through bun:ffi (lib/bun.js), exported next to the module entry. */
#include <string.h>
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

/* Bun's sha256Many/sha224Many of all-ASCII strings: lib/bun.js encodes the
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
