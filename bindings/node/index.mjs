// SPDX-License-Identifier: Apache-2.0 OR MIT
// ESM entry: the same module as index.js (one addon instance per process).
// Where index.js cannot even be required (Deno without --allow-read: a
// NotCapable error), the WebAssembly build from embedded bytes instead.
import { createRequire } from 'node:module';

let fastsha256;
try {
  fastsha256 = createRequire(import.meta.url)('./index.js');
} catch (err) {
  if (typeof Deno === 'undefined' || !/NotCapable|PermissionDenied/.test(err && err.name)) throw err;
  fastsha256 = (await import('./lib/node-wasm.mjs')).default;
}

export const {
  sha256, sha224, createHash, fromState, Hash, sha256Many, sha224Many, sha256Packed,
  sha256ManyAsync, sha224ManyAsync, sha256PackedAsync,
  hmac, hmac224, createHmac, Hmac, hmacMany, hmac224Many, hmacManyAsync, hmac224ManyAsync,
  hmacPacked, hmacPackedAsync, timingSafeEqual,
  pbkdf2Sync, pbkdf2, pbkdf2Many, pbkdf2ManyAsync, hkdfSync, hkdf,
  fsverityDigest, dmverityRoot, bt2PiecesRoot, glacierTreeHash, rfc6962Root, createTreeHash,
  fsverityDigestFile, dmverityRootFile, bt2PiecesRootFile, glacierTreeHashFile,
  backend, hexBackend, backends, allBackends, setBackend, version, implementation,
} = fastsha256;
export default fastsha256;
