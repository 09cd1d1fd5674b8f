// SPDX-License-Identifier: Apache-2.0 OR MIT
'use strict';
// lib/api.js's env for Node.js, Bun and Deno (index.js and lib/node-wasm.mjs):
// Buffers, Buffer's encodings, node:crypto's key objects as HMAC and
// HKDF keys, and node:fs/promises for the trees' *File calls. Buffer,
// node:crypto and node:fs/promises are handed in (a CommonJS and an ES
// module use this file); crypto is asked for only when a key object comes.
// The source of lib/node-env.mjs (scripts/gen-wasm.js writes it).

function unknownEncoding(name) {
  const err = new TypeError(`Unknown encoding: ${name}`);
  err.code = 'ERR_UNKNOWN_ENCODING';
  return err;
}

function nodeEnv(Buffer, getCrypto, getFiles) {
  return {
    decode(text, enc, name) {
      if (!Buffer.isEncoding(enc)) throw unknownEncoding(name);
      return Buffer.from(text, enc);
    },
    recoder: (enc) => (Buffer.isEncoding(enc)
      ? (bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString(enc) : undefined),
    // A secret KeyObject or CryptoKey as its bytes; other objects as they are
    // (the natives name the wrong type).
    secretKey(key) {
      const { KeyObject } = getCrypto();
      if (typeof CryptoKey !== 'undefined' && key instanceof CryptoKey && KeyObject && KeyObject.from)
        key = KeyObject.from(key);
      if (!KeyObject || !(key instanceof KeyObject)) return key;
      if (key.type !== 'secret') {
        const err = new TypeError(`Invalid key object type ${key.type}, expected secret.`);
        err.code = 'ERR_CRYPTO_INVALID_KEY_OBJECT_TYPE';
        throw err;
      }
      return key.export();
    },
    empty: () => Buffer.alloc(0),
    files: getFiles,
  };
}

module.exports = { nodeEnv };
