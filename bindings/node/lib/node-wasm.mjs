// SPDX-License-Identifier: Apache-2.0 OR MIT
// The WebAssembly build as an ES module with Buffers, loaded synchronously
// from the embedded bytes: index.mjs falls back to it where index.js cannot
// even be required (Deno without --allow-read), so no permission is needed.
import { Buffer } from 'node:buffer';
import crypto from 'node:crypto';
import files from 'node:fs/promises';
import { makeLoader, placeholders, bestFlavour, fromBase64 } from './wasm-entry.mjs';
import nodeEnvModule from './node-env.mjs';
import simd from './wasm-simd.mjs';
import mvp from './wasm-mvp.mjs';

const io = {
  bytes: (view) => Buffer.from(view),
  own: (u8) => Buffer.from(u8.buffer, u8.byteOffset, u8.length),
  latin1: (view) => Buffer.prototype.latin1Slice.call(view, 0, view.length),
};

const env = nodeEnvModule.nodeEnv(Buffer, () => crypto, () => files);

const api = placeholders({});
makeLoader(io, env, api).initSync(fromBase64(bestFlavour() === 'simd' ? simd : mvp));
export default api;
