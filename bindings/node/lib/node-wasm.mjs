// The WebAssembly build as an ES module with Buffers, loaded synchronously
// from the embedded bytes: index.mjs falls back to it where index.js cannot
// even be required (Deno without --allow-read), so no permission is needed.
import { Buffer } from 'node:buffer';
import crypto from 'node:crypto';
import { makeLoader, placeholders, bestFlavour, fromBase64 } from './wasm-entry.mjs';
import simd from './wasm-simd.mjs';
import mvp from './wasm-mvp.mjs';

const io = {
  bytes: (view) => Buffer.from(view),
  own: (u8) => Buffer.from(u8.buffer, u8.byteOffset, u8.length),
  latin1: (view) => Buffer.prototype.latin1Slice.call(view, 0, view.length),
};

const env = {
  recode: (bytes, enc) => (Buffer.isEncoding(enc) ? bytes.toString(enc) : undefined),
  secretKey(key) {
    const { KeyObject } = crypto;
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
  decode(text, enc, name) {
    if (!Buffer.isEncoding(enc)) {
      const err = new TypeError(`Unknown encoding: ${name}`);
      err.code = 'ERR_UNKNOWN_ENCODING';
      throw err;
    }
    return Buffer.from(text, enc);
  },
};

const api = placeholders({});
makeLoader(io, env, api).initSync(fromBase64(bestFlavour() === 'simd' ? simd : mvp));
export default api;
