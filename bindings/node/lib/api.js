// SPDX-License-Identifier: Apache-2.0 OR MIT
'use strict';
// The public calls, written once over either set of natives (the addon's,
// or lib/wasm-natives.js' over the WebAssembly module: both provide the
// same functions and hash-state protocol) for every entry: index.js (Node,
// Bun, Deno), browser.mjs and workerd.mjs, lib/node-wasm.mjs.
// What differs by entry is env: the result's byte type and how strings in
// other encodings and key objects become bytes.
// The source of lib/api.mjs (scripts/gen-wasm.js writes it).

const makeKdf = require('./kdf.js');
const { makeTree } = require('./tree.js');
const makeTreeStream = require('./tree-stream.js');
const { describe, invalidArgType, fail } = require('./errors.js');
const { inputEncoding, outputEncoding, outputLength, checkOutputLength } = require('./args.js');

// Encodings the natives write themselves; others go through env.recoder.
const nativeEncodings = new Set(['hex', 'base64', 'base64url', 'latin1', 'binary', 'buffer']);
const kCopyOf = Symbol('fastsha256.copyOf');
const kFromState = Symbol('fastsha256.fromState');
const CtxBytes = Uint8Array; // as loaded, whatever later code does to the global

const invalidThis = () => fail(TypeError, 'ERR_INVALID_THIS', 'Value of "this" must be of type Hash');
const finalizedError = () => fail(Error, 'ERR_CRYPTO_HASH_FINALIZED', 'Digest already called');
const invalidState = (state) => fail(TypeError, 'ERR_INVALID_ARG_VALUE',
  `The argument 'state' is not a saved SHA-256 or SHA-224 state (108 bytes in Go's format). Received ${describe(state)}`);

// A saved state's bytes as a Uint8Array over the same memory (no copy).
function stateBytes(state) {
  if (ArrayBuffer.isView(state)) return new Uint8Array(state.buffer, state.byteOffset, state.byteLength);
  if (state instanceof ArrayBuffer ||
      (typeof SharedArrayBuffer !== 'undefined' && state instanceof SharedArrayBuffer))
    return new Uint8Array(state);
  throw invalidArgType('state', 'an instance of Buffer, TypedArray, DataView, or ArrayBuffer', state);
}

function toArray(items) {
  if (Array.isArray(items)) return items;
  if (items !== null && items !== undefined && typeof items !== 'string' &&
      typeof items[Symbol.iterator] === 'function')
    return Array.from(items);
  throw invalidArgType('items', 'an Array or an iterable', items);
}

/**
 * env.decode(text, enc, name): the bytes of a string in an input encoding
 * other than UTF-8 (or throws ERR_UNKNOWN_ENCODING); env.recoder(enc): a
 * function writing a digest in an encoding the natives do not write, or
 * undefined to let them refuse it; env.secretKey(object): a KeyObject or CryptoKey as bytes
 * (or the object itself); env.empty(): a zero-length result; env.files(), where
 * files can be read: node:fs/promises (the trees' *File calls, lib/tree-stream.js).
 */
function makeAdapters(natives, env) {
  // Data for update(): node:crypto's rules (lib/args.js), then env's decoder.
  const inputBytes = (data, enc) => {
    if (typeof data !== 'string' || enc === undefined || enc === null) return data; // the common case, at once
    const e = inputEncoding(data, enc);
    return e === null ? data : env.decode(data, e, enc);
  };
  // A key's string in options.encoding: decoded as Buffer.from would.
  const keyBytes = (key, enc) => {
    if (typeof enc !== 'string') return key;
    const e = enc.toLowerCase();
    return e === 'utf8' || e === 'utf-8' || e === 'buffer' ? key : env.decode(key, e, enc);
  };
  // Neither a Hash nor an Hmac keeps native memory after digest(): a
  // synchronous loop of createHash().update().digest() holds none until the
  // event loop turns. digestFn: natives.ctxDigest or natives.hashDigest.
  const digestOf = (digestFn, state, encoding) => {
    const enc = outputEncoding(encoding);
    if (enc === undefined || nativeEncodings.has(enc)) return digestFn(state, enc);
    const recode = env.recoder && env.recoder(enc);
    return recode ? recode(digestFn(state)) : digestFn(state, enc); // the natives refuse it, naming it
  };
  // HMAC keys: strings, views, ArrayBuffers and SharedArrayBuffers, or what
  // env.secretKey makes of other objects (node:crypto's KeyObject).
  const secretKey = (key) => {
    if (key === null || typeof key !== 'object' || ArrayBuffer.isView(key) || key instanceof ArrayBuffer) return key;
    if (typeof SharedArrayBuffer !== 'undefined' && key instanceof SharedArrayBuffer) return new Uint8Array(key);
    return env.secretKey ? env.secretKey(key) : key;
  };
  return { inputBytes, keyBytes, digestOf, secretKey };
}

function makeHashClasses(natives, { inputBytes, keyBytes, digestOf, secretKey }) {
  // The hot natives as constants: a call through a const is cheaper for V8
  // than a property of the natives object (measured, docs/javascript.md).
  const { ctxSize, ctxInit, ctxUpdate, ctxDigest, hmacCreate, hashUpdate, hashDigest } = natives;
  /** Streaming hash with node:crypto's Hash calls: update/digest/copy. */
  class Hash {
    // The fastsha256_ctx, in JS memory no other code can reach, or null once
    // digest() has been called. Also the brand: only objects this class made have it.
    #ctx = null;

    static #check(hash) {
      if (!(typeof hash === 'object' && hash !== null && #ctx in hash)) throw invalidThis();
      if (hash.#ctx === null) throw finalizedError();
      return hash.#ctx;
    }

    constructor(algorithm, options) {
      if (algorithm === kCopyOf) {
        this.#ctx = new CtxBytes(options); // a copy (no species or prototype lookup)
        return;
      }
      if (algorithm === kFromState) {
        const ctx = new CtxBytes(natives.ctxSize);
        if (!natives.ctxImport(ctx, stateBytes(options))) throw invalidState(options);
        this.#ctx = ctx;
        return;
      }
      const length = options === undefined ? undefined : outputLength(options);
      const ctx = new CtxBytes(ctxSize);
      ctxInit(ctx, algorithm);
      if (length !== undefined) checkOutputLength(length, natives.algorithmBits(algorithm) / 8);
      this.#ctx = ctx;
    }

    update(data, inputEncoding) {
      ctxUpdate(Hash.#check(this), inputBytes(data, inputEncoding));
      return this;
    }

    digest(outputEncoding) {
      const out = digestOf(ctxDigest, Hash.#check(this), outputEncoding);
      this.#ctx = null;
      return out;
    }

    copy() {
      return new Hash(kCopyOf, Hash.#check(this));
    }

    /** The state so far, 108 bytes in Go's format (sha256's MarshalBinary). */
    exportState() {
      return natives.ctxExport(Hash.#check(this));
    }

    /** A Hash that continues a saved state (exportState's, or Go's). */
    static fromState(state) {
      return new Hash(kFromState, state);
    }
  }

  /**
   * Streaming HMAC with node:crypto's Hmac calls: update/digest. As there, a
   * second digest() gives an empty Buffer or string and update() after
   * digest() throws ERR_CRYPTO_HASH_FINALIZED.
   */
  class Hmac {
    // Brands the objects this class made (the only ones the natives see)
    // and says whether digest() has freed the state.
    #live = false;

    static #check(hmac) {
      if (!(typeof hmac === 'object' && hmac !== null && #live in hmac)) throw invalidThis();
      return hmac.#live;
    }

    constructor(algorithm, key, options) {
      const encoding = options !== null && typeof options === 'object' ? options.encoding : undefined;
      hmacCreate(this, algorithm, typeof key === 'string' ? keyBytes(key, encoding) : secretKey(key));
      this.#live = true;
    }

    update(data, inputEncoding) {
      if (!Hmac.#check(this)) throw finalizedError();
      hashUpdate(this, inputBytes(data, inputEncoding));
      return this;
    }

    digest(outputEncoding) {
      if (!Hmac.#check(this)) return digestOf(hashDigest, null, outputEncoding);
      const out = digestOf(hashDigest, this, outputEncoding);
      this.#live = false;
      return out;
    }
  }
  return { Hash, Hmac };
}

// Batches cross into the natives once: an all-strings batch as one joined
// string and its UTF-16 lengths (reused buffer; the natives read it during
// the call), anything else as an Array. The result comes back flat (one
// string or byte array of fixed-width digests) and is sliced here: a slice
// of a string is far cheaper than a string made by the natives.
const kMaxJoined = 1 << 26; // UTF-16 units per joined batch
const kMaxBatch = 1 << 20;  // items per crossing (keeps the flat string small)
let lengths = new Uint32Array(1024);

// arr[from..to) read exactly once each, into a plain Array: what is hashed.
// An element getter or Proxy trap runs once (a value that changes between
// reads cannot make the lengths and the joined text disagree), and any call
// it makes into this module is over before `lengths` is filled.
function readItems(arr, from, to) {
  const vals = new Array(to - from);
  for (let i = from; i < to; i++) vals[i - from] = arr[i];
  return vals;
}

// The joined text of vals when all are strings (their lengths in `lengths`), else null.
function joinStrings(vals) {
  const n = vals.length;
  let total = 0;
  for (let i = 0; i < n; i++) {
    const s = vals[i];
    if (typeof s !== 'string') return null;
    total += s.length;
    if (total > kMaxJoined) return null;
  }
  if (lengths.length < n) lengths = new Uint32Array(Math.max(n, lengths.length * 2));
  for (let i = 0; i < n; i++) lengths[i] = vals[i].length;
  return vals.join('');
}

function split(flat, n) {
  const out = new Array(n);
  if (n === 0) return out;
  const width = flat.length / n;
  if (typeof flat === 'string') {
    for (let i = 0, at = 0; i < n; i++, at += width) out[i] = flat.slice(at, at + width);
  } else {
    for (let i = 0, at = 0; i < n; i++, at += width) out[i] = flat.subarray(at, at + width);
  }
  return out;
}

// One crossing of arr[from..to): the flat result (or its Promise).
function crossing(arrayFn, joinedFn, arr, from, to, encoding) {
  const vals = readItems(arr, from, to);
  const joined = joinStrings(vals);
  return joined !== null ? joinedFn(joined, lengths, to - from, encoding) : arrayFn(vals, encoding, from);
}

function manySync(arrayFn, joinedFn, items, encoding) {
  const arr = toArray(items);
  const n = arr.length;
  if (n <= kMaxBatch) return split(crossing(arrayFn, joinedFn, arr, 0, n, encoding), n);
  let out = [];
  for (let from = 0; from < n; from += kMaxBatch) {
    const to = Math.min(n, from + kMaxBatch);
    out = out.concat(split(crossing(arrayFn, joinedFn, arr, from, to, encoding), to - from));
  }
  return out;
}

// Argument errors reject the Promise instead of throwing.
function manyAsync(arrayFn, joinedFn, items, encoding) {
  try {
    const arr = toArray(items);
    const n = arr.length;
    const parts = [];
    for (let from = 0; from < n || from === 0; from += kMaxBatch) {
      const to = Math.min(n, from + kMaxBatch);
      parts.push(crossing(arrayFn, joinedFn, arr, from, to, encoding).then((flat) => split(flat, to - from)));
      if (n === 0) break;
    }
    return parts.length === 1 ? parts[0] : Promise.all(parts).then((lists) => [].concat(...lists));
  } catch (err) {
    return Promise.reject(err);
  }
}

const rejecting = (fn) => (...args) => {
  try { return fn(...args); } catch (err) { return Promise.reject(err); }
};

// The batches over the natives' array and joined forms; the HMAC ones with the key in front.
function makeBatches(natives, secretKey) {
  const keyed = (fn, key) => (...args) => fn(key, ...args);
  const hmacBatch = (run, arrayFn, joinedFn) => (key, items, encoding) => {
    const k = secretKey(key);
    return run(keyed(arrayFn, k), keyed(joinedFn, k), items, encoding);
  };
  return {
    sha256Many: (items, encoding) => manySync(natives.manyArray256, natives.manyJoined256, items, encoding),
    sha224Many: (items, encoding) => manySync(natives.manyArray224, natives.manyJoined224, items, encoding),
    sha256ManyAsync: (items, encoding) =>
      manyAsync(natives.manyArrayAsync256, natives.manyJoinedAsync256, items, encoding),
    sha224ManyAsync: (items, encoding) =>
      manyAsync(natives.manyArrayAsync224, natives.manyJoinedAsync224, items, encoding),
    hmacMany: hmacBatch(manySync, natives.hmacManyArray256, natives.hmacManyJoined256),
    hmac224Many: hmacBatch(manySync, natives.hmacManyArray224, natives.hmacManyJoined224),
    hmacManyAsync: rejecting(hmacBatch(manyAsync, natives.hmacManyArrayAsync256, natives.hmacManyJoinedAsync256)),
    hmac224ManyAsync: rejecting(hmacBatch(manyAsync, natives.hmacManyArrayAsync224, natives.hmacManyJoinedAsync224)),
    sha256Packed: natives.sha256Packed,
    sha256PackedAsync: rejecting(natives.sha256PackedAsync),
    hmacPacked: (key, buffer, stride, length, encoding) =>
      natives.hmacPacked(secretKey(key), buffer, stride, length, encoding),
    hmacPackedAsync: rejecting((key, buffer, stride, length, encoding) =>
      natives.hmacPackedAsync(secretKey(key), buffer, stride, length, encoding)),
  };
}

// SharedArrayBuffers compare as node:crypto compares them (the natives read
// views; a view on one is read like any other view).
const sharedView = (b) => (typeof SharedArrayBuffer !== 'undefined' && b instanceof SharedArrayBuffer
  ? new Uint8Array(b) : b);

/** The public calls over natives, with env's byte type and decoders (makeAdapters). */
function makeApi(natives, env) {
  const adapters = makeAdapters(natives, env);
  const { secretKey } = adapters;
  const { Hash, Hmac } = makeHashClasses(natives, adapters);
  return {
    sha256: natives.sha256,
    sha224: natives.sha224,
    createHash: (algorithm, options) => new Hash(algorithm, options),
    fromState: (state) => Hash.fromState(state),
    Hash,
    hmac: (key, data, encoding) => natives.hmac256(typeof key === 'string' ? key : secretKey(key), data, encoding),
    hmac224: (key, data, encoding) => natives.hmac224(typeof key === 'string' ? key : secretKey(key), data, encoding),
    createHmac: (algorithm, key, options) => new Hmac(algorithm, key, options),
    Hmac,
    ...makeBatches(natives, secretKey),
    timingSafeEqual: (a, b) => natives.timingSafeEqual(sharedView(a), sharedView(b)),
    ...makeKdf(natives, secretKey, env.empty),
    ...makeTree(natives),
    ...makeTreeStream(natives, env),
    backend: natives.backend,
    hexBackend: natives.hexBackend,
    backends: natives.backends,
    allBackends: natives.allBackends,
    setBackend: natives.setBackend,
    version: natives.version,
  };
}

// The names every entry exports (besides init, initSync, implementation, flavour).
const apiNames = ['sha256', 'sha224', 'createHash', 'fromState', 'Hash', 'sha256Many', 'sha224Many', 'sha256Packed',
  'sha256ManyAsync', 'sha224ManyAsync', 'sha256PackedAsync', 'hmac', 'hmac224', 'createHmac', 'Hmac',
  'hmacMany', 'hmac224Many', 'hmacManyAsync', 'hmac224ManyAsync', 'hmacPacked', 'hmacPackedAsync',
  'timingSafeEqual', 'pbkdf2Sync', 'pbkdf2', 'pbkdf2Many', 'pbkdf2ManyAsync', 'hkdfSync', 'hkdf',
  'fsverityDigest', 'dmverityRoot', 'bt2PiecesRoot', 'glacierTreeHash', 'rfc6962Root', 'createTreeHash',
  'backend', 'hexBackend', 'backends', 'allBackends', 'setBackend', 'version'];

// Node.js, Bun and Deno only (env.files: they read files); not the browser's.
const fileNames = ['fsverityDigestFile', 'dmverityRootFile', 'bt2PiecesRootFile', 'glacierTreeHashFile'];

module.exports = { makeApi, apiNames, fileNames };
