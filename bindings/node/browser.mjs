// SPDX-License-Identifier: Apache-2.0 OR MIT
// fastsha256 for browsers (the package's "browser" export condition): the
// WebAssembly build, SIMD128 where the engine has it, else MVP.
//   import fastsha256, { init, sha256 } from 'fastsha256';
//   await init();                 // once: compiles the embedded module
//   sha256('abc', 'hex');         // then every call is synchronous
// In a worker, initSync(bytes or WebAssembly.Module) does it synchronously.
// Digests are Uint8Arrays (no Buffer here); encodings 'hex', 'base64',
// 'base64url', 'latin1'. A page whose Content-Security-Policy forbids
// WebAssembly gets an error saying to allow 'wasm-unsafe-eval'.
import { makeLoader, placeholders } from './lib/wasm-entry.mjs';

const chunk = 0x2000;
// Hex and base64 text is ASCII, where the 'latin1' decoder (windows-1252,
// so not for the 'latin1' output encoding) is exact and has no UTF-8
// checks to make; UTF-8 where an engine lacks it.
function asciiDecoder() {
  try { return new TextDecoder('latin1'); } catch (_) { return new TextDecoder(); }
}
const decoder = asciiDecoder();
const io = {
  ascii: (view) => decoder.decode(view),
  bytes: (view) => view.slice(),
  own: (u8) => u8,
  latin1(view) {
    let s = '';
    for (let i = 0; i < view.length; i += chunk)
      s += String.fromCharCode.apply(null, view.subarray(i, Math.min(view.length, i + chunk)));
    return s;
  },
};

function unknownEncoding(name) {
  const e = new TypeError(`Unknown encoding: ${name}`);
  e.code = 'ERR_UNKNOWN_ENCODING';
  return e;
}

// Strings in the input encodings node:crypto's update() takes (utf8 is not
// decoded here: the natives take strings as UTF-8).
const env = {
  decode(text, enc, name) {
    if (enc === 'latin1' || enc === 'binary' || enc === 'ascii')
      return Uint8Array.from(text, (c) => c.charCodeAt(0) & 0xff);
    if (enc === 'hex') {
      const n = text.length >> 1;
      const out = new Uint8Array(n);
      let i = 0;
      for (; i < n; i++) {
        const b = parseInt(text.substr(2 * i, 2), 16);
        if (!/^[0-9a-fA-F]{2}$/.test(text.substr(2 * i, 2))) break;
        out[i] = b;
      }
      return out.subarray(0, i);
    }
    if (enc === 'base64' || enc === 'base64url') {
      const clean = text.replace(/[^A-Za-z0-9+/\-_]/g, '').replace(/-/g, '+').replace(/_/g, '/');
      const cut = clean.length % 4 === 1 ? clean.slice(0, -1) : clean; // a lone last character: dropped
      const bin = atob(cut + '='.repeat((4 - (cut.length % 4)) % 4));
      return Uint8Array.from(bin, (c) => c.charCodeAt(0));
    }
    if (enc === 'utf16le' || enc === 'utf-16le' || enc === 'ucs2' || enc === 'ucs-2') {
      const out = new Uint8Array(2 * text.length);
      for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        out[2 * i] = c & 0xff;
        out[2 * i + 1] = c >> 8;
      }
      return out;
    }
    throw unknownEncoding(name);
  },
  empty: () => new Uint8Array(0),
};

const api = placeholders({});
const loader = makeLoader(io, env, api);
const embedded = async (flavour) => (flavour === 'simd'
  ? await import('./lib/wasm-simd.mjs') : await import('./lib/wasm-mvp.mjs')).default;

// Every name of lib/api.js's apiNames (test/wasm.test.mjs checks the list).
export let { sha256, sha224, createHash, fromState, Hash, sha256Many, sha224Many, sha256Packed, sha256ManyAsync, sha224ManyAsync, sha256PackedAsync, hmac, hmac224, createHmac, Hmac, hmacMany, hmac224Many, hmacManyAsync, hmac224ManyAsync, hmacPacked, hmacPackedAsync, timingSafeEqual, pbkdf2Sync, pbkdf2, pbkdf2Many, pbkdf2ManyAsync, hkdfSync, hkdf, fsverityDigest, dmverityRoot, bt2PiecesRoot, glacierTreeHash, rfc6962Root, createTreeHash, backend, hexBackend, backends, allBackends, setBackend, version, flavour } = api;
export const implementation = 'wasm';
api.onReady = () => { ({ sha256, sha224, createHash, fromState, Hash, sha256Many, sha224Many, sha256Packed, sha256ManyAsync, sha224ManyAsync, sha256PackedAsync, hmac, hmac224, createHmac, Hmac, hmacMany, hmac224Many, hmacManyAsync, hmac224ManyAsync, hmacPacked, hmacPackedAsync, timingSafeEqual, pbkdf2Sync, pbkdf2, pbkdf2Many, pbkdf2ManyAsync, hkdfSync, hkdf, fsverityDigest, dmverityRoot, bt2PiecesRoot, glacierTreeHash, rfc6962Root, createTreeHash, backend, hexBackend, backends, allBackends, setBackend, version, flavour } = api); };

/** Compiles and instantiates the module (once); resolves to the API object. */
export function init(source) { return loader.init(source, embedded); }
/** The same, synchronously, from bytes or a WebAssembly.Module (for workers). */
export function initSync(source) { return loader.initSync(source); }
api.init = init;
api.initSync = initSync;
export default api;
