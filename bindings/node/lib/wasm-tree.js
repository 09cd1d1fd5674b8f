// SPDX-License-Identifier: Apache-2.0 OR MIT
'use strict';
// The addon's tree natives (src/tree.c: treeFsverity, treeDmverity, treeBt2,
// treeGlacier, treeRfc6962; src/tree_stream.c: treeStreamInit, treeStreamUpdate,
// treeStreamFinal) over the WebAssembly module's fastsha256_* tree calls. lib/tree.js has checked the arguments: Uint8Arrays and integers in
// range. The data is not copied into the module's memory whole: it goes
// through the library's streaming contexts a chunk at a time, so a file
// larger than the module's memory can be hashed. RFC 6962's leaves are
// copied in with a table of their addresses and lengths.
// The source of lib/wasm-tree.mjs (scripts/gen-wasm.js writes it).
const errors = require('./wasm-errors.js');

// Four Glacier leaves, the SIMD128 lanes' width: whole leaves in one update
// go through the lanes together, a leaf split across updates as one stream.
const CHUNK = 4 << 20;
// fastsha256_verity and fastsha256_merkle are about 2.9 and 10.5 KiB
// (include/fastsha256.h): one block of this size holds either.
const STATE = 32768;

function addTree(natives, wasm, io) {
  const { mem } = natives;

  // Runs fn(alloc) and frees whatever it allocated (nothing here is secret).
  function withMemory(fn) {
    const blocks = [];
    const alloc = (n) => {
      const p = wasm.fastsha256_wasm_alloc(Math.max(n, 1)) >>> 0;
      if (!p) throw errors.fail(Error, 'ERR_MEMORY_ALLOCATION_FAILED', 'fastsha256: out of memory');
      blocks.push(p);
      return p;
    };
    try {
      return fn(alloc);
    } finally {
      for (const p of blocks) wasm.fastsha256_wasm_free(p);
    }
  }

  // A 32-byte result at out, or null when rc says the library refused.
  const result = (rc, out) => (rc === 0 ? io.bytes(mem().subarray(out, out + 32)) : null);

  // init(state, alloc) starts a context (0, or -1 when refused); the data
  // is fed through update a chunk at a time, final gives the root.
  function streamed(data, init, update, final) {
    return withMemory((alloc) => {
      const state = alloc(STATE), out = alloc(32);
      if (init(state, alloc) !== 0) return null;
      const buf = alloc(Math.min(CHUNK, data.length));
      for (let at = 0; at < data.length; at += CHUNK) {
        const piece = data.subarray(at, Math.min(at + CHUNK, data.length));
        mem().set(piece, buf);
        update(state, buf, piece.length);
      }
      return result(final(state, out), out);
    });
  }

  const copyIn = (alloc, bytes) => {
    const p = alloc(bytes.length);
    mem().set(bytes, p);
    return p;
  };
  const verity = (data, init) => streamed(data, init, wasm.fastsha256_verity_update, wasm.fastsha256_verity_final);
  const merkle = (data, init) => streamed(data, init, wasm.fastsha256_merkle_update, wasm.fastsha256_merkle_final);

  function treeRfc6962(leaves) {
    return withMemory((alloc) => {
      const n = leaves.length, table = alloc(8 * n), out = alloc(32);
      for (let i = 0; i < n; i++) {
        const p = copyIn(alloc, leaves[i]);
        const v = new DataView(mem().buffer);
        v.setUint32(table + 4 * i, p, true);
        v.setUint32(table + 4 * (n + i), leaves[i].length, true);
      }
      return result(wasm.fastsha256_rfc6962_root(table, table + 4 * n, n, out), out);
    });
  }

  // Streaming (lib/tree.js's TreeHash): the state lives in JS memory as
  // HEAD bytes (its kind) and the context's STATE bytes, copied into the
  // module's memory for each call and back, as the addon's tree_stream.c
  // keeps it in a Uint8Array.
  const HEAD = 8;
  const isVerity = (state) => state[0] <= 1;
  function treeStreamInit(kind, blockSize, hashBlockSize, salt, format, length) {
    return withMemory((alloc) => {
      const ctx = alloc(STATE);
      const inits = [
        () => wasm.fastsha256_fsverity_init(ctx, blockSize, copyIn(alloc, salt), salt.length),
        () => wasm.fastsha256_dmverity_init(ctx, blockSize, hashBlockSize, copyIn(alloc, salt), salt.length,
          format, BigInt(length), 0, 0),
        () => wasm.fastsha256_bt2_init(ctx, 0, 0, 0),
        () => (wasm.fastsha256_glacier_init(ctx), 0),
      ];
      if (inits[kind]() !== 0) return null;
      const state = new Uint8Array(HEAD + STATE);
      state[0] = kind;
      state.set(mem().subarray(ctx, ctx + STATE), HEAD);
      return state;
    });
  }
  // Runs fn(ctx, alloc) on the state's context in the module's memory,
  // then copies the context back.
  const onState = (state, fn) => withMemory((alloc) => {
    const ctx = copyIn(alloc, state.subarray(HEAD));
    const r = fn(ctx, alloc);
    state.set(mem().subarray(ctx, ctx + STATE), HEAD);
    return r;
  });
  const treeStreamUpdate = (state, data) => onState(state, (ctx, alloc) => {
    const update = isVerity(state) ? wasm.fastsha256_verity_update : wasm.fastsha256_merkle_update;
    const buf = alloc(Math.min(CHUNK, data.length));
    for (let at = 0; at < data.length; at += CHUNK) {
      const piece = data.subarray(at, Math.min(at + CHUNK, data.length));
      mem().set(piece, buf);
      update(ctx, buf, piece.length);
    }
  });
  const treeStreamFinal = (state) => onState(state, (ctx, alloc) => {
    const out = alloc(32);
    return result((isVerity(state) ? wasm.fastsha256_verity_final : wasm.fastsha256_merkle_final)(ctx, out), out);
  });

  return Object.assign(natives, {
    treeStreamInit, treeStreamUpdate, treeStreamFinal,
    treeFsverity: (data, blockSize, salt) => verity(data, (state, alloc) =>
      wasm.fastsha256_fsverity_init(state, blockSize, copyIn(alloc, salt), salt.length)),
    treeDmverity: (data, dbs, hbs, salt, format) => verity(data, (state, alloc) =>
      wasm.fastsha256_dmverity_init(state, dbs, hbs, copyIn(alloc, salt), salt.length, format,
        BigInt(data.length), 0, 0)),
    treeBt2: (data) => merkle(data, (state) => wasm.fastsha256_bt2_init(state, 0, 0, 0)),
    treeGlacier: (data) => merkle(data, (state) => (wasm.fastsha256_glacier_init(state), 0)),
    treeRfc6962,
  });
}

module.exports = { addTree };
