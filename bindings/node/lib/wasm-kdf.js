// SPDX-License-Identifier: Apache-2.0 OR MIT
'use strict';
// The addon's key-derivation natives (src/node_kdf.c: pbkdf2, pbkdf2Async,
// pbkdf2Many, pbkdf2ManyAsync, hkdf) over the WebAssembly module's
// fastsha256_pbkdf2*, fastsha256_hkdf. lib/kdf.js has checked the arguments:
// Uint8Arrays and integers in range. Inputs and keys are copied into blocks
// of the module's memory, wiped and freed after each call; the async ones
// run at once and resolve later (wasm has no thread pool here).
// The source of lib/wasm-kdf.mjs (scripts/gen-wasm.js writes it).
const errors = require('./wasm-errors.js');

// Blocks of the module's memory for one call: alloc(n), copyIn(bytes), and
// derive(n, fn), which runs fn(n) (writing its result at the pointer fn
// returns: n bytes), copies the result out, then wipes and frees every block.
function makeArena(mem, wasm, io) {
  const blocks = [];
  const alloc = (n) => {
    const p = wasm.fastsha256_wasm_alloc(n) >>> 0;
    if (!p) throw errors.fail(Error, 'ERR_MEMORY_ALLOCATION_FAILED', 'fastsha256: out of memory');
    blocks.push([p, n]);
    return p;
  };
  const copyIn = (bytes) => {
    const p = alloc(bytes.length);
    mem().set(bytes, p);
    return p;
  };
  function freeAll() {
    const heap = mem();
    for (const [p, n] of blocks.splice(0)) {
      heap.fill(0, p, p + n);
      wasm.fastsha256_wasm_free(p);
    }
  }
  function derive(n, fn) {
    try {
      const out = fn(n);
      return io.bytes(mem().subarray(out, out + n));
    } finally {
      freeAll();
    }
  }
  return { alloc, copyIn, derive };
}

// fastsha256_pbkdf2_many's four arrays (password and salt pointers and
// lengths) as one table of 32-bit words: returns the table's address.
function passwordTable(mem, arena, pws, salts) {
  const count = pws.length;
  const table = arena.alloc(16 * count + 4);
  for (let i = 0; i < count; i++) {
    const p = arena.copyIn(pws[i]), s = arena.copyIn(salts[i]);
    const v = new DataView(mem().buffer);
    v.setUint32(table + 4 * i, p, true);
    v.setUint32(table + 4 * (count + i), pws[i].length, true);
    v.setUint32(table + 4 * (2 * count + i), s, true);
    v.setUint32(table + 4 * (3 * count + i), salts[i].length, true);
  }
  return table;
}

function addKdf(natives, wasm, io) {
  const { mem } = natives;
  const { alloc, copyIn, derive } = makeArena(mem, wasm, io);
  const invalid = () => errors.fail(RangeError, 'ERR_CRYPTO_INVALID_KEYLEN', 'Invalid key length');

  function pbkdf2(pw, salt, iterations, keylen, is224) {
    return derive(keylen, (n) => {
      const p = copyIn(pw), s = copyIn(salt), out = alloc(n);
      const fn = is224 ? wasm.fastsha224_pbkdf2 : wasm.fastsha256_pbkdf2;
      if (fn(p, pw.length, s, salt.length, BigInt(iterations), out, n) !== 0) throw invalid();
      return out;
    });
  }

  function pbkdf2Many(pws, salts, iterations, keylen, is224) {
    const count = pws.length;
    if (is224) {
      const keys = new Uint8Array(count * keylen);
      for (let i = 0; i < count; i++) keys.set(pbkdf2(pws[i], salts[i], iterations, keylen, true), i * keylen);
      return io.bytes(keys);
    }
    return derive(count * keylen, (n) => {
      const table = passwordTable(mem, { alloc, copyIn }, pws, salts);
      const out = alloc(n);
      const rc = wasm.fastsha256_pbkdf2_many(table, table + 4 * count, table + 8 * count, table + 12 * count,
        count, BigInt(iterations), out, keylen);
      if (rc !== 0) throw invalid();
      return out;
    });
  }

  function hkdf(ikm, salt, info, keylen, is224) {
    const run = is224 ? wasm.fastsha224_hkdf : wasm.fastsha256_hkdf;
    return derive(keylen, (n) => {
      const k = copyIn(ikm), s = copyIn(salt), i = copyIn(info), out = alloc(n);
      if (run(s, salt.length, k, ikm.length, i, info.length, out, n) !== 0) throw invalid();
      return out;
    });
  }

  const later = (fn) => (...args) => {
    try {
      return Promise.resolve(fn(...args));
    } catch (err) {
      return Promise.reject(err);
    }
  };
  return Object.assign(natives, {
    pbkdf2, pbkdf2Many, hkdf,
    pbkdf2Async: later(pbkdf2),
    pbkdf2ManyAsync: later(pbkdf2Many),
  });
}

module.exports = { addKdf };
