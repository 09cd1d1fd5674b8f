'use strict';
// The public calls over a set of natives (the addon's or lib/wasm-natives.js'),
// for the entries that cannot use index.js: browsers, workerd and Deno
// without permissions. The same names and argument checks as index.js;
// results are env's byte type (Uint8Array in browsers, Buffer in Deno).
// The source of lib/api.mjs (scripts/gen-wasm.js writes it).

const makeKdf = require('./kdf.js');
const { invalidArgType } = require('./errors.js');
const { inputEncoding, outputEncoding, outputLength, checkOutputLength } = require('./args.js');

const kHandle = Symbol('fastsha256.handle');

function toArray(items) {
  if (Array.isArray(items)) return items;
  if (items !== null && items !== undefined && typeof items !== 'string' &&
      typeof items[Symbol.iterator] === 'function')
    return Array.from(items);
  throw invalidArgType('items', 'an Array or an iterable', items);
}

function split(flat, n) {
  const out = new Array(n);
  if (n === 0) return out;
  const width = flat.length / n;
  for (let i = 0, at = 0; i < n; i++, at += width)
    out[i] = typeof flat === 'string' ? flat.slice(at, at + width) : flat.subarray(at, at + width);
  return out;
}

// An all-strings batch as one joined string and its UTF-16 lengths (the
// natives' joined path: one encodeInto when all ASCII), else null.
let lengths = new Uint32Array(1024);
function joinStrings(arr) {
  if (lengths.length < arr.length) lengths = new Uint32Array(Math.max(arr.length, 2 * lengths.length));
  for (let i = 0; i < arr.length; i++) {
    if (typeof arr[i] !== 'string') return null;
    lengths[i] = arr[i].length;
  }
  return arr.join('');
}

function rejecting(fn) {
  return (...args) => {
    try { return Promise.resolve(fn(...args)); } catch (err) { return Promise.reject(err); }
  };
}

// Adapters from env: input strings in encodings other than utf8, digests
// in encodings the natives do not write, keys that are objects.
function makeAdapters(natives, env) {
  // Data for update(): node:crypto's rules (lib/args.js), then env's decoder.
  const inputBytes = (data, enc) => {
    if (typeof data !== 'string') return data;
    const e = inputEncoding(data, enc);
    return e === null ? data : env.decode(data, e, enc);
  };
  // A key's string in options.encoding: decoded as Buffer.from would.
  const keyBytes = (key, enc) => {
    if (typeof enc !== 'string') return key;
    const e = enc.toLowerCase();
    return e === 'utf8' || e === 'utf-8' || e === 'buffer' ? key : env.decode(key, e, enc);
  };
  const own = new Set(['hex', 'base64', 'base64url', 'latin1', 'binary', 'buffer']);
  // env.recode(bytes, encoding): the digest in an encoding the natives do not
  // write (Buffer's utf8, ucs2...), or undefined to let the natives refuse it.
  const digestOf = (handle, encoding) => {
    const enc = outputEncoding(encoding);
    if (env.recode && enc !== undefined && !own.has(enc)) {
      const text = env.recode(natives.hashDigest(handle), enc);
      if (text !== undefined) return text;
    }
    return natives.hashDigest(handle, enc);
  };
  // Keys: strings, views, ArrayBuffers and SharedArrayBuffers; env.secretKey
  // turns other objects (node:crypto's KeyObject) into bytes.
  const secretKey = (key) => (typeof SharedArrayBuffer !== 'undefined' && key instanceof SharedArrayBuffer
    ? new Uint8Array(key)
    : env.secretKey && key !== null && typeof key === 'object' && !ArrayBuffer.isView(key) ? env.secretKey(key) : key);
  return { inputBytes, keyBytes, digestOf, secretKey };
}

function makeHashClasses(natives, { inputBytes, keyBytes, digestOf, secretKey }) {
  class Hash {
    constructor(algorithm, options, handle) {
      if (handle !== undefined) {
        this[kHandle] = handle;
        return;
      }
      const length = outputLength(options);
      this[kHandle] = natives.hashCreate(algorithm);
      if (length !== undefined) checkOutputLength(length, natives.algorithmBits(algorithm) / 8);
    }

    update(data, inputEncoding) {
      natives.hashUpdate(this[kHandle], inputBytes(data, inputEncoding));
      return this;
    }

    digest(outputEncoding) {
      return digestOf(this[kHandle], outputEncoding);
    }

    copy() {
      return new Hash(undefined, undefined, natives.hashCopy(this[kHandle]));
    }
  }

  class Hmac {
    constructor(algorithm, key, options) {
      const encoding = options !== null && typeof options === 'object' ? options.encoding : undefined;
      this[kHandle] = natives.hmacCreate(algorithm,
        typeof key === 'string' ? keyBytes(key, encoding) : secretKey(key));
    }

    update(data, inputEncoding) {
      natives.hashUpdate(this[kHandle], inputBytes(data, inputEncoding));
      return this;
    }

    digest(outputEncoding) {
      return digestOf(this[kHandle], outputEncoding);
    }
  }
  return { Hash, Hmac };
}

// A batch call over the natives' array form and, for all-strings batches,
// their joined form; keyed: the same with a key first.
const many = (fn, joinedFn) => (items, encoding) => {
  const arr = toArray(items);
  const joined = joinStrings(arr);
  return split(joined !== null ? joinedFn(joined, lengths, arr.length, encoding)
    : fn(arr, encoding, 0), arr.length);
};
const keyedMany = (secretKey, fn, joinedFn) => (key, items, encoding) => {
  const k = secretKey(key);
  const arr = toArray(items);
  const joined = joinStrings(arr);
  return split(joined !== null ? joinedFn(k, joined, lengths, arr.length, encoding)
    : fn(k, arr, encoding, 0), arr.length);
};

/**
 * natives: the addon's function set. env.decode(string, encoding) gives the
 * bytes of a string in an input encoding other than utf8 (or throws).
 */
function makeApi(natives, env) {
  const adapters = makeAdapters(natives, env);
  const { secretKey } = adapters;
  const { Hash, Hmac } = makeHashClasses(natives, adapters);
  const api = {
    sha256: natives.sha256,
    sha224: natives.sha224,
    createHash: (algorithm, options) => new Hash(algorithm, options),
    Hash,
    sha256Many: many(natives.manyArray256, natives.manyJoined256),
    sha224Many: many(natives.manyArray224, natives.manyJoined224),
    sha256Packed: natives.sha256Packed,
    hmac: (key, data, encoding) => natives.hmac256(secretKey(key), data, encoding),
    hmac224: (key, data, encoding) => natives.hmac224(secretKey(key), data, encoding),
    createHmac: (algorithm, key, options) => new Hmac(algorithm, key, options),
    Hmac,
    hmacMany: keyedMany(secretKey, natives.hmacManyArray256, natives.hmacManyJoined256),
    hmac224Many: keyedMany(secretKey, natives.hmacManyArray224, natives.hmacManyJoined224),
    hmacPacked: (key, ...rest) => natives.hmacPacked(secretKey(key), ...rest),
    timingSafeEqual: natives.timingSafeEqual,
    backend: natives.backend,
    hexBackend: natives.hexBackend,
    backends: natives.backends,
    allBackends: natives.allBackends,
    setBackend: natives.setBackend,
    version: natives.version,
  };
  Object.assign(api, makeKdf(natives, secretKey, natives.emptyBytes || (() => new Uint8Array(0))));
  for (const name of ['sha256Many', 'sha224Many', 'sha256Packed', 'hmacMany', 'hmac224Many', 'hmacPacked'])
    api[name.replace(/(Many|Packed)$/, '$1Async')] = rejecting(api[name]);
  return api;
}

// The names every entry exports (besides init, initSync, implementation).
const apiNames = ['sha256', 'sha224', 'createHash', 'Hash', 'sha256Many', 'sha224Many', 'sha256Packed',
  'sha256ManyAsync', 'sha224ManyAsync', 'sha256PackedAsync', 'hmac', 'hmac224', 'createHmac', 'Hmac',
  'hmacMany', 'hmac224Many', 'hmacManyAsync', 'hmac224ManyAsync', 'hmacPacked', 'hmacPackedAsync',
  'timingSafeEqual', 'pbkdf2Sync', 'pbkdf2', 'pbkdf2Many', 'pbkdf2ManyAsync', 'hkdfSync', 'hkdf',
  'backend', 'hexBackend', 'backends', 'allBackends', 'setBackend', 'version'];

module.exports = { makeApi, apiNames, toArray };
