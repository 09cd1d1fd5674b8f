// SPDX-License-Identifier: Apache-2.0 OR MIT
'use strict';
// The WebAssembly implementation for Node.js, Bun and Deno: the addon's
// natives (lib/wasm-natives.js, lib/wasm-batch.js) over the SIMD128 module
// where the engine validates SIMD, else the MVP one. The bytes come from
// the generated lib/wasm-<flavour>.js (base64, so Deno needs no read
// permission), or from wasm/*.wasm when those were not generated yet
// (both are built, not tracked: scripts/build-wasm.sh).
const { Buffer } = require('buffer');
const { createNatives } = require('./wasm-natives.js');
const { addBatches } = require('./wasm-batch.js');
const { addKdf } = require('./wasm-kdf.js');
const { addTree } = require('./wasm-tree.js');

// A module whose one function returns i8x16.splat(0): valid only where the
// engine has SIMD128.
const simdProbe = new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0, 1, 5, 1, 0x60, 0, 1, 0x7b,
  3, 2, 1, 0, 0x0a, 8, 1, 6, 0, 0x41, 0, 0xfd, 0x0f, 0x0b]);

// FASTSHA256_WASM=mvp|simd forces a flavour (tests run the MVP one too).
function flavour() {
  let forced;
  try { forced = process.env.FASTSHA256_WASM; } catch (_) { /* Deno without --allow-env */ }
  if (forced === 'mvp' || forced === 'simd') return forced;
  return WebAssembly.validate(simdProbe) ? 'simd' : 'mvp';
}

function wasmBytes(name) {
  try {
    return Buffer.from(require(`./wasm-${name}.js`), 'base64');
  } catch (err) {
    if (err.code !== 'MODULE_NOT_FOUND') throw err;
    const file = require('path').join(__dirname, '..', 'wasm', `fastsha256-${name}.wasm`);
    try {
      return require('fs').readFileSync(file);
    } catch (cause) {
      const e = new Error(`fastsha256: the WebAssembly module ${file} is not built (the CMake build ` +
        'makes it with clang-14 and lld-14; bindings/node/scripts/build-wasm.sh)');
      e.code = 'ERR_FASTSHA256_WASM_NOT_BUILT';
      e.cause = cause;
      throw e;
    }
  }
}

const nodeIo = {
  bytes: (view) => Buffer.from(view),
  own: (u8) => Buffer.from(u8.buffer, u8.byteOffset, u8.length),
  latin1: (view) => Buffer.prototype.latin1Slice.call(view, 0, view.length),
};

/** The natives over a new instance of the chosen flavour. */
function wasmNatives(name) {
  const which = name || flavour();
  const module = new WebAssembly.Module(wasmBytes(which));
  const wasm = new WebAssembly.Instance(module, {}).exports;
  const natives = addTree(addKdf(addBatches(createNatives(wasm, nodeIo), wasm, nodeIo), wasm, nodeIo), wasm, nodeIo);
  natives.flavour = which;
  return natives;
}

module.exports = { wasmNatives, flavour, simdProbe };
