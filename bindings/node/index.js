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
const native = chosen.natives;
const kHandle = Symbol('fastsha256.handle');

// Bun: sha256/sha224/hmac/hmac224 per call through bun:ffi on the same
// file's exported functions: fastsha256, fastsha224, fastsha256_hmac and
// fastsha224_hmac for a Buffer, fastsha256_node_hex and
// fastsha256_node_hmac_hex (the addon's: hash and hex in one crossing) for
// "hex". In Bun a Node-API call costs about as much as hashing a short
// message; an FFI call a fifth of it. Strings (encoded by
// TextEncoder#encodeInto, which turns lone surrogates into U+FFFD like
// node:crypto) and non-empty Uint8Arrays (Buffers); everything else, other
// encodings, errors and detached buffers included, goes through the addon.
// FASTSHA256_NO_FFI=1 turns it off.
function bunOneShots() {
  if (typeof Bun === 'undefined' || process.env.FASTSHA256_NO_FFI) return null;
  let s;
  try {
    const { dlopen, FFIType } = require('bun:ffi');
    const { ptr, u64_fast: size, u32, void: none } = FFIType;
    const hash = { args: [ptr, size, ptr], returns: none };
    const mac = { args: [ptr, size, ptr, size, ptr], returns: none };
    s = dlopen(loadedFile, {
      fastsha256: hash, fastsha224: hash,
      fastsha256_hmac: mac, fastsha224_hmac: mac,
      fastsha256_node_hex: { args: [ptr, size, u32, ptr], returns: none },
      fastsha256_node_hmac_hex: { args: [ptr, size, ptr, size, u32, ptr], returns: none },
      fastsha256_node_many: { args: [u32, ptr, ptr, size, ptr], returns: none },
    }).symbols;
  } catch (_) {
    return null; // no bun:ffi, or the symbols are not exported: the addon serves
  }
  const maxUnits = 1365; // UTF-16 units whose UTF-8 (<= 3 bytes each) fits a scratch buffer
  const encoder = new TextEncoder();
  const input = new Uint8Array(3 * maxUnits);
  const keyInput = new Uint8Array(3 * maxUnits);
  const hex = Buffer.alloc(65);
  // data's bytes: a string as UTF-8 into scratch, or a non-empty Uint8Array
  // itself; taken.bytes is null for anything else.
  const taken = { bytes: null, len: 0 };
  // A short all-ASCII string is its own UTF-8: copied by a loop, which
  // costs Bun about a third of encodeInto's ~15 ns at 14 characters (the
  // loop passes encodeInto near 20 characters).
  const kShortAscii = 16;
  const asciiInto = (str, scratch) => {
    const n = str.length;
    for (let i = 0; i < n; i++) {
      const c = str.charCodeAt(i);
      if (c >= 0x80) return -1;
      scratch[i] = c;
    }
    return n;
  };
  const take = (data, scratch) => {
    if (typeof data === 'string' && data.length <= maxUnits) {
      taken.bytes = scratch;
      const n = data.length <= kShortAscii ? asciiInto(data, scratch) : -1;
      taken.len = n >= 0 ? n : encoder.encodeInto(data, scratch).written;
    } else if (data instanceof Uint8Array && data.length > 0) {
      taken.bytes = data;
      taken.len = data.length;
    } else {
      taken.bytes = null;
    }
    return taken.bytes;
  };
  const plain = (toBuffer, is224, addon) => {
    const size = is224 ? 28 : 32;
    return (data, encoding) => {
      if (encoding === 'hex') {
        if (!take(data, input)) return addon(data, encoding);
        s.fastsha256_node_hex(taken.bytes, taken.len, is224, hex);
        return hex.latin1Slice(0, 2 * size);
      }
      if (encoding !== undefined || !take(data, input)) return addon(data, encoding);
      const out = Buffer.allocUnsafe(size);
      toBuffer(taken.bytes, taken.len, out);
      return out;
    };
  };
  const keyed = (toBuffer, is224, addon) => {
    const size = is224 ? 28 : 32;
    return (key, data, encoding) => {
      if ((encoding !== 'hex' && encoding !== undefined) || !take(key, keyInput))
        return addon(key, data, encoding);
      const keyBytes = taken.bytes;
      const keyLen = taken.len;
      if (!take(data, input)) {
        if (keyBytes === keyInput) keyInput.fill(0, 0, keyLen);
        return addon(key, data, encoding);
      }
      let out;
      if (encoding === 'hex') {
        s.fastsha256_node_hmac_hex(keyBytes, keyLen, taken.bytes, taken.len, is224, hex);
        out = hex.latin1Slice(0, 2 * size);
      } else {
        out = Buffer.allocUnsafe(size);
        toBuffer(keyBytes, keyLen, taken.bytes, taken.len, out);
      }
      if (keyBytes === keyInput) keyInput.fill(0, 0, keyLen); // a string key's copy
      return out;
    };
  };
  // sha256Many/sha224Many of strings, joined (see manySync), to hex or Buffers:
  // an all-ASCII batch (as many UTF-8 bytes as UTF-16 units, so the UTF-16
  // lengths hold for the bytes) goes to the addon's fastsha256_node_many as
  // plain memory; the hex comes back in a kept scratch Buffer. Steadier and
  // ~15% faster under Bun than the Node-API call, which reads the string
  // through UTF-16 and makes a new 64 KiB Buffer per 1024 digests. Scratch
  // buffers up to kKeep bytes are kept; bigger ones are made for one call.
  // Returns null (the addon takes the batch) for anything else.
  const FFI_SHA224 = 1, FFI_HEX = 4;
  const kKeep = 1 << 20;
  let textScratch = new Uint8Array(1 << 16);
  let hexScratch = Buffer.allocUnsafe(1 << 16);
  const joinedBatch = (flags, joined, lengths, n, encoding) => {
    const enc = encoding === 'hex' ? FFI_HEX : encoding === undefined ? 0 : -1;
    const units = joined.length;
    if (enc < 0 || n === 0) return null;
    // fastsha256_node_many walks the sum of the lengths through text: it
    // must be the text's length (as the addon checks for its own path).
    let sum = 0;
    for (let i = 0; i < n; i++) sum += lengths[i];
    if (sum !== units) return null;
    let text = textScratch;
    if (units > text.length) {
      text = new Uint8Array(units);
      if (units <= kKeep) textScratch = text;
    }
    const done = encoder.encodeInto(joined, text);
    if (done.read !== units || done.written !== units) return null; // not all ASCII
    const total = n * (flags & FFI_SHA224 ? 28 : 32) * (enc ? 2 : 1);
    let out;
    if (enc) {
      out = hexScratch;
      if (total > out.length) {
        out = Buffer.allocUnsafe(total);
        if (total <= kKeep) hexScratch = out;
      }
    } else {
      out = Buffer.allocUnsafe(total);
    }
    s.fastsha256_node_many(flags | enc, text, lengths, n, out);
    return enc ? out.latin1Slice(0, total) : out;
  };
  return {
    joinedBatch,
    FFI_SHA224,
    sha256: plain(s.fastsha256, 0, native.sha256),
    sha224: plain(s.fastsha224, 1, native.sha224),
    hmac256: keyed(s.fastsha256_hmac, 0, native.hmac256),
    hmac224: keyed(s.fastsha224_hmac, 1, native.hmac224),
  };
}
const fast = chosen.implementation === 'native' ? bunOneShots() : null;

function invalidType(name, what, value) {
  const err = new TypeError(`The "${name}" argument must be ${what}. Received ` +
    (value === null ? 'null' : `type ${typeof value}`));
  err.code = 'ERR_INVALID_ARG_TYPE';
  return err;
}

// Encodings the addon writes itself; Node's other Buffer encodings go through
// Buffer#toString, as node:crypto's Hash#digest accepts them.
const nativeEncodings = new Set(['hex', 'base64', 'base64url', 'latin1', 'binary', 'buffer']);

// A string with an inputEncoding other than utf8 is decoded as Buffer.from does.
// As data for update() (asData), an odd number of hex digits throws, as
// node:crypto's Hash#update and Hmac#update do (Buffer.from would drop the
// last digit); a key is decoded as Buffer.from does, as node:crypto does.
function inputBytes(data, inputEncoding, asData) {
  if (typeof data === 'string' && inputEncoding !== undefined && inputEncoding !== null) {
    const enc = String(inputEncoding).toLowerCase();
    if (enc !== 'utf8' && enc !== 'utf-8') {
      if (!Buffer.isEncoding(enc)) {
        const err = new TypeError(`Unknown encoding: ${inputEncoding}`);
        err.code = 'ERR_UNKNOWN_ENCODING';
        throw err;
      }
      if (asData && enc === 'hex' && data.length % 2 !== 0) {
        const err = new TypeError(`The argument 'encoding' is invalid for data of length ${data.length}. Received '${inputEncoding}'`);
        err.code = 'ERR_INVALID_ARG_VALUE';
        throw err;
      }
      return Buffer.from(data, enc);
    }
  }
  return data;
}

// Neither a Hash nor an Hmac keeps native memory after digest() (a
// synchronous loop of createHash().update().digest() must not hold any
// until the event loop turns, when finalizers run). digestFn(state, enc):
// native.ctxDigest or native.hashDigest; state null: an empty digest.
function digestOf(digestFn, state, outputEncoding) {
  if (!outputEncoding) outputEncoding = undefined; // null, '', 0, false: a Buffer, as in Node
  else if (typeof outputEncoding === 'string') outputEncoding = outputEncoding.toLowerCase();
  if (outputEncoding === undefined || nativeEncodings.has(outputEncoding))
    return digestFn(state, outputEncoding);
  if (typeof outputEncoding === 'string' && Buffer.isEncoding(outputEncoding))
    return digestFn(state).toString(outputEncoding);
  return digestFn(state, outputEncoding); // throws, naming it
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
    } else {
      const ctx = new CtxBytes(native.ctxSize);
      native.ctxInit(ctx, algorithm);
      this.#ctx = ctx;
    }
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

function createHash(algorithm) {
  return new Hash(algorithm);
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

const hmac256Call = fast ? fast.hmac256 : native.hmac256;
const hmac224Call = fast ? fast.hmac224 : native.hmac224;

/** HMAC-SHA256 of data under key, in one call. */
function hmac(key, data, encoding) {
  return hmac256Call(typeof key === 'string' ? key : secretKey(key), data, encoding);
}

/** HMAC-SHA224 of data under key, in one call. */
function hmac224(key, data, encoding) {
  return hmac224Call(typeof key === 'string' ? key : secretKey(key), data, encoding);
}

function toArray(items) {
  if (Array.isArray(items)) return items;
  if (items !== null && items !== undefined && typeof items !== 'string' &&
      typeof items[Symbol.iterator] === 'function')
    return Array.from(items);
  throw invalidType('items', 'an Array or an iterable', items);
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

// In Bun a big string made by the addon through Node-API costs more than
// hashing the batch (about 24 ns per hex digest here), a Buffer's
// latin1Slice a sixth of it: there the addon returns text as the Buffer of its
// characters (its textAsBytes argument) and the string is made here.
const textAsBytes = typeof Bun !== 'undefined';
const wantsBytes = (encoding) => textAsBytes && typeof encoding === 'string' &&
  encoding !== 'buffer';

function split(flat, n, asText) {
  if (asText) flat = flat.latin1Slice(0, flat.length);
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

// ffiFlags: Bun's FFI path for an all-strings batch (bunOneShots' joinedBatch),
// undefined for none.
function manySync(arrayFn, joinedFn, items, encoding, ffiFlags) {
  const arr = toArray(items);
  const n = arr.length;
  const asText = wantsBytes(encoding);
  if (n <= kMaxBatch) {
    const vals = readItems(arr, 0, n);
    const joined = joinStrings(vals);
    if (joined !== null && ffiFlags !== undefined) {
      const flat = fast.joinedBatch(ffiFlags, joined, lengths, n, encoding);
      if (flat !== null) return split(flat, n, false);
    }
    return split(joined !== null ? joinedFn(joined, lengths, n, encoding, asText)
      : arrayFn(vals, encoding, 0, asText), n, asText);
  }
  let out = [];
  for (let from = 0; from < n; from += kMaxBatch) {
    const to = Math.min(n, from + kMaxBatch);
    const vals = readItems(arr, from, to);
    const joined = joinStrings(vals);
    out = out.concat(split(joined !== null
      ? joinedFn(joined, lengths, to - from, encoding, asText)
      : arrayFn(vals, encoding, from, asText), to - from, asText));
  }
  return out;
}

// Argument errors reject the Promise instead of throwing.
function manyAsync(arrayFn, joinedFn, items, encoding) {
  try {
    const arr = toArray(items);
    const n = arr.length;
    const asText = wantsBytes(encoding);
    const parts = [];
    for (let from = 0; from < n || from === 0; from += kMaxBatch) {
      const to = Math.min(n, from + kMaxBatch);
      const vals = readItems(arr, from, to);
      const joined = joinStrings(vals);
      const count = to - from;
      parts.push((joined !== null ? joinedFn(joined, lengths, count, encoding, asText)
        : arrayFn(vals, encoding, from, asText))
        .then((flat) => split(flat, count, asText)));
      if (n === 0) break;
    }
    return parts.length === 1 ? parts[0]
      : Promise.all(parts).then((lists) => [].concat(...lists));
  } catch (err) {
    return Promise.reject(err);
  }
}

const ffiSha256 = fast ? 0 : undefined;
const ffiSha224 = fast ? fast.FFI_SHA224 : undefined;

function sha256Many(items, encoding) {
  return manySync(native.manyArray256, native.manyJoined256, items, encoding, ffiSha256);
}

function sha224Many(items, encoding) {
  return manySync(native.manyArray224, native.manyJoined224, items, encoding, ffiSha224);
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
  sha256: fast ? fast.sha256 : native.sha256,
  sha224: fast ? fast.sha224 : native.sha224,
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
