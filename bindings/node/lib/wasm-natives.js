// SPDX-License-Identifier: Apache-2.0 OR MIT
'use strict';
// The native addon's functions (src/fastsha256_node.c: the ones index.js and
// browser.mjs call) over an instance of the fastsha256 WebAssembly module
// (wasm/EXPORTS.md). Bytes cross into the module's memory through two kept
// scratch areas (data and key), one fixed area holds digests, hex and
// contexts; a hash object keeps its context in JS and borrows the fixed
// area for each call. The views of the memory that are kept are renewed
// when the memory has grown (mem()).
// The source of lib/wasm-natives.mjs (scripts/gen-wasm.js writes it).
const errors = require('./wasm-errors.js');

const { ENC_BUFFER, ENC_HEX, ENC_BASE64, ENC_BASE64URL } = errors;
const kChunk = 1 << 20;   // bytes per crossing of one long message
const kSlice = 256;       // messages per batch call
const kKeep = 1 << 22;    // scratch areas bigger than this are given back after the call
const kShortAscii = 64;   // UTF-16 units copied by a loop while ASCII
const kStateSize = 108;   // a saved state: FASTSHA256_STATE_SIZE (include/fastsha256.h)
const b64abc = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const b64url = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

function base64(bytes, url) {
  const abc = url ? b64url : b64abc;
  let out = '';
  let i = 0;
  for (; i + 3 <= bytes.length; i += 3) {
    const w = bytes[i] << 16 | bytes[i + 1] << 8 | bytes[i + 2];
    out += abc[w >> 18] + abc[(w >> 12) & 63] + abc[(w >> 6) & 63] + abc[w & 63];
  }
  if (i < bytes.length) {
    const two = i + 1 < bytes.length;
    const w = bytes[i] << 16 | (two ? bytes[i + 1] << 8 : 0);
    out += abc[w >> 18] + abc[(w >> 12) & 63] + (two ? abc[(w >> 6) & 63] : url ? '' : '=') +
      (url ? '' : '=');
  }
  return out;
}

const widthOf = (enc, size) => (enc === ENC_HEX ? 2 * size : enc === ENC_BASE64 ? 4 * Math.ceil(size / 3)
  : enc === ENC_BASE64URL ? Math.ceil(size * 4 / 3) : size);

// The views of the memory that are kept: the whole heap, the hex text at
// OUT + 64, and each scratch area's. Growing the memory detaches its
// buffer, and a view of a detached buffer has length 0: they are renewed
// when heap.length is 0, with no memory.buffer getter on every call.
function viewsOf(memory, OUT, areas, ascii) {
  let heap, hex56, hex64;
  function renew() {
    heap = new Uint8Array(memory.buffer);
    hex56 = heap.subarray(OUT + 64, OUT + 64 + 56);
    hex64 = heap.subarray(OUT + 64, OUT + 64 + 64);
    for (const area of areas) area.view = area.ptr ? heap.subarray(area.ptr, area.ptr + area.cap) : null;
    return heap;
  }
  renew();
  const mem = () => (heap.length !== 0 ? heap : renew());
  // The hex text of a digest of size bytes at OUT + 64, as a string.
  function hexText(size) {
    if (heap.length === 0) renew();
    if (size === 32) return ascii(hex64);
    return ascii(size === 28 ? hex56 : heap.subarray(OUT + 64, OUT + 64 + 2 * size));
  }
  return { mem, hexText };
}

// The module's memory: the fixed area, the kept scratch areas, and bytes in.
function memoryOf(wasm, io) {
  const memory = wasm.memory;
  const ctxSize = wasm.fastsha256_wasm_ctx_size();
  const keySize = wasm.fastsha256_wasm_hmac_key_size();
  const hmacCtxSize = wasm.fastsha256_wasm_hmac_ctx_size();
  const alloc = (n) => {
    const p = wasm.fastsha256_wasm_alloc(n) >>> 0; // i32 to an unsigned address
    if (!p) throw errors.fail(Error, 'ERR_MEMORY_ALLOCATION_FAILED', 'fastsha256: out of memory');
    return p;
  };
  // Fixed area: out (64 bytes of digest, 132 of text), names (16 pointers),
  // ctx (a hash or HMAC context), key (a prepared HMAC key).
  const OUT = alloc(256 + 64 + hmacCtxSize + keySize + 64);
  const NAMES = OUT + 256, CTX = NAMES + 64, KEY = CTX + hmacCtxSize + 16;
  const scratch = (name) => ({ name, ptr: 0, cap: 0, view: null });
  const data = scratch('data'), keyArea = scratch('key'), table = scratch('table');
  const areas = [data, keyArea, table];
  const ascii = io.ascii || io.latin1; // hex and base64 are ASCII: a faster decoder may do
  const { mem, hexText } = viewsOf(memory, OUT, areas, ascii);
  // The start of area, holding at least n bytes (a new area when it is smaller).
  function room(area, n) {
    if (area.cap < n || area.ptr === 0) {
      if (area.ptr) wasm.fastsha256_wasm_free(area.ptr);
      area.ptr = 0;
      area.cap = 0;
      area.view = null;
      const cap = Math.max(n, 4096);
      area.ptr = alloc(cap);
      area.cap = cap;
      area.view = mem().subarray(area.ptr, area.ptr + cap);
    }
    return area.ptr;
  }
  function release(area) {
    if (area.cap > kKeep) {
      wasm.fastsha256_wasm_free(area.ptr);
      area.ptr = 0;
      area.cap = 0;
      area.view = null;
    }
  }
  const cstr = (ptr) => {
    const h = mem();
    const p = ptr >>> 0;
    let e = p;
    while (h[e]) e++;
    return io.latin1(h.subarray(p, e));
  };

  function encodeDigest(size, enc) {
    if (enc === ENC_HEX) {
      wasm.fastsha256_to_hex(OUT, size, OUT + 64);
      return hexText(size);
    }
    const digest = mem().subarray(OUT, OUT + size);
    if (enc === ENC_BASE64 || enc === ENC_BASE64URL) return base64(digest, enc === ENC_BASE64URL);
    return enc === ENC_BUFFER ? io.bytes(digest) : io.latin1(digest);
  }

  // A prepared key at KEY from a key argument (wiped from the key area).
  function prepareKey(key, is224) {
    const bytes = errors.keyArg(key);
    const n = put(bytes, keyArea, 0);
    (is224 ? wasm.fastsha224_hmac_key_init : wasm.fastsha256_hmac_key_init)(KEY, keyArea.ptr, n);
    mem().fill(0, keyArea.ptr, keyArea.ptr + n);
    release(keyArea);
  }

  const c = { memory, mem, ctxSize, hmacCtxSize, OUT, NAMES, CTX, KEY, data, keyArea, table,
    room, release, ascii, hexText, cstr, base64, widthOf, io };
  const { put, fits, stream } = Object.assign(c, inputOf(c));
  return Object.assign(c, { encodeDigest, prepareKey });
}

// Messages into the module's memory: put (one piece, making room), store
// (one piece where room was made), stream (chunks).
function inputOf(c) {
  const { mem, room, data } = c;
  const encoder = new TextEncoder();
  // A string or bytes into area at offset at, which has room for them (3
  // bytes a UTF-16 unit): their length in bytes. A short string is copied
  // by a loop while it is ASCII (cheaper than encodeInto's call), and
  // encoded whole at its first other unit.
  function store(value, area, at) {
    mem(); // renews area.view after a grow
    const view = area.view;
    if (typeof value !== 'string') {
      view.set(value, at);
      return value.length;
    }
    const len = value.length;
    if (len <= kShortAscii) {
      let i = 0;
      for (; i < len; i++) {
        const u = value.charCodeAt(i);
        if (u >= 0x80) break;
        view[at + i] = u;
      }
      if (i === len) return len;
    }
    return encoder.encodeInto(value, at === 0 ? view : view.subarray(at, at + 3 * len)).written;
  }
  function put(value, area, at) {
    room(area, at + (typeof value === 'string' ? 3 * value.length : value.length));
    return store(value, area, at);
  }
  const fits = (value) => (typeof value === 'string' ? 3 * value.length : value.length) <= kChunk;

  // Feeds a long value to update(ptr, len) a chunk at a time.
  function stream(value, update) {
    if (typeof value !== 'string') {
      for (let at = 0; at < value.length; at += kChunk) {
        const n = put(value.subarray(at, Math.min(value.length, at + kChunk)), data, 0);
        update(data.ptr, n);
      }
      return;
    }
    const units = Math.floor(kChunk / 3);
    for (let at = 0; at < value.length;) {
      let end = Math.min(value.length, at + units);
      const last = value.charCodeAt(end - 1);
      if (end < value.length && last >= 0xd800 && last <= 0xdbff) end--; // keep a pair whole
      const n = put(value.substring(at, end), data, 0); // may move the area: before data.ptr
      update(data.ptr, n);
      at = end;
    }
  }

  return { put, store, fits, stream };
}

// sha256/sha224(data[, enc]) and hmac256/hmac224(key, data[, enc]).
function oneShots(c, wasm) {
  const { data, OUT, CTX, KEY, put, fits, stream, release, hexText, encodeDigest, prepareKey } = c;
  function oneShot(is224) {
    const size = is224 ? 28 : 32;
    return (value, encoding) => {
      const msg = errors.dataArg(value, 'data');
      const enc = errors.parseEncoding(encoding, 'encoding');
      if (fits(msg)) {
        const n = put(msg, data, 0);
        if (enc === ENC_HEX) {
          (is224 ? wasm.fastsha224_hex : wasm.fastsha256_hex)(data.ptr, n, OUT + 64);
          return hexText(size);
        }
        (is224 ? wasm.fastsha224 : wasm.fastsha256)(data.ptr, n, OUT);
      } else {
        (is224 ? wasm.fastsha224_init : wasm.fastsha256_init)(CTX);
        stream(msg, (p, n) => wasm.fastsha256_update(CTX, p, n));
        wasm.fastsha256_final(CTX, OUT);
        release(data);
      }
      return encodeDigest(size, enc);
    };
  }

  function hmacOneShot(is224) {
    const size = is224 ? 28 : 32;
    return (key, value, encoding) => {
      const keyBytes = errors.keyArg(key);
      const msg = errors.dataArg(value, 'data');
      const enc = errors.parseEncoding(encoding, 'encoding');
      prepareKey(keyBytes, is224);
      wasm.fastsha256_hmac_init(CTX, KEY);
      wasm.fastsha256_hmac_key_wipe(KEY);
      stream(msg, (p, n) => wasm.fastsha256_hmac_update(CTX, p, n));
      wasm.fastsha256_hmac_final(CTX, OUT);
      release(data);
      return encodeDigest(size, enc);
    };
  }

  return { sha256: oneShot(false), sha224: oneShot(true), hmac256: hmacOneShot(false),
    hmac224: hmacOneShot(true) };
}

// Hash and Hmac state, in the addon's protocol (src/hash_objects.c): a
// Hash's fastsha256_ctx is a Uint8Array of ctxSize bytes its object holds
// (ctxInit, ctxUpdate, ctxDigest); an Hmac's context is tied to its object
// (hmacCreate(object, ...), hashUpdate, hashDigest(object | null) for the
// empty digest after the first). Each call loads the context into the
// module's fixed area, works on it there and copies it back.
function hashObjects(c, wasm) {
  const { data, OUT, CTX, KEY, ctxSize, hmacCtxSize, put, fits, stream, release, encodeDigest, prepareKey, mem,
    io } = c;
  const badThis = () => errors.fail(TypeError, 'ERR_INVALID_THIS', 'Value of "this" must be of type Hash');
  const load = (state) => mem().set(state, CTX);
  const save = (state) => {
    const m = mem();
    state.set(m.subarray(CTX, CTX + state.length));
    m.fill(0, CTX, CTX + state.length);
  };
  const checkedCtx = (ctx) => {
    if (!(ctx instanceof Uint8Array) || ctx.length !== ctxSize) throw badThis();
    return ctx;
  };
  const encodingOf = (args, encoding) => (args > 1 ? errors.parseEncoding(encoding, 'encoding') : ENC_BUFFER);

  // update()'s data, checked before any context is loaded.
  function dataOf(value, args) {
    if (args < 2) throw errors.badData('data', undefined, true);
    return errors.dataArg(value, 'data');
  }

  // Bytes or a string into the context at CTX through update (streamed when long).
  function feed(update, msg) {
    if (fits(msg)) {
      const n = put(msg, data, 0);
      update(CTX, data.ptr, n);
    } else {
      stream(msg, (p, n) => update(CTX, p, n));
      release(data);
    }
  }

  function ctxInit(ctx, algorithm) {
    const bits = errors.parseAlgorithm(algorithm, 'algorithm');
    if (!bits) throw errors.unknownHash();
    checkedCtx(ctx);
    (bits === 224 ? wasm.fastsha224_init : wasm.fastsha256_init)(CTX);
    save(ctx);
  }

  function ctxUpdate(ctx, value) {
    checkedCtx(ctx);
    const msg = dataOf(value, arguments.length);
    load(ctx); // growing the memory moves no address: the context stays put
    feed(wasm.fastsha256_update, msg);
    save(ctx);
  }

  function ctxDigest(ctx, encoding) {
    load(checkedCtx(ctx));
    const enc = encodingOf(arguments.length, encoding);
    // fastsha256_ctx ends with its digest_size (include/fastsha256.h).
    const size = new DataView(mem().buffer).getUint32(CTX + ctxSize - 4, true) === 28 ? 28 : 32;
    wasm.fastsha256_final(CTX, OUT);
    save(ctx);
    return encodeDigest(size, enc);
  }

  const hmacs = new WeakMap(); // object -> { state, size }, until digest()
  const hmacOf = (obj) => {
    const h = obj !== null && typeof obj === 'object' ? hmacs.get(obj) : undefined;
    if (!h) throw badThis();
    return h;
  };

  function hmacCreate(obj, algorithm, key) {
    const bits = errors.parseAlgorithm(algorithm, 'hmac');
    const keyBytes = errors.keyArg(key);
    if (!bits) throw errors.invalidDigest(algorithm);
    prepareKey(keyBytes, bits === 224);
    wasm.fastsha256_hmac_init(CTX, KEY);
    wasm.fastsha256_hmac_key_wipe(KEY);
    const state = new Uint8Array(hmacCtxSize);
    save(state);
    hmacs.set(obj, { state, size: bits === 224 ? 28 : 32 });
  }

  function hashUpdate(obj, value) {
    const h = hmacOf(obj);
    const msg = dataOf(value, arguments.length);
    load(h.state);
    feed(wasm.fastsha256_hmac_update, msg);
    save(h.state);
  }

  function hashDigest(obj, encoding) {
    const enc = encodingOf(arguments.length, encoding);
    if (obj === null) return encodeDigest(0, enc);
    const h = hmacOf(obj);
    load(h.state);
    wasm.fastsha256_hmac_final(CTX, OUT);
    save(h.state);
    hmacs.delete(obj);
    return encodeDigest(h.size, enc);
  }

  // The saved state (Go's format) of a live context: bytes of io's type.
  function ctxExport(ctx) {
    load(checkedCtx(ctx));
    const failed = wasm.fastsha256_ctx_export(CTX, OUT) !== 0;
    mem().fill(0, CTX, CTX + ctxSize);
    if (failed) throw errors.fail(Error, 'ERR_CRYPTO_HASH_FINALIZED', 'Digest already called');
    const state = io.bytes(mem().subarray(OUT, OUT + kStateSize));
    mem().fill(0, OUT, OUT + kStateSize);
    return state;
  }

  // ctx set to a saved state (a Uint8Array: lib/api.js checked its type):
  // true, or false with ctx as it was. Only a state's length is copied in.
  function ctxImport(ctx, state) {
    checkedCtx(ctx);
    if (!(state instanceof Uint8Array) || state.length !== kStateSize) return false;
    const n = put(state, data, 0);
    const ok = wasm.fastsha256_ctx_import(CTX, data.ptr, n) === 0;
    mem().fill(0, data.ptr, data.ptr + n);
    if (ok) save(ctx);
    return ok;
  }

  // The names createHash takes, for the key-derivation calls (lib/kdf.js).
  const algorithmBits = (name) => errors.parseAlgorithm(name, 'digest');
  // The addon's messages ask lib/errors.js; these natives call it themselves.
  const setDescribe = () => {};
  return { ctxInit, ctxUpdate, ctxDigest, ctxExport, ctxImport, hmacCreate, hashUpdate, hashDigest,
    algorithmBits, setDescribe };
}

/**
 * The natives over wasm (an instance's exports); io.bytes(view) copies bytes
 * into the result type (Buffer, Uint8Array), io.latin1(view) makes a string.
 */
function createNatives(wasm, io) {
  const c = memoryOf(wasm, io);
  return Object.assign(c, oneShots(c, wasm), hashObjects(c, wasm));
}

module.exports = { createNatives, kSlice, kChunk };
