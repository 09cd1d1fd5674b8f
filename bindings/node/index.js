'use strict';
// fastsha256 for JavaScript (Node.js, Bun, Deno): SHA-256/SHA-224 and their
// HMACs through the fastsha256 C library, one-shot, streaming (createHash,
// createHmac), batched and async.
const path = require('path');
const fs = require('fs');
const { Buffer } = require('buffer');

// Where the addon may be: $FASTSHA256_NODE_ADDON, build/ here (npm install,
// or copied by the CMake build), or a CMake build folder of the repository.
function candidates() {
  const list = [];
  if (typeof process !== 'undefined' && process.env && process.env.FASTSHA256_NODE_ADDON)
    return [path.resolve(process.env.FASTSHA256_NODE_ADDON)];
  // The tarball's prebuilt addon for this platform (scripts/pack.js) first.
  list.push(path.join(__dirname, 'prebuilds', `${process.platform}-${process.arch}`, 'fastsha256.node'));
  list.push(path.join(__dirname, 'build', 'fastsha256.node'));
  const buildRoot = path.join(__dirname, '..', '..', 'build');
  list.push(path.join(buildRoot, 'bindings', 'node', 'fastsha256.node'));
  try {
    for (const d of fs.readdirSync(buildRoot).sort())
      list.push(path.join(buildRoot, d, 'bindings', 'node', 'fastsha256.node'));
  } catch (_) { /* no build folder */ }
  return list;
}

let loadedFile = null;

function load() {
  const tried = [];
  for (const file of candidates()) {
    if (!fs.existsSync(file)) { tried.push(file); continue; }
    loadedFile = file;
    return require(file);
  }
  const err = new Error('fastsha256: the native addon fastsha256.node was not found (tried ' +
    tried.join(', ') + '). Build it with CMake (cmake -S <repo> -B build && cmake --build build) ' +
    'or npm install this folder; FASTSHA256_NODE_ADDON=<file> names it directly.');
  err.code = 'ERR_FASTSHA256_ADDON_NOT_FOUND';
  throw err;
}

// The addon, or the WebAssembly build where it cannot load (lib/choose.js).
const chosen = require('./lib/choose.js').choose(load);
// Bun's faster paths over the same natives (lib/bun.js); elsewhere the natives.
const native = require('./lib/bun.js').adapt(chosen, loadedFile);
const kHandle = Symbol('fastsha256.handle');

// The batches' item list, as the ES-module entries read it (lib/api.js).
const { toArray } = require('./lib/api.js');
const { inputEncoding, outputEncoding, outputLength, checkOutputLength } = require('./lib/args.js');
// The addon words its argument errors as lib/errors.js does.
if (typeof chosen.natives.setDescribe === 'function') chosen.natives.setDescribe(require('./lib/errors.js').describe);

// Encodings the addon writes itself; Node's other Buffer encodings go through
// Buffer#toString, as node:crypto's Hash#digest accepts them.
const nativeEncodings = new Set(['hex', 'base64', 'base64url', 'latin1', 'binary', 'buffer']);

// A string with an input encoding other than UTF-8 is decoded as Buffer.from
// does (lib/args.js has node:crypto's rules: odd hex digits throw for data,
// not for a key, which node:crypto decodes as Buffer.from does).
function inputBytes(data, encoding, asData) {
  if (typeof data !== 'string' || encoding === undefined || encoding === null) return data;
  const enc = asData ? inputEncoding(data, encoding)
    : typeof encoding === 'string' && !/^utf-?8$/i.test(encoding) ? encoding.toLowerCase() : null;
  if (enc === null) return data;
  if (!Buffer.isEncoding(enc)) {
    const err = new TypeError(`Unknown encoding: ${encoding}`);
    err.code = 'ERR_UNKNOWN_ENCODING';
    throw err;
  }
  return Buffer.from(data, enc);
}

// Neither a Hash nor an Hmac keeps native memory after digest() (a
// synchronous loop of createHash().update().digest() must not hold any
// until the event loop turns, when finalizers run). digestFn(state, enc):
// native.ctxDigest or native.hashDigest; state null: an empty digest.
function digestOf(digestFn, state, encoding) {
  const enc = outputEncoding(encoding);
  if (enc === undefined || nativeEncodings.has(enc)) return digestFn(state, enc);
  if (Buffer.isEncoding(enc)) return digestFn(state).toString(enc);
  return digestFn(state, enc); // throws, naming it
}

const kCopyOf = Symbol('fastsha256.copyOf');
const CtxBytes = Uint8Array; // as loaded, whatever later code does to the global

function invalidThis() {
  const err = new TypeError('Value of "this" must be of type Hash');
  err.code = 'ERR_INVALID_THIS';
  return err;
}

function finalizedError() {
  const err = new Error('Digest already called');
  err.code = 'ERR_CRYPTO_HASH_FINALIZED';
  return err;
}

/** Streaming hash with node:crypto's Hash calls: update/digest/copy. */
class Hash {
  // The fastsha256_ctx, in JS memory no other code can reach (see ctxInit
  // in the addon), or null once digest() has been called. Also the brand:
  // only objects this class made have it.
  #ctx = null;

  static #check(hash) {
    if (!(typeof hash === 'object' && hash !== null && #ctx in hash)) throw invalidThis();
    if (hash.#ctx === null) throw finalizedError();
    return hash.#ctx;
  }

  constructor(algorithm, from) {
    if (algorithm === kCopyOf) {
      this.#ctx = new CtxBytes(from); // a copy (no species or prototype lookup)
      return;
    }
    const length = from === undefined ? undefined : outputLength(from);
    const ctx = new CtxBytes(native.ctxSize);
    native.ctxInit(ctx, algorithm);
    if (length !== undefined) checkOutputLength(length, native.algorithmBits(algorithm) / 8);
    this.#ctx = ctx;
  }

  update(data, inputEncoding) {
    native.ctxUpdate(Hash.#check(this), inputBytes(data, inputEncoding, true));
    return this;
  }

  digest(outputEncoding) {
    const out = digestOf(native.ctxDigest, Hash.#check(this), outputEncoding);
    this.#ctx = null;
    return out;
  }

  copy() {
    return new Hash(kCopyOf, Hash.#check(this));
  }
}

function createHash(algorithm, options) {
  return new Hash(algorithm, options);
}

// HMAC keys: strings (UTF-8, or `encoding`), Buffers, TypedArrays, DataViews,
// ArrayBuffers and SharedArrayBuffers, or a secret KeyObject or CryptoKey
// (node:crypto, loaded only then). The addon checks the other types.
let nodeCrypto = null;
function secretKey(key, encoding) {
  if (typeof key === 'string') {
    if (encoding === undefined || encoding === null || encoding === 'buffer') return key;
    return inputBytes(key, encoding);
  }
  if (key === null || typeof key !== 'object' || ArrayBuffer.isView(key) ||
      key instanceof ArrayBuffer)
    return key;
  if (typeof SharedArrayBuffer !== 'undefined' && key instanceof SharedArrayBuffer)
    return new Uint8Array(key);
  if (nodeCrypto === null) nodeCrypto = require('crypto');
  const { KeyObject } = nodeCrypto;
  if (typeof CryptoKey !== 'undefined' && key instanceof CryptoKey && KeyObject &&
      typeof KeyObject.from === 'function')
    key = KeyObject.from(key);
  if (KeyObject && key instanceof KeyObject) {
    if (key.type !== 'secret') {
      const err = new TypeError(`Invalid key object type ${key.type}, expected secret.`);
      err.code = 'ERR_CRYPTO_INVALID_KEY_OBJECT_TYPE';
      throw err;
    }
    return key.export();
  }
  return key;
}

/**
 * Streaming HMAC with node:crypto's Hmac calls: update/digest. As there, a
 * second digest() gives an empty Buffer or string and update() after
 * digest() throws ERR_CRYPTO_HASH_FINALIZED.
 */
class Hmac {
  // Brands the objects this class made (the only ones the natives see:
  // wrapped by them) and says whether digest() has freed the state.
  #live = false;

  static #check(hmac) {
    if (!(typeof hmac === 'object' && hmac !== null && #live in hmac)) throw invalidThis();
    return hmac.#live;
  }

  constructor(algorithm, key, options) {
    const encoding = options !== null && typeof options === 'object' ? options.encoding : undefined;
    native.hmacCreate(this, algorithm, secretKey(key, encoding));
    this.#live = true;
  }

  update(data, inputEncoding) {
    if (!Hmac.#check(this)) throw finalizedError();
    native.hashUpdate(this, inputBytes(data, inputEncoding, true));
    return this;
  }

  digest(outputEncoding) {
    if (!Hmac.#check(this)) return digestOf(native.hashDigest, null, outputEncoding);
    const out = digestOf(native.hashDigest, this, outputEncoding);
    this.#live = false;
    return out;
  }
}

function createHmac(algorithm, key, options) {
  return new Hmac(algorithm, key, options);
}

/** HMAC-SHA256 of data under key, in one call. */
function hmac(key, data, encoding) {
  return native.hmac256(typeof key === 'string' ? key : secretKey(key), data, encoding);
}

/** HMAC-SHA224 of data under key, in one call. */
function hmac224(key, data, encoding) {
  return native.hmac224(typeof key === 'string' ? key : secretKey(key), data, encoding);
}

// Batches cross into the addon once: an all-strings batch as one joined
// string and its UTF-16 lengths (reused buffer; the addon reads it during the
// call), anything else as an Array. The result comes back flat (one string
// or Buffer of fixed-width digests) and is sliced here: a slice of a string
// is far cheaper than a string made by the addon.
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

// The joined text of vals when all are strings (their lengths in `lengths`),
// else null.
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

function manySync(arrayFn, joinedFn, items, encoding) {
  const arr = toArray(items);
  const n = arr.length;
  if (n <= kMaxBatch) {
    const vals = readItems(arr, 0, n);
    const joined = joinStrings(vals);
    return split(joined !== null ? joinedFn(joined, lengths, n, encoding)
      : arrayFn(vals, encoding, 0), n);
  }
  let out = [];
  for (let from = 0; from < n; from += kMaxBatch) {
    const to = Math.min(n, from + kMaxBatch);
    const vals = readItems(arr, from, to);
    const joined = joinStrings(vals);
    out = out.concat(split(joined !== null
      ? joinedFn(joined, lengths, to - from, encoding)
      : arrayFn(vals, encoding, from), to - from));
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
      const vals = readItems(arr, from, to);
      const joined = joinStrings(vals);
      const count = to - from;
      parts.push((joined !== null ? joinedFn(joined, lengths, count, encoding)
        : arrayFn(vals, encoding, from))
        .then((flat) => split(flat, count)));
      if (n === 0) break;
    }
    return parts.length === 1 ? parts[0]
      : Promise.all(parts).then((lists) => [].concat(...lists));
  } catch (err) {
    return Promise.reject(err);
  }
}

function sha256Many(items, encoding) {
  return manySync(native.manyArray256, native.manyJoined256, items, encoding);
}

function sha224Many(items, encoding) {
  return manySync(native.manyArray224, native.manyJoined224, items, encoding);
}

function sha256ManyAsync(items, encoding) {
  return manyAsync(native.manyArrayAsync256, native.manyJoinedAsync256, items, encoding);
}

function sha224ManyAsync(items, encoding) {
  return manyAsync(native.manyArrayAsync224, native.manyJoinedAsync224, items, encoding);
}

// The HMAC batches: the same natives with the key in front.
function keyed(fn, key) {
  return (...args) => fn(key, ...args);
}

function hmacBatch(run, arrayFn, joinedFn, key, items, encoding) {
  const k = secretKey(key);
  return run(keyed(arrayFn, k), keyed(joinedFn, k), items, encoding);
}

/** HMAC-SHA256 of many messages under one key, through the lanes. */
function hmacMany(key, items, encoding) {
  return hmacBatch(manySync, native.hmacManyArray256, native.hmacManyJoined256, key, items, encoding);
}

function hmac224Many(key, items, encoding) {
  return hmacBatch(manySync, native.hmacManyArray224, native.hmacManyJoined224, key, items, encoding);
}

// A bad key rejects the Promise instead of throwing.
function hmacBatchAsync(arrayFn, joinedFn, key, items, encoding) {
  try { return hmacBatch(manyAsync, arrayFn, joinedFn, key, items, encoding); }
  catch (err) { return Promise.reject(err); }
}

function hmacManyAsync(key, items, encoding) {
  return hmacBatchAsync(native.hmacManyArrayAsync256, native.hmacManyJoinedAsync256, key, items, encoding);
}

function hmac224ManyAsync(key, items, encoding) {
  return hmacBatchAsync(native.hmacManyArrayAsync224, native.hmacManyJoinedAsync224, key, items, encoding);
}

function sha256PackedAsync(buffer, stride, length, encoding) {
  try { return native.sha256PackedAsync(buffer, stride, length, encoding); }
  catch (err) { return Promise.reject(err); }
}

/** HMAC-SHA256 of fixed-stride records under one key (see sha256Packed). */
function hmacPacked(key, buffer, stride, length, encoding) {
  return native.hmacPacked(secretKey(key), buffer, stride, length, encoding);
}

function hmacPackedAsync(key, buffer, stride, length, encoding) {
  try { return native.hmacPackedAsync(secretKey(key), buffer, stride, length, encoding); }
  catch (err) { return Promise.reject(err); }
}

// SharedArrayBuffers compare as node:crypto compares them (Node-API cannot
// read one; a view on one is read like any other view).
const sharedView = (b) => (typeof SharedArrayBuffer !== 'undefined' &&
  b instanceof SharedArrayBuffer ? new Uint8Array(b) : b);

/** Whether a and b hold the same bytes, in time that depends on their length only. */
function timingSafeEqual(a, b) {
  return native.timingSafeEqual(sharedView(a), sharedView(b));
}

const kdf = require('./lib/kdf.js')(native, secretKey, () => Buffer.alloc(0));

module.exports = {
  sha256: native.sha256,
  sha224: native.sha224,
  createHash,
  Hash,
  sha256Many,
  sha224Many,
  sha256Packed: native.sha256Packed,
  sha256ManyAsync,
  sha224ManyAsync,
  sha256PackedAsync,
  hmac,
  hmac224,
  createHmac,
  Hmac,
  hmacMany,
  hmac224Many,
  hmacManyAsync,
  hmac224ManyAsync,
  hmacPacked,
  hmacPackedAsync,
  timingSafeEqual,
  pbkdf2Sync: kdf.pbkdf2Sync,
  pbkdf2: kdf.pbkdf2,
  pbkdf2Many: kdf.pbkdf2Many,
  pbkdf2ManyAsync: kdf.pbkdf2ManyAsync,
  hkdfSync: kdf.hkdfSync,
  hkdf: kdf.hkdf,
  backend: native.backend,
  hexBackend: native.hexBackend,
  backends: native.backends,
  allBackends: native.allBackends,
  setBackend: native.setBackend,
  version: native.version,
  implementation: chosen.implementation,
};
