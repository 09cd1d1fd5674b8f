// SPDX-License-Identifier: Apache-2.0 OR MIT
'use strict';
// The natives: the one list of what both implementations provide (the
// addon, src/fastsha256_node.c, src/node_kdf.c and src/tree.c; the WebAssembly
// natives, lib/wasm-natives.js, wasm-batch.js, wasm-kdf.js and wasm-tree.js) and all that
// lib/api.js may use. test/wasm.test.mjs checks that each provides exactly
// these. The source of lib/natives.mjs (scripts/gen-wasm.js writes it).

const nativeNames = [
  // One message: bytes or hex; HMAC with the key first.
  'sha256', 'sha224', 'hmac256', 'hmac224',
  // Batches: an Array of items, or all strings joined with their lengths; Async: on a pool.
  'manyArray256', 'manyArray224', 'manyJoined256', 'manyJoined224',
  'manyArrayAsync256', 'manyArrayAsync224', 'manyJoinedAsync256', 'manyJoinedAsync224',
  'hmacManyArray256', 'hmacManyArray224', 'hmacManyJoined256', 'hmacManyJoined224',
  'hmacManyArrayAsync256', 'hmacManyArrayAsync224', 'hmacManyJoinedAsync256', 'hmacManyJoinedAsync224',
  // Records at a stride in one buffer.
  'sha256Packed', 'sha256PackedAsync', 'hmacPacked', 'hmacPackedAsync',
  // Hash state in a Uint8Array of ctxSize bytes (saved and restored in Go's
  // format by ctxExport/ctxImport); Hmac state tied to its object.
  'ctxSize', 'ctxInit', 'ctxUpdate', 'ctxDigest', 'ctxExport', 'ctxImport',
  'hmacCreate', 'hashUpdate', 'hashDigest',
  // Names createHash takes; the wording of argument errors (lib/errors.js's describe).
  'algorithmBits', 'setDescribe',
  // Key derivation (lib/kdf.js has checked the arguments).
  'pbkdf2', 'pbkdf2Async', 'pbkdf2Many', 'pbkdf2ManyAsync', 'hkdf',
  // Hash trees (lib/tree.js has checked the arguments): a digest, or null where refused.
  'treeFsverity', 'treeDmverity', 'treeBt2', 'treeGlacier', 'treeRfc6962',
  // Streaming trees: a state (a Uint8Array in JS memory, or null where refused),
  // advanced in place; the final root, or null where refused (the state wiped).
  'treeStreamInit', 'treeStreamUpdate', 'treeStreamFinal',
  'timingSafeEqual', 'backend', 'hexBackend', 'backends', 'allBackends', 'setBackend', 'version',
];

/** Exactly the natives of the list from all (an addon's exports, or the WebAssembly natives' object). */
function pickNatives(all, what) {
  const natives = {};
  for (const name of nativeNames) {
    if (!(name in all)) throw new Error(`fastsha256: ${what} lacks the native ${name}`);
    natives[name] = all[name];
  }
  return natives;
}

module.exports = { nativeNames, pickNatives };
