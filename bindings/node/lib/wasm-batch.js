// SPDX-License-Identifier: Apache-2.0 OR MIT
'use strict';
// The addon's batch, packed, comparison and backend functions over the
// WebAssembly core (lib/wasm-natives.js). A batch is hashed a slice at a
// time: up to kSlice messages and kChunk bytes copied into the data area
// with their pointer and length arrays; a message longer than kChunk is
// streamed through a context on its own. The result is one flat value
// (digests or text back to back), as the addon gives index.js.
// The source of lib/wasm-batch.mjs (scripts/gen-wasm.js writes it).
const errors = require('./wasm-errors.js');
const { kSlice, kChunk } = require('./wasm-natives.js');

const { ENC_BUFFER, ENC_HEX, ENC_BASE64, ENC_BASE64URL, ENC_LATIN1 } = errors;

// The joined text of k strings into the data area at offset at with one
// encodeInto, and their pointers and lengths into h32, when it is all
// ASCII (a byte a unit); false otherwise (what it wrote is overwritten).
function copyAscii(c, encoder, text, msgs, from, k, h32, at) {
  const units = text.length;
  c.mem(); // renews c.data.view after a grow
  const done = encoder.encodeInto(text, c.data.view.subarray(at, at + 3 * units));
  if (done.read !== units || done.written !== units) return false;
  for (let i = 0, p = c.data.ptr + at; i < k; i++) {
    const n = msgs[from + i].length;
    h32[i] = p;
    h32[k + i] = n;
    p += n;
  }
  return true;
}

// Hashing a slice of messages, one long message, and encoding the digests.
function hashingOf(c, wasm, io) {
  const encoder = new TextEncoder();
  const sizeOf = (v) => (typeof v === 'string' ? 3 * v.length : v.length);

  // Digests of k messages (msgs[from..from+k)) into out at byte offset at;
  // text: those messages joined when all are strings (else null).
  function hashSlice(algo, msgs, from, k, enc, out, at, text) {
    const size = algo.is224 ? 28 : 32;
    let bound = 0;
    for (let i = 0; i < k; i++) bound += sizeOf(msgs[from + i]);
    const head = k * (8 + 32 + 65);
    const base = c.room(c.data, head + bound);
    const ptrs = base, lens = base + 4 * k, dig = base + 8 * k;
    const h32 = new Uint32Array(c.memory.buffer, base, 2 * k);
    if (text === null || !copyAscii(c, encoder, text, msgs, from, k, h32, head)) {
      for (let i = 0, p = base + head; i < k; i++) {
        const n = c.store(msgs[from + i], c.data, p - base);
        h32[i] = p;
        h32[k + i] = n;
        p += n;
      }
    }
    hashPointers(algo, ptrs, lens, k, dig);
    encodeInto(dig, k, size, enc, dig + 32 * k, out, at);
  }

  // k digests of the messages at ptrs/lens into dig, size bytes each.
  function hashPointers(algo, ptrs, lens, k, dig) {
    if (algo.hmac) {
      wasm.fastsha256_hmac_many(c.KEY, ptrs, lens, k, dig);
      if (algo.is224) {
        const h = c.mem();
        for (let i = 1; i < k; i++) h.copyWithin(dig + 28 * i, dig + 32 * i, dig + 32 * i + 28);
      }
    } else {
      (algo.is224 ? wasm.fastsha224_many : wasm.fastsha256_many)(ptrs, lens, k, dig);
    }
  }

  // k digests of size bytes at dig, encoded into out at byte offset at.
  function encodeInto(dig, k, size, enc, text, out, at) {
    const h = c.mem();
    if (enc === ENC_HEX) {
      wasm.fastsha256_to_hex(dig, k * size, text);
      out.set(h.subarray(text, text + 2 * k * size), at);
    } else if (enc === ENC_BASE64 || enc === ENC_BASE64URL) {
      const w = c.widthOf(enc, size);
      for (let i = 0; i < k; i++) {
        const s = c.base64(h.subarray(dig + i * size, dig + (i + 1) * size), enc === ENC_BASE64URL);
        for (let j = 0; j < w; j++) out[at + i * w + j] = s.charCodeAt(j);
      }
    } else {
      out.set(h.subarray(dig, dig + k * size), at);
    }
  }

  // One message longer than kChunk, streamed through a context.
  function hashLong(algo, msg, enc, out, at) {
    const size = algo.is224 ? 28 : 32;
    if (algo.hmac) {
      wasm.fastsha256_hmac_init(c.CTX, c.KEY);
      c.stream(msg, (p, n) => wasm.fastsha256_hmac_update(c.CTX, p, n));
      wasm.fastsha256_hmac_final(c.CTX, c.OUT);
    } else {
      (algo.is224 ? wasm.fastsha224_init : wasm.fastsha256_init)(c.CTX);
      c.stream(msg, (p, n) => wasm.fastsha256_update(c.CTX, p, n));
      wasm.fastsha256_final(c.CTX, c.OUT);
    }
    encodeInto(c.OUT, 1, size, enc, c.OUT + 64, out, at);
  }

  function flatResult(out, enc, asText) {
    return enc === ENC_BUFFER || asText ? io.own(out) : enc === ENC_LATIN1 ? io.latin1(out) : c.ascii(out);
  }

  return { sizeOf, hashSlice, hashPointers, encodeInto, hashLong, flatResult, encoder };
}

// Whole batches: any messages (run), or an all-ASCII joined text (runAscii).
function runsOf(c, wasm, h) {
  const { sizeOf, hashSlice, hashPointers, encodeInto, hashLong, flatResult, encoder } = h;
  // joined: the messages joined, when all are strings (manyJoined has it).
  function run(algo, msgs, enc, asText, joined) {
    const size = algo.is224 ? 28 : 32;
    const w = c.widthOf(enc, size);
    const n = msgs.length;
    const out = new Uint8Array(n * w);
    try {
      for (let from = 0, unit = 0; from < n;) {
        if (sizeOf(msgs[from]) > kChunk) {
          hashLong(algo, msgs[from], enc, out, from * w);
          unit += msgs[from].length;
          from++;
          continue;
        }
        let k = 0, bytes = 0, strings = true, units = 0;
        for (; from + k < n && k < kSlice && bytes + sizeOf(msgs[from + k]) <= kChunk; k++) {
          const m = msgs[from + k];
          bytes += sizeOf(m);
          if (typeof m === 'string') units += m.length; else strings = false;
        }
        const text = !strings || k < 2 ? null : joined !== undefined
          ? joined.substring(unit, unit + units) : msgs.slice(from, from + k).join('');
        hashSlice(algo, msgs, from, k, enc, out, from * w, text);
        from += k;
        unit += units;
      }
    } finally {
      if (algo.hmac) wasm.fastsha256_hmac_key_wipe(c.KEY);
      c.release(c.data);
    }
    return flatResult(out, enc, asText);
  }

  // An all-ASCII joined batch (as many UTF-8 bytes as UTF-16 units): one
  // encodeInto of the whole text, the items' bytes at their UTF-16 offsets,
  // one pointer and length array; null when the text is not all ASCII. Text
  // results are made from the module's memory (no result array to allocate
  // and fill first) while they are at most kChunk bytes.
  function runAscii(algo, joined, lengths, n, enc, asText) {
    const units = joined.length;
    if (units > kChunk) return null;
    const size = algo.is224 ? 28 : 32;
    const w = c.widthOf(enc, size);
    const k = Math.min(n, kSlice);
    const inHeap = !asText && enc !== ENC_BUFFER && n * w <= kChunk;
    const base = c.room(c.data, units + 8 * n + k * (32 + 65) + (inHeap ? n * w : 0) + 16);
    const done = encoder.encodeInto(joined, c.mem().subarray(base, base + units));
    if (done.read !== units || done.written !== units) return null;
    const ptrs = (base + units + 3) & ~3, lens = ptrs + 4 * n, dig = lens + 4 * n, text = dig + 32 * k;
    const all = text + 65 * k; // inHeap: the whole result's text
    const h32 = new Uint32Array(c.memory.buffer, ptrs, 2 * n);
    for (let i = 0, at = base; i < n; at += lengths[i], i++) {
      h32[i] = at;
      h32[n + i] = lengths[i];
    }
    const out = inHeap ? c.mem().subarray(all, all + n * w) : new Uint8Array(n * w);
    try {
      for (let from = 0; from < n; from += kSlice) {
        const m = Math.min(kSlice, n - from);
        hashPointers(algo, ptrs + 4 * from, lens + 4 * from, m, dig);
        if (inHeap && enc === ENC_HEX) wasm.fastsha256_to_hex(dig, m * size, all + from * w);
        else encodeInto(dig, m, size, enc, text, out, from * w);
      }
      return flatResult(inHeap ? c.mem().subarray(all, all + n * w) : out, enc, asText);
    } finally {
      if (algo.hmac) wasm.fastsha256_hmac_key_wipe(c.KEY);
      c.release(c.data);
    }
  }

  return { run, runAscii };
}

// manyArray([key,] items, encoding, base[, asText]) and
// manyJoined([key,] joined, lengths, n, encoding[, asText]).
function batchCallsOf(c, runs) {
  const { run, runAscii } = runs;
  function manyArray(algo) {
    return function (...args) {
      const key = algo.hmac ? errors.keyArg(args.shift()) : null;
      const [items, encoding, base, asText] = args;
      const enc = errors.parseEncoding(encoding, 'encoding');
      const arr = errors.itemsArg(items);
      const first = typeof base === 'number' ? base : 0;
      const msgs = new Array(arr.length);
      for (let i = 0; i < arr.length; i++) msgs[i] = errors.dataArg(arr[i], `items[${first + i}]`);
      if (key !== null) c.prepareKey(key, algo.is224);
      return run(algo, msgs, enc, asText === true);
    };
  }

  function manyJoined(algo) {
    return function (...args) {
      const key = algo.hmac ? errors.keyArg(args.shift()) : null;
      const [joined, lengths, n, encoding, asText] = args;
      const enc = errors.parseEncoding(encoding, 'encoding');
      if (key !== null) c.prepareKey(key, algo.is224);
      const ascii = n > 0 ? runAscii(algo, joined, lengths, n, enc, asText === true) : null;
      if (ascii !== null) return ascii;
      const msgs = new Array(n);
      for (let i = 0, at = 0; i < n; at += lengths[i], i++) msgs[i] = joined.substring(at, at + lengths[i]);
      return run(algo, msgs, enc, asText === true, joined);
    };
  }

  return { manyArray, manyJoined };
}

// sha256Packed(buffer, stride, length[, 'hex']) and hmacPacked(key, ...).
function packedOf(c, wasm, io, h) {
  const { encodeInto } = h;
  function packed(algo) {
    return function (...args) {
      const key = algo.hmac ? errors.keyArg(args.shift()) : null;
      const { bytes, stride, length, enc } = errors.packedArgs(...args.slice(0, 4));
      if (key !== null) c.prepareKey(key, false);
      const w = enc === ENC_HEX ? 64 : 32;
      const n = Math.floor(bytes.length / stride);
      const out = new Uint8Array(n * w);
      try {
        for (let from = 0; from < n;) {
          const k = Math.max(1, Math.min(n - from, kSlice, Math.floor(kChunk / stride)));
          const span = (k - 1) * stride + length;
          const head = k * (8 + 32 + 65);
          const base = c.room(c.data, head + span);
          const ptrs = base, lens = base + 4 * k, dig = base + 8 * k, text = dig + 32 * k;
          const src = base + head;
          c.mem().set(bytes.subarray(from * stride, from * stride + span), src);
          if (algo.hmac) {
            const h32 = new Uint32Array(c.memory.buffer, base, 2 * k);
            for (let i = 0; i < k; i++) { h32[i] = src + i * stride; h32[k + i] = length; }
            wasm.fastsha256_hmac_many(c.KEY, ptrs, lens, k, dig);
          } else {
            wasm.fastsha256_many_strided(src, stride, length, k, dig);
          }
          encodeInto(dig, k, 32, enc, text, out, from * w);
          from += k;
        }
      } finally {
        if (algo.hmac) wasm.fastsha256_hmac_key_wipe(c.KEY);
        c.release(c.data);
      }
      return io.own(out);
    };
  }

  return packed;
}

function addBatches(c, wasm, io) {
  const h = hashingOf(c, wasm, io);
  const { manyArray, manyJoined } = batchCallsOf(c, runsOf(c, wasm, h));
  const packed = packedOf(c, wasm, io, h);
  function timingSafeEqual(a, b) {
    const [x, y] = errors.equalArgs(a, b);
    const p = c.room(c.data, 2 * x.length + 1);
    const h = c.mem();
    h.set(x, p);
    h.set(y, p + x.length);
    const same = wasm.fastsha256_equal(p, p + x.length, x.length) === 1;
    c.release(c.data);
    return same;
  }

  function nameList(list) {
    const n = Math.min(16, list(c.NAMES, 16));
    const ptrs = new Uint32Array(c.memory.buffer, c.NAMES, n);
    return Array.from(ptrs, (p) => c.cstr(p));
  }

  function setBackend(name) {
    errors.expectString(name, 'name');
    const bytes = new TextEncoder().encode(name);
    const nul = name.indexOf('\0');
    if (nul >= 0) // a C string would end there: not the name given
      throw errors.fail(Error, 'ERR_FASTSHA256_BACKEND',
        `Unknown or unsupported fastsha256 backend: '${name.slice(0, Math.min(nul, 31))}\\0...'`);
    if (name === 'auto') {
      wasm.fastsha256_reset_backend();
    } else {
      const ok = bytes.length < 31 && (() => {
        const p = c.room(c.data, bytes.length + 1);
        c.mem().set(bytes, p);
        c.mem()[p + bytes.length] = 0;
        return wasm.fastsha256_set_backend(p) === 0;
      })();
      if (!ok)
        throw errors.fail(Error, 'ERR_FASTSHA256_BACKEND',
          `Unknown or unsupported fastsha256 backend: '${name.slice(0, 31)}'`);
    }
    return c.cstr(wasm.fastsha256_backend());
  }

  const sha256 = { is224: false, hmac: false }, sha224 = { is224: true, hmac: false };
  const hmac256 = { is224: false, hmac: true }, hmac224 = { is224: true, hmac: true };
  const later = (fn) => (...args) => Promise.resolve(fn(...args)); // argument errors throw now
  const natives = {
    manyArray256: manyArray(sha256), manyArray224: manyArray(sha224),
    manyJoined256: manyJoined(sha256), manyJoined224: manyJoined(sha224),
    hmacManyArray256: manyArray(hmac256), hmacManyArray224: manyArray(hmac224),
    hmacManyJoined256: manyJoined(hmac256), hmacManyJoined224: manyJoined(hmac224),
    sha256Packed: packed(sha256), hmacPacked: packed(hmac256),
    timingSafeEqual,
    backend: () => c.cstr(wasm.fastsha256_backend()),
    hexBackend: () => c.cstr(wasm.fastsha256_hex_backend()),
    backends: () => nameList(wasm.fastsha256_backends),
    allBackends: () => nameList(wasm.fastsha256_all_backends),
    setBackend,
    version: c.cstr(wasm.fastsha256_version()),
  };
  for (const name of ['manyArray256', 'manyArray224', 'manyJoined256', 'manyJoined224', 'hmacManyArray256',
    'hmacManyArray224', 'hmacManyJoined256', 'hmacManyJoined224'])
    natives[name.replace(/(\d+)$/, 'Async$1')] = later(natives[name]);
  natives.sha256PackedAsync = later(natives.sha256Packed);
  natives.hmacPackedAsync = later(natives.hmacPacked);
  return Object.assign(c, natives);
}

module.exports = { addBatches };
