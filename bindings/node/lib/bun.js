// SPDX-License-Identifier: Apache-2.0 OR MIT
'use strict';
// Bun's special cases, in one place: index.js hands its natives to adapt()
// and uses what comes back (elsewhere the natives themselves). In Bun the
// one-shot calls and the all-ASCII string batches go through bun:ffi, and
// the batch natives return text as the Buffer of its characters.
const { Buffer } = require('buffer');

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

// The addon's FFI entries (bun:ffi's dlopen of loadedFile), or null.
function openFfi(loadedFile) {
  if (typeof Bun === 'undefined' || process.env.FASTSHA256_NO_FFI) return null;
  try {
    const { dlopen, FFIType } = require('bun:ffi');
    const { ptr, u64_fast: size, u32, void: none } = FFIType;
    const hash = { args: [ptr, size, ptr], returns: none };
    const mac = { args: [ptr, size, ptr, size, ptr], returns: none };
    return dlopen(loadedFile, {
      fastsha256: hash, fastsha224: hash,
      fastsha256_hmac: mac, fastsha224_hmac: mac,
      fastsha256_node_hex: { args: [ptr, size, u32, ptr], returns: none },
      fastsha256_node_hmac_hex: { args: [ptr, size, ptr, size, u32, ptr], returns: none },
      fastsha256_node_many: { args: [u32, ptr, ptr, size, ptr], returns: none },
    }).symbols;
  } catch (_) {
    return null; // no bun:ffi, or the symbols are not exported: the addon serves
  }
}

const maxUnits = 1365; // UTF-16 units whose UTF-8 (<= 3 bytes each) fits a scratch buffer

// The one-shots' reader: take(data, scratch) puts data's bytes in taken.
function byteTaker(encoder) {
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
  return { taken, take };
}

// The one-shot calls over the FFI entries s; addon serves what they do not take.
function plainOneShot(ctx, toBuffer, is224, addon) {
  const { s, take, taken, input, hex } = ctx;
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
}

function keyedOneShot(ctx, toBuffer, is224, addon) {
  const { s, take, taken, input, keyInput, hex } = ctx;
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
}

// sha256Many/sha224Many of strings, joined (index.js's manySync), to hex or Buffers:
// an all-ASCII batch (as many UTF-8 bytes as UTF-16 units, so the UTF-16
// lengths hold for the bytes) goes to the addon's fastsha256_node_many as
// plain memory; the hex comes back in a kept scratch Buffer. Steadier and
// ~15% faster under Bun than the Node-API call, which reads the string
// through UTF-16 and makes a new 64 KiB Buffer per 1024 digests. Scratch
// buffers up to kKeep bytes are kept; bigger ones are made for one call.
// Returns null (the addon takes the batch) for anything else.
const FFI_SHA224 = 1, FFI_HEX = 4;
const kKeep = 1 << 20;
function joinedBatcher(s, encoder) {
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
  return joinedBatch;
}

// The FFI one-shots and joined batch over native, or null (see openFfi).
function ffiCalls(native, loadedFile) {
  const s = openFfi(loadedFile);
  if (!s) return null;
  const encoder = new TextEncoder();
  const ctx = {
    s, input: new Uint8Array(3 * maxUnits), keyInput: new Uint8Array(3 * maxUnits),
    hex: Buffer.alloc(65), ...byteTaker(encoder),
  };
  return {
    joinedBatch: joinedBatcher(s, encoder),
    FFI_SHA224,
    sha256: plainOneShot(ctx, s.fastsha256, 0, native.sha256),
    sha224: plainOneShot(ctx, s.fastsha224, 1, native.sha224),
    hmac256: keyedOneShot(ctx, s.fastsha256_hmac, 0, native.hmac256),
    hmac224: keyedOneShot(ctx, s.fastsha224_hmac, 1, native.hmac224),
  };
}

// In Bun a big string made by the addon through Node-API costs more than
// hashing the batch (about 24 ns per hex digest here), a Buffer's
// latin1Slice a sixth of it: there the batch natives return text as the
// Buffer of its characters (their last argument, textAsBytes) and the
// string is made here.
const wantsBytes = (encoding) => typeof encoding === 'string' && encoding !== 'buffer';
const asString = (flat) => flat.latin1Slice(0, flat.length);

// fn with textAsBytes after its count arguments (index.js passes exactly
// those), the encoding being argument encodingAt.
function textAsBytes(fn, encodingAt, count, isAsync) {
  return (...args) => {
    const asText = wantsBytes(args[encodingAt]);
    args.length = count;
    args.push(asText);
    const flat = fn(...args);
    if (!asText) return flat;
    return isAsync ? flat.then(asString) : asString(flat);
  };
}

// manyJoined256/224 (joined, lengths, n, encoding) through joinedBatch
// first; fn takes the batches it declines.
const viaFfi = (fast, flags, fn) => (joined, lengths, n, encoding) => {
  const flat = fast.joinedBatch(flags, joined, lengths, n, encoding);
  return flat !== null ? flat : fn(joined, lengths, n, encoding);
};

// The batch natives: name stem, where the encoding is, how many arguments.
const batchNatives = [
  ['manyArray', 1, 3], ['manyJoined', 3, 4], ['hmacManyArray', 2, 4], ['hmacManyJoined', 4, 5],
];

// chosen: lib/choose.js's choice; loadedFile: the addon's file (for
// bun:ffi). Outside Bun, chosen.natives themselves.
function adapt(chosen, loadedFile) {
  const native = chosen.natives;
  if (typeof Bun === 'undefined') return native;
  // Over the natives (the addon's properties are read-only: defined, not set).
  const out = Object.create(native);
  const set = (name, value) =>
    Object.defineProperty(out, name, { value, enumerable: true, configurable: true });
  for (const [stem, at, count] of batchNatives) {
    for (const bits of ['256', '224']) {
      for (const [name, isAsync] of [[stem + bits, false], [stem + 'Async' + bits, true]])
        if (typeof native[name] === 'function')
          set(name, textAsBytes(native[name], at, count, isAsync));
    }
  }
  const fast = chosen.implementation === 'native' ? ffiCalls(native, loadedFile) : null;
  if (fast) {
    for (const name of ['sha256', 'sha224', 'hmac256', 'hmac224']) set(name, fast[name]);
    set('manyJoined256', viaFfi(fast, 0, out.manyJoined256));
    set('manyJoined224', viaFfi(fast, fast.FFI_SHA224, out.manyJoined224));
  }
  return out;
}

module.exports = { adapt };
