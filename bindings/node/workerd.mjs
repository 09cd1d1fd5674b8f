// SPDX-License-Identifier: Apache-2.0 OR MIT
// fastsha256 for workerd (Cloudflare Workers; the package's "workerd" export
// condition). workerd refuses to compile WebAssembly from bytes, so the
// modules are imported as .wasm modules (compiled by workerd when it loads
// the worker) and instantiated here: every call is ready, no init() needed.
import simd from './wasm/fastsha256-simd.wasm';
import mvp from './wasm/fastsha256-mvp.wasm';
import api, { initSync } from './browser.mjs';
import { bestFlavour } from './lib/wasm-entry.mjs';

initSync(bestFlavour() === 'simd' ? simd : mvp);

export * from './browser.mjs';
export default api;
