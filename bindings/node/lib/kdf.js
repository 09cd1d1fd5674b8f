// SPDX-License-Identifier: Apache-2.0 OR MIT
'use strict';
// Key derivation with node:crypto's signatures: pbkdf2Sync/pbkdf2 and
// hkdfSync/hkdf, plus pbkdf2Many/pbkdf2ManyAsync batches. Arguments are
// checked here, with node:crypto's error codes and messages, and turned into
// Uint8Arrays; the natives (the addon, or the WebAssembly build) only derive.
// The source of lib/kdf.mjs (scripts/gen-wasm.js writes it).

const utf8 = new TextEncoder();

const { invalidArgType, outOfRange, fail } = require('./errors.js');

const kMaxInt32 = 2147483647;
const kMaxLength = 4294967296; // node:crypto's bound on an HKDF length (buffer.kMaxLength)
const kMaxInfo = 1024;
const kDigestSizes = { 256: 32, 224: 28 };

function checkInteger(value, name, min, max) {
  if (typeof value !== 'number') throw invalidArgType(name, 'of type number', value);
  if (!Number.isInteger(value)) throw outOfRange(name, 'an integer', value);
  if (value < min || value > max) throw outOfRange(name, `>= ${min} && <= ${max}`, value);
}

function checkFunction(value, name) {
  if (typeof value !== 'function') throw invalidArgType(name, 'of type function', value);
}

// 256 or 224 for a name createHash takes (the natives' own parser, so the
// two accept exactly the same names); anything else is node:crypto's
// "Invalid digest" error. Checked after the arguments' types and the
// callback's, as node:crypto checks it (when the job is made).
function digestBits(native, digest) {
  const bits = native.algorithmBits(digest);
  if (bits === 0)
    throw fail(TypeError, 'ERR_CRYPTO_INVALID_DIGEST', `Invalid digest: ${digest}`);
  return bits;
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

// PBKDF2's password and salt: strings and bytes only (node:crypto takes no
// KeyObject there).
function pbkdf2Args(password, salt, iterations, keylen, digest) {
  if (typeof digest !== 'string') throw invalidArgType('digest', 'of type string', digest);
  const pw = asBytes(password, 'password', kSourceTypes, null);
  const s = asBytes(salt, 'salt', kSourceTypes, null);
  checkInteger(iterations, 'iterations', 1, kMaxInt32);
  checkInteger(keylen, 'keylen', 0, kMaxInt32);
  return { pw, s, iterations, keylen, digest };
}

// Salts: one source for all passwords, or an Array of the same length.
function saltsFor(salts, count) {
  if (!Array.isArray(salts)) {
    const one = asBytes(salts, 'salts', kSourceTypes, null);
    return new Array(count).fill(one);
  }
  if (salts.length !== count) {
    const err = new RangeError(`The "salts" array has ${salts.length} items, "passwords" ${count}`);
    err.code = 'ERR_OUT_OF_RANGE';
    throw err;
  }
  return salts.map((s, i) => asBytes(s, `salts[${i}]`, kSourceTypes, null));
}

// Passwords: an Array (or iterable) of sources.
function manyArgs(passwords, salts, iterations, keylen, digest) {
  if (typeof digest !== 'string') throw invalidArgType('digest', 'of type string', digest);
  if (passwords === null || typeof passwords !== 'object' || typeof passwords[Symbol.iterator] !== 'function')
    throw invalidArgType('passwords', 'an instance of Array', passwords);
  const pws = Array.from(passwords, (p, i) => asBytes(p, `passwords[${i}]`, kSourceTypes, null));
  const ss = saltsFor(salts, pws.length);
  checkInteger(iterations, 'iterations', 1, kMaxInt32);
  checkInteger(keylen, 'keylen', 0, kMaxInt32);
  return { pws, ss, iterations, keylen, digest };
}

function splitKeys(flat, n, keylen) {
  const keys = new Array(n);
  for (let i = 0; i < n; i++) keys[i] = flat.subarray(i * keylen, (i + 1) * keylen);
  return keys;
}

// HKDF's ikm may also be a secret KeyObject or CryptoKey, as in node:crypto.
function hkdfArgs(secretKey, digest, ikm, salt, info, keylen) {
  if (typeof digest !== 'string') throw invalidArgType('digest', 'of type string', digest);
  const k = asBytes(ikm, 'ikm', kKeyTypes, secretKey);
  const s = asBytes(salt, 'salt', kHkdfTypes, null);
  const i = asBytes(info, 'info', kHkdfTypes, null);
  checkInteger(keylen, 'length', 0, kMaxLength);
  if (i.byteLength > kMaxInfo)
    throw outOfRange('info', `must not contain more than ${kMaxInfo} bytes`, i.byteLength);
  return { k, s, i, keylen, digest };
}

// The digest, then the length against 255 hash lengths: node:crypto's
// order when it makes the job.
function hkdfDerive(native, a) {
  const bits = digestBits(native, a.digest);
  if (a.keylen > 255 * kDigestSizes[bits])
    throw fail(RangeError, 'ERR_CRYPTO_INVALID_KEYLEN', 'Invalid key length');
  if (a.keylen === 0) return new ArrayBuffer(0);
  const out = native.hkdf(a.k, a.s, a.i, a.keylen, bits === 224);
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
    const a = pbkdf2Args(password, salt, iterations, keylen, digest);
    const is224 = digestBits(native, a.digest) === 224;
    if (a.keylen === 0) return empty();
    return native.pbkdf2(a.pw, a.s, a.iterations, a.keylen, is224);
  }

  /** As crypto.pbkdf2: callback(err, derivedKey), derived on the thread pool. */
  function pbkdf2(password, salt, iterations, keylen, digest, callback) {
    if (typeof digest === 'function') {
      callback = digest;
      digest = undefined;
    }
    const a = pbkdf2Args(password, salt, iterations, keylen, digest);
    checkFunction(callback, 'callback');
    const is224 = digestBits(native, a.digest) === 224;
    const done = a.keylen === 0 ? Promise.resolve(empty())
      : native.pbkdf2Async(a.pw, a.s, a.iterations, a.keylen, is224);
    done.then((key) => callback(null, key), (err) => callback(err));
  }

  /** Many PBKDF2 derivations with one iteration count and key length, through the lanes. */
  function pbkdf2Many(passwords, salts, iterations, keylen, digest) {
    const a = manyArgs(passwords, salts, iterations, keylen, digest);
    const is224 = digestBits(native, a.digest) === 224;
    if (a.keylen === 0 || a.pws.length === 0) return a.pws.map(() => empty());
    const flat = native.pbkdf2Many(a.pws, a.ss, a.iterations, a.keylen, is224);
    return splitKeys(flat, a.pws.length, a.keylen);
  }

  /** pbkdf2Many on the thread pool: a Promise of the keys. */
  function pbkdf2ManyAsync(passwords, salts, iterations, keylen, digest) {
    let a, is224;
    try {
      a = manyArgs(passwords, salts, iterations, keylen, digest);
      is224 = digestBits(native, a.digest) === 224;
    } catch (err) {
      return Promise.reject(err);
    }
    if (a.keylen === 0 || a.pws.length === 0) return Promise.resolve(a.pws.map(() => empty()));
    return native.pbkdf2ManyAsync(a.pws, a.ss, a.iterations, a.keylen, is224)
      .then((flat) => splitKeys(flat, a.pws.length, a.keylen));
  }

  /** HKDF (RFC 5869), as crypto.hkdfSync: an ArrayBuffer of keylen bytes. */
  function hkdfSync(digest, ikm, salt, info, keylen) {
    return hkdfDerive(native, hkdfArgs(secretKey, digest, ikm, salt, info, keylen));
  }

  /** As crypto.hkdf: callback(err, ArrayBuffer). HKDF is a few blocks: derived at once, called back later. */
  function hkdf(digest, ikm, salt, info, keylen, callback) {
    const a = hkdfArgs(secretKey, digest, ikm, salt, info, keylen);
    checkFunction(callback, 'callback');
    const key = hkdfDerive(native, a);
    queueMicrotask(() => callback(null, key));
  }

  return { pbkdf2Sync, pbkdf2, pbkdf2Many, pbkdf2ManyAsync, hkdfSync, hkdf };
}

module.exports = makeKdf;
