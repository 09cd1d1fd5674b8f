// SPDX-License-Identifier: Apache-2.0 OR MIT
'use strict';
// The argument checks of the native addon (src/fastsha256_node.c), in
// JavaScript for the WebAssembly build: the same error classes, codes and
// messages, so either implementation fails the same way.
// The source of lib/wasm-errors.mjs (scripts/gen-wasm.js writes it).

const { describe, fail } = require('./errors.js');

function expectString(v, arg) {
  if (typeof v !== 'string')
    throw fail(TypeError, 'ERR_INVALID_ARG_TYPE',
      `The "${arg}" argument must be of type string. Received ${describe(v)}`);
}

function badData(arg, v, strings) {
  return fail(TypeError, 'ERR_INVALID_ARG_TYPE',
    `The "${arg}" argument must be of type ${strings ? 'string or ' : ''}an instance of Buffer, ` +
    `TypedArray, DataView, or ArrayBuffer. Received ${describe(v)}`);
}

function detached(arg) {
  return fail(TypeError, 'ERR_INVALID_STATE', `The "${arg}" argument is backed by a detached ArrayBuffer`);
}

const tagOf = (v) => Object.prototype.toString.call(v);

function isDetached(buffer) {
  if (typeof buffer.detached === 'boolean') return buffer.detached;
  if (buffer.byteLength !== 0 || tagOf(buffer) !== '[object ArrayBuffer]') return false;
  try { new Uint8Array(buffer); return false; } catch (_) { return true; }
}

// The bytes of a Buffer, TypedArray, DataView or ArrayBuffer as a Uint8Array
// (no copy), null for any other value; a detached one throws naming arg.
function viewBytes(v, arg) {
  if (v === null || typeof v !== 'object') return null;
  let bytes;
  if (ArrayBuffer.isView(v)) {
    bytes = new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
    if (bytes.length === 0 && isDetached(v.buffer)) throw detached(arg);
  } else if (tagOf(v) === '[object ArrayBuffer]') {
    if (isDetached(v)) throw detached(arg);
    bytes = new Uint8Array(v);
  } else {
    return null;
  }
  return bytes;
}

// A data argument: the string itself or its bytes.
function dataArg(v, arg) {
  if (typeof v === 'string') return v;
  const bytes = viewBytes(v, arg);
  if (bytes === null) throw badData(arg, v, true);
  return bytes;
}

function keyArg(v) {
  if (typeof v === 'string') return v;
  const bytes = viewBytes(v, 'key');
  if (bytes === null)
    throw fail(TypeError, 'ERR_INVALID_ARG_TYPE',
      'The "key" argument must be of type string or an instance of ArrayBuffer, Buffer, ' +
      `TypedArray, DataView, KeyObject, or CryptoKey. Received ${describe(v)}`);
  return bytes;
}

const ENC_BUFFER = 0, ENC_HEX = 1, ENC_BASE64 = 2, ENC_BASE64URL = 3, ENC_LATIN1 = 4;
const encodingNames = { hex: ENC_HEX, base64: ENC_BASE64, base64url: ENC_BASE64URL,
  latin1: ENC_LATIN1, binary: ENC_LATIN1, buffer: ENC_BUFFER };

const hasOwn = (o, k) => Object.prototype.hasOwnProperty.call(o, k);
const asciiLower = (s) => s.replace(/[A-Z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 32));

// The addon reads up to 15 latin1 characters of the name.
function parseEncoding(v, arg) {
  if (v === undefined) return ENC_BUFFER;
  if (typeof v !== 'string')
    throw fail(TypeError, 'ERR_INVALID_ARG_TYPE',
      `The "${arg}" argument must be of type string. Received ${describe(v)}`);
  // An exact lowercase name (the common case): no slicing or lowercasing.
  if (hasOwn(encodingNames, v)) return encodingNames[v];
  const head = v.slice(0, 15);
  if (v.length < 15) {
    const lower = asciiLower(head);
    if (hasOwn(encodingNames, lower)) return encodingNames[lower];
  }
  let shown = '';
  for (let i = 0; i < head.length; i++) shown += String.fromCharCode(head.charCodeAt(i) & 0xff);
  throw fail(TypeError, 'ERR_INVALID_ARG_VALUE',
    `The "${arg}" argument must be one of 'hex', 'base64', 'base64url', 'latin1', 'binary' or ` +
    `'buffer'. Received '${shown}${v.length >= 15 ? '...' : ''}'`);
}

const names256 = ['sha256', 'sha-256', 'sha2-256', 'rsa-sha256', 'sha256withrsaencryption'];
const names224 = ['sha224', 'sha-224', 'sha2-224', 'rsa-sha224', 'sha224withrsaencryption'];

// 256 or 224, or 0 for a name fastsha256 does not have.
function parseAlgorithm(v, arg) {
  expectString(v, arg);
  if (v.length >= 31 || v.indexOf('\0') >= 0) return 0;
  const lower = asciiLower(v);
  if (names256.includes(lower)) return 256;
  if (names224.includes(lower)) return 224;
  return 0;
}

function unknownHash() {
  return fail(Error, 'ERR_FASTSHA256_UNKNOWN_ALGORITHM',
    'Digest method not supported (fastsha256 has sha256 and sha224)');
}

function invalidDigest(name) {
  const cut = name.indexOf('\0') >= 0 ? name.slice(0, name.indexOf('\0')) : name;
  return fail(TypeError, 'ERR_CRYPTO_INVALID_DIGEST',
    `Invalid digest: ${cut.slice(0, 31)}${cut.length >= 31 ? '...' : ''}`);
}

function itemsArg(v) {
  if (!Array.isArray(v))
    throw fail(TypeError, 'ERR_INVALID_ARG_TYPE',
      `The "items" argument must be an Array or an iterable. Received ${describe(v)}`);
  return v;
}

// C's printf %g, as the addon's range errors print numbers.
function formatG(d) {
  if (Number.isNaN(d)) return d < 0 ? '-nan' : 'nan';
  if (!Number.isFinite(d)) return d < 0 ? '-inf' : 'inf';
  if (d === 0) return Object.is(d, -0) ? '-0' : '0';
  const exp = Math.floor(Math.log10(Math.abs(Number(d.toPrecision(6)))));
  const strip = (s) => (s.includes('.') ? s.replace(/\.?0+$/, '') : s);
  if (exp < -4 || exp >= 6) {
    const [m, e] = d.toExponential(5).split('e');
    const n = Math.abs(Number(e));
    return `${strip(m)}e${e[0] === '-' ? '-' : '+'}${n < 10 ? '0' : ''}${n}`;
  }
  return strip(d.toFixed(Math.max(0, 5 - exp)));
}

function sizeArg(v, arg) {
  if (typeof v !== 'number')
    throw fail(TypeError, 'ERR_INVALID_ARG_TYPE',
      `The "${arg}" argument must be of type number. Received ${describe(v)}`);
  if (!(v >= 0) || !Number.isInteger(v) || v > Number.MAX_SAFE_INTEGER)
    throw fail(RangeError, 'ERR_OUT_OF_RANGE',
      `The value of "${arg}" is out of range. It must be an integer >= 0 and <= ${Number.MAX_SAFE_INTEGER}. ` +
      `Received ${String(v)}`);
  return v;
}

// (buffer, stride, length, encoding) of sha256Packed and hmacPacked.
function packedArgs(buffer, stride, length, encoding) {
  const bytes = viewBytes(buffer, 'buffer');
  if (bytes === null) throw badData('buffer', buffer, false);
  sizeArg(stride, 'stride');
  sizeArg(length, 'length');
  if (stride === 0 || stride < length)
    throw fail(RangeError, 'ERR_OUT_OF_RANGE',
      `The value of "stride" is out of range. It must be >= 1 and >= length (${length}). Received ${stride}`);
  const enc = parseEncoding(encoding, 'encoding');
  if (enc !== ENC_BUFFER && enc !== ENC_HEX)
    throw fail(TypeError, 'ERR_INVALID_ARG_VALUE',
      "The \"encoding\" argument of sha256Packed and hmacPacked must be 'hex' or absent");
  return { bytes, stride, length, enc };
}

function equalArgs(a, b) {
  const views = [a, b].map((v, i) => {
    const arg = i ? 'buf2' : 'buf1';
    const bytes = viewBytes(v, arg);
    if (bytes === null)
      throw fail(TypeError, 'ERR_INVALID_ARG_TYPE',
        `The "${arg}" argument must be an instance of ArrayBuffer, Buffer, TypedArray, or DataView.`);
    return bytes;
  });
  if (views[0].length !== views[1].length)
    throw fail(RangeError, 'ERR_CRYPTO_TIMING_SAFE_EQUAL_LENGTH', 'Input buffers must have the same byte length');
  return views;
}

const errors = {
  fail, describe, expectString, badData, viewBytes, dataArg, keyArg, parseEncoding, parseAlgorithm,
  unknownHash, invalidDigest, itemsArg, sizeArg, packedArgs, equalArgs, formatG,
  ENC_BUFFER, ENC_HEX, ENC_BASE64, ENC_BASE64URL, ENC_LATIN1,
};
module.exports = errors;
