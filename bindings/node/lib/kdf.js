'use strict';
// Key derivation with node:crypto's signatures: pbkdf2Sync/pbkdf2 and
// hkdfSync/hkdf, plus pbkdf2Many/pbkdf2ManyAsync batches. Arguments are
// checked here, with node:crypto's error codes and messages, and turned into
// Uint8Arrays; the natives (the addon, or the WebAssembly build) only derive.
// The source of lib/kdf.mjs (scripts/gen-wasm.js writes it).

const utf8 = new TextEncoder();

const kMaxInt32 = 2147483647;
const kMaxInfo = 1024;
const kDigestSizes = { sha256: 32, sha224: 28 };

function describe(value) {
  if (value === undefined || value === null) return `Received ${value}`;
  if (typeof value === 'function') return `Received function ${value.name}`;
  if (typeof value === 'object') {
    const name = value.constructor && value.constructor.name;
    return name ? `Received an instance of ${name}` : 'Received [Object: null prototype]';
  }
  let shown = typeof value === 'string' ? `'${value}'` : String(value);
  if (typeof value === 'bigint') shown += 'n';
  if (shown.length > 28) shown = `${shown.slice(0, 25)}...`;
  return `Received type ${typeof value} (${shown})`;
}

function invalidArgType(name, what, value) {
  const err = new TypeError(`The "${name}" argument must be ${what}. ${describe(value)}`);
  err.code = 'ERR_INVALID_ARG_TYPE';
  return err;
}

function outOfRange(name, range, value) {
  let shown = String(value);
  if (Number.isInteger(value) && Math.abs(value) > 2 ** 32)
    shown = shown.replace(/\B(?=(\d{3})+(?!\d))/g, '_');
  const err = new RangeError(`The value of "${name}" is out of range. It must be ${range}. Received ${shown}`);
  err.code = 'ERR_OUT_OF_RANGE';
  return err;
}

function checkInteger(value, name, min, max) {
  if (typeof value !== 'number') throw invalidArgType(name, 'of type number', value);
  if (!Number.isInteger(value)) throw outOfRange(name, 'an integer', value);
  if (value < min || value > max) throw outOfRange(name, `>= ${min} && <= ${max}`, value);
}

function checkFunction(value, name) {
  if (typeof value !== 'function') throw invalidArgType(name, 'of type function', value);
}

// 'sha256' or 'sha224' (any case, as node:crypto's names are); anything else
// is node:crypto's "Invalid digest" error, saying what is supported.
function digestName(digest) {
  if (typeof digest !== 'string') throw invalidArgType('digest', 'of type string', digest);
  const name = digest.toLowerCase().replace(/^sha-/, 'sha');
  if (!Object.prototype.hasOwnProperty.call(kDigestSizes, name)) {
    const err = new TypeError(`Invalid digest: ${digest} (fastsha256 derives keys with sha256 and sha224 only)`);
    err.code = 'ERR_CRYPTO_INVALID_DIGEST';
    throw err;
  }
  return name;
}

const kSourceTypes = 'of type string or an instance of ArrayBuffer, Buffer, TypedArray, or DataView';
const kHkdfTypes = 'of type string or an instance of ArrayBuffer, TypedArray, DataView, or Buffer';
const kKeyTypes = 'of type string or an instance of SecretKeyObject, ArrayBuffer, TypedArray, DataView, or Buffer';

function asBytes(value, name, what, secretKey) {
  if (typeof value === 'string') return utf8.encode(value);
  if (ArrayBuffer.isView(value)) return new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
  if (value instanceof ArrayBuffer ||
      (typeof SharedArrayBuffer !== 'undefined' && value instanceof SharedArrayBuffer))
    return new Uint8Array(value);
  if (secretKey && value !== null && typeof value === 'object') {
    const key = secretKey(value);
    if (key !== value) return asBytes(key, name, what, null);
  }
  throw invalidArgType(name, what, value);
}

function pbkdf2Args(secretKey, password, salt, iterations, keylen, digest) {
  if (typeof digest !== 'string') throw invalidArgType('digest', 'of type string', digest);
  const pw = asBytes(password, 'password', kSourceTypes, secretKey);
  const s = asBytes(salt, 'salt', kSourceTypes, secretKey);
  checkInteger(iterations, 'iterations', 1, kMaxInt32);
  checkInteger(keylen, 'keylen', 0, kMaxInt32);
  return { pw, s, iterations, keylen, is224: digestName(digest) === 'sha224' };
}

// Salts: one source for all passwords, or an Array of the same length.
function saltsFor(secretKey, salts, count) {
  if (!Array.isArray(salts)) {
    const one = asBytes(salts, 'salts', kSourceTypes, secretKey);
    return new Array(count).fill(one);
  }
  if (salts.length !== count) {
    const err = new RangeError(`The "salts" array has ${salts.length} items, "passwords" ${count}`);
    err.code = 'ERR_OUT_OF_RANGE';
    throw err;
  }
  return salts.map((s, i) => asBytes(s, `salts[${i}]`, kSourceTypes, secretKey));
}

// Passwords: an Array (or iterable) of sources.
function manyArgs(secretKey, passwords, salts, iterations, keylen, digest) {
  if (typeof digest !== 'string') throw invalidArgType('digest', 'of type string', digest);
  if (passwords === null || typeof passwords !== 'object' || typeof passwords[Symbol.iterator] !== 'function')
    throw invalidArgType('passwords', 'an instance of Array', passwords);
  const pws = Array.from(passwords, (p, i) => asBytes(p, `passwords[${i}]`, kSourceTypes, secretKey));
  const ss = saltsFor(secretKey, salts, pws.length);
  checkInteger(iterations, 'iterations', 1, kMaxInt32);
  checkInteger(keylen, 'keylen', 0, kMaxInt32);
  return { pws, ss, iterations, keylen, is224: digestName(digest) === 'sha224' };
}

function splitKeys(flat, n, keylen) {
  const keys = new Array(n);
  for (let i = 0; i < n; i++) keys[i] = flat.subarray(i * keylen, (i + 1) * keylen);
  return keys;
}

function invalidHkdfDigest(digest) {
  const err = new TypeError(`Invalid digest: ${digest} (fastsha256's HKDF is HKDF-SHA256)`);
  err.code = 'ERR_CRYPTO_INVALID_DIGEST';
  return err;
}

function hkdfArgs(native, secretKey, digest, ikm, salt, info, keylen) {
  if (typeof digest !== 'string') throw invalidArgType('digest', 'of type string', digest);
  const k = asBytes(ikm, 'ikm', kKeyTypes, secretKey);
  const s = asBytes(salt, 'salt', kHkdfTypes, null);
  const i = asBytes(info, 'info', kHkdfTypes, null);
  checkInteger(keylen, 'length', 0, kMaxInt32);
  if (i.byteLength > kMaxInfo)
    throw outOfRange('info', `must not contain more than ${kMaxInfo} bytes`, i.byteLength);
  const name = digestName(digest);
  if (name !== 'sha256' && typeof native.hkdf224 !== 'function') throw invalidHkdfDigest(digest);
  if (keylen > 255 * kDigestSizes[name]) {
    const err = new RangeError('Invalid key length');
    err.code = 'ERR_CRYPTO_INVALID_KEYLEN';
    throw err;
  }
  return { k, s, i, keylen, is224: name === 'sha224' };
}

function hkdfDerive(native, a) {
  if (a.keylen === 0) return new ArrayBuffer(0);
  const out = (a.is224 ? native.hkdf224 : native.hkdf)(a.k, a.s, a.i, a.keylen);
  // A fresh ArrayBuffer of exactly keylen bytes, as crypto.hkdfSync returns.
  return out.buffer.slice(out.byteOffset, out.byteOffset + out.byteLength);
}

/**
 * The calls over natives (pbkdf2, pbkdf2Async, pbkdf2Many, pbkdf2ManyAsync,
 * hkdf: lib/wasm-kdf.js or the addon's src/node_kdf.c); secretKey(object)
 * turns a KeyObject or CryptoKey into bytes; empty() is a zero-length result
 * of the natives' byte type.
 */
function makeKdf(native, secretKey, empty) {
  /** PBKDF2-HMAC-SHA256/224 (RFC 8018), as crypto.pbkdf2Sync: a Buffer of keylen bytes. */
  function pbkdf2Sync(password, salt, iterations, keylen, digest) {
    const a = pbkdf2Args(secretKey, password, salt, iterations, keylen, digest);
    if (a.keylen === 0) return empty();
    return native.pbkdf2(a.pw, a.s, a.iterations, a.keylen, a.is224);
  }

  /** As crypto.pbkdf2: callback(err, derivedKey), derived on the thread pool. */
  function pbkdf2(password, salt, iterations, keylen, digest, callback) {
    if (typeof digest === 'function') {
      callback = digest;
      digest = undefined;
    }
    const a = pbkdf2Args(secretKey, password, salt, iterations, keylen, digest);
    checkFunction(callback, 'callback');
    const done = a.keylen === 0 ? Promise.resolve(empty())
      : native.pbkdf2Async(a.pw, a.s, a.iterations, a.keylen, a.is224);
    done.then((key) => callback(null, key), (err) => callback(err));
  }

  /** Many PBKDF2 derivations with one iteration count and key length, through the lanes. */
  function pbkdf2Many(passwords, salts, iterations, keylen, digest) {
    const a = manyArgs(secretKey, passwords, salts, iterations, keylen, digest);
    if (a.keylen === 0 || a.pws.length === 0) return a.pws.map(() => empty());
    const flat = native.pbkdf2Many(a.pws, a.ss, a.iterations, a.keylen, a.is224);
    return splitKeys(flat, a.pws.length, a.keylen);
  }

  /** pbkdf2Many on the thread pool: a Promise of the keys. */
  function pbkdf2ManyAsync(passwords, salts, iterations, keylen, digest) {
    let a;
    try {
      a = manyArgs(secretKey, passwords, salts, iterations, keylen, digest);
    } catch (err) {
      return Promise.reject(err);
    }
    if (a.keylen === 0 || a.pws.length === 0) return Promise.resolve(a.pws.map(() => empty()));
    return native.pbkdf2ManyAsync(a.pws, a.ss, a.iterations, a.keylen, a.is224)
      .then((flat) => splitKeys(flat, a.pws.length, a.keylen));
  }

  /** HKDF (RFC 5869), as crypto.hkdfSync: an ArrayBuffer of keylen bytes. */
  function hkdfSync(digest, ikm, salt, info, keylen) {
    return hkdfDerive(native, hkdfArgs(native, secretKey, digest, ikm, salt, info, keylen));
  }

  /** As crypto.hkdf: callback(err, ArrayBuffer). HKDF is a few blocks: derived at once, called back later. */
  function hkdf(digest, ikm, salt, info, keylen, callback) {
    const a = hkdfArgs(native, secretKey, digest, ikm, salt, info, keylen);
    checkFunction(callback, 'callback');
    const key = hkdfDerive(native, a);
    queueMicrotask(() => callback(null, key));
  }

  return { pbkdf2Sync, pbkdf2, pbkdf2Many, pbkdf2ManyAsync, hkdfSync, hkdf };
}

module.exports = makeKdf;
