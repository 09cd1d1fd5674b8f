// SPDX-License-Identifier: Apache-2.0 OR MIT
// Loading the WebAssembly module for the ES-module entries (browser.mjs,
// workerd.mjs, lib/node-wasm.mjs): the flavour, the embedded bytes, the
// Content-Security-Policy error, and the API object filled in once loaded.
import nativesModule from './wasm-natives.mjs';
import batchModule from './wasm-batch.mjs';
import kdfModule from './wasm-kdf.mjs';
import treeModule from './wasm-tree.mjs';
import apiModule from './api.mjs';
import nativeList from './natives.mjs';

const { createNatives } = nativesModule;
const { addBatches } = batchModule;
const { addKdf } = kdfModule;
const { addTree } = treeModule;
const { makeApi, apiNames } = apiModule;

// A module whose one function returns i8x16.splat(0): valid only where the
// engine has SIMD128.
const simdProbe = new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0, 1, 5, 1, 0x60, 0, 1, 0x7b,
  3, 2, 1, 0, 0x0a, 8, 1, 6, 0, 0x41, 0, 0xfd, 0x0f, 0x0b]);

export function bestFlavour() {
  try { return WebAssembly.validate(simdProbe) ? 'simd' : 'mvp'; } catch (_) { return 'mvp'; }
}

export function fromBase64(b64) {
  if (typeof Uint8Array.fromBase64 === 'function') return Uint8Array.fromBase64(b64);
  const text = atob(b64);
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
  return out;
}

// A page whose Content-Security-Policy has no 'wasm-unsafe-eval' (or
// 'unsafe-eval') in script-src cannot compile WebAssembly: say so.
function explained(err) {
  const text = String(err && err.message);
  if (!/Content.Security.Policy|unsafe-eval|CSP|blocked|disallowed|code generation/i.test(text)) return err;
  const e = new Error("fastsha256: this page's Content-Security-Policy forbids compiling WebAssembly; " +
    "allow it by adding 'wasm-unsafe-eval' to script-src (e.g. script-src 'self' 'wasm-unsafe-eval'). " +
    `The browser said: ${text}`);
  e.code = 'ERR_FASTSHA256_WASM_CSP';
  e.cause = err;
  return e;
}

/** A loader bound to io (result bytes) and env (input decoding), filling api. */
export function makeLoader(io, env, api) {
  function install(instance) {
    const wasm = instance.exports;
    const natives = nativeList.pickNatives(addTree(addKdf(addBatches(createNatives(wasm, io), wasm, io), wasm, io), wasm, io),
      'the WebAssembly build');
    const flavour = natives.allBackends().includes('simd128') ? 'simd' : 'mvp';
    Object.assign(api, makeApi(natives, env), { flavour });
    if (api.onReady) api.onReady();
    return api;
  }

  /** Synchronous: bytes (BufferSource) or a compiled WebAssembly.Module. */
  function initSync(source) {
    if (api.flavour) return api;
    let module;
    try {
      module = source instanceof WebAssembly.Module ? source : new WebAssembly.Module(source);
    } catch (err) {
      throw explained(err);
    }
    return install(new WebAssembly.Instance(module, {}));
  }

  /** Asynchronous: the embedded module of the best flavour, or source (bytes, a Module, a Response or its Promise). */
  async function init(source, embedded) {
    if (api.flavour) return api;
    if (source === undefined || source === null) source = fromBase64(await embedded(bestFlavour()));
    source = await source;
    let result;
    try {
      if (typeof Response !== 'undefined' && source instanceof Response) {
        result = await (WebAssembly.instantiateStreaming
          ? WebAssembly.instantiateStreaming(source, {})
          : WebAssembly.instantiate(await source.arrayBuffer(), {}));
      } else {
        result = await WebAssembly.instantiate(source, {});
      }
    } catch (err) {
      throw explained(err);
    }
    const instance = result instanceof WebAssembly.Instance ? result : result.instance;
    if (api.flavour) return api; // two init() calls raced
    return install(instance);
  }

  return { init, initSync };
}

// Calls made before init(): a clear error, not a TypeError on undefined.
export function placeholders(api) {
  for (const name of apiNames) {
    api[name] = function notReady() {
      const e = new Error(`fastsha256: call (and await) init() before ${name}() (or initSync(bytes) in a worker)`);
      e.code = 'ERR_FASTSHA256_NOT_INITIALIZED';
      throw e;
    };
  }
  api.version = undefined;
  api.flavour = null;
  api.implementation = 'wasm';
  return api;
}

export { apiNames };
