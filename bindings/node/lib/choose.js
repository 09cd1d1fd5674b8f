// SPDX-License-Identifier: Apache-2.0 OR MIT
'use strict';
// Native addon or WebAssembly: FASTSHA256_IMPL=native|wasm forces one;
// otherwise the addon where it loads (a missing build, another platform, or
// Deno without --allow-env/--allow-read/--allow-ffi all throw catchable
// errors) and the WebAssembly build everywhere else.

// The variable, or undefined where reading the environment is not allowed
// (Deno without --allow-env throws NotCapable).
function wanted() {
  try {
    return typeof process !== 'undefined' && process.env ? process.env.FASTSHA256_IMPL : undefined;
  } catch (_) {
    return undefined;
  }
}

function wasm(cause) {
  const natives = pickNatives(require('./wasm.js').wasmNatives(), 'the WebAssembly build');
  return { natives, implementation: 'wasm', cause };
}

const { pickNatives } = require('./natives.js');

/** loadNative: index.js's addon loader (throws when it cannot load). */
function choose(loadNative) {
  const impl = wanted();
  if (impl === 'wasm') return wasm(null);
  if (impl === 'native') {
    try {
      return { natives: pickNatives(loadNative(), 'the native addon'), implementation: 'native', cause: null };
    } catch (err) {
      const e = new Error(`fastsha256: FASTSHA256_IMPL=native, but the native addon cannot load: ${err.message}`);
      e.code = 'ERR_FASTSHA256_NATIVE_UNAVAILABLE';
      e.cause = err;
      throw e;
    }
  }
  if (impl !== undefined && impl !== '') {
    const e = new Error(`fastsha256: FASTSHA256_IMPL must be 'native' or 'wasm' (or unset), not '${impl}'`);
    e.code = 'ERR_FASTSHA256_IMPL';
    throw e;
  }
  try {
    return { natives: pickNatives(loadNative(), 'the native addon'), implementation: 'native', cause: null };
  } catch (err) {
    return wasm(err);
  }
}

module.exports = { choose };
