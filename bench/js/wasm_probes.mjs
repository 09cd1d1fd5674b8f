// SPDX-License-Identifier: Apache-2.0 OR MIT
// Where the time of fastsha256's wasm calls goes (wasm_ratios.mjs): the
// module's exports called directly on a fresh instance, one part at a time.
// Each probe returns a number (folded into the sink), not a digest.
//   kernel                fastsha256_hex on bytes already in memory
//   copy in               TextEncoder#encodeInto of m into the memory
//   copy in (JS loop)     the ASCII units of m stored one by one
//   make string           latin1Slice of 64 bytes (Node/Bun/Deno Buffer)
//   make string (JS)      String.fromCharCode.apply over a kept 64-byte view
//   batch kernel          fastsha256_many of 1024 messages already in memory
//   batch hex             fastsha256_to_hex of 1024 digests
//   batch copy in         1024 encodeInto calls (the per-message path)
//   batch copy in, joined one encodeInto of the 1024 joined messages
//   batch split           1024 substrings of a 65,536-character string
//   parseEncoding("hex")  the glue's encoding check (lib/wasm-errors.js)
//   memory.buffer         the getter the glue's mem() read on every call before
//   subarray              one new view (the per-call path makes two)
//   sketch: per call      the per-call path with the glue changes proposed in
//                         docs/javascript.md (exact-name encoding check,
//                         short ASCII copied by a loop, a kept output view)
//   sketch: batch         sha256Many with one encodeInto of the joined batch
//                         (lengths = bytes when all ASCII), one fastsha256_many
//                         of the slice, one hex pass, one string, 1024 slices
import { Buffer } from "node:buffer";

export function probes(require, m, batch) {
  const b64 = require("../../bindings/node/lib/wasm-simd.js");
  const w = new WebAssembly.Instance(new WebAssembly.Module(Buffer.from(b64, "base64")), {}).exports;
  const enc = new TextEncoder();
  const n = m.length;
  const data = w.fastsha256_wasm_alloc(batch * 64 + 65536 + 1024 * 8 + 32 * 1024);
  const ptrs = data + batch * 64, lens = ptrs + 4 * batch, dig = lens + 4 * batch, text = dig + 32 * batch;
  const heap = () => new Uint8Array(w.memory.buffer);
  const h = heap();
  enc.encodeInto(m.repeat(batch), h.subarray(data, data + batch * n));
  const h32 = new Uint32Array(w.memory.buffer, ptrs, 2 * batch);
  for (let i = 0; i < batch; i++) { h32[i] = data + i * n; h32[batch + i] = n; }
  const out = w.fastsha256_wasm_alloc(128);
  const outView = h.subarray(out, out + 64);
  const latin1 = Buffer.prototype.latin1Slice;
  const joined = m.repeat(batch);
  const flat = "0".repeat(64 * batch);
  const errors = require("../../bindings/node/lib/wasm-errors.js");
  const outText = h.subarray(out, out + 64);
  // The proposed per-call path (hex of a string): sketch, not the glue.
  const sketchCall = (msg, encoding) => {
    if (encoding !== "hex") throw new Error("sketch: hex only");
    let len = msg.length, i = 0;
    if (len <= 64) for (; i < len; i++) { const c = msg.charCodeAt(i); if (c > 0x7f) break; h[data + i] = c; }
    if (i < len) len = enc.encodeInto(msg, h.subarray(data, data + 3 * len)).written;
    w.fastsha256_hex(data, len, out);
    return latin1.call(outText, 0, 64);
  };
  const textAll = h.subarray(text, text + 64 * batch);
  const sketchMany = (list) => {
    const k = list.length;
    const all = list.join("");
    const done = enc.encodeInto(all, h.subarray(data, data + 3 * all.length));
    if (done.written !== all.length) throw new Error("sketch: ASCII only");
    for (let i = 0, p = data; i < k; p += list[i].length, i++) { h32[i] = p; h32[batch + i] = list[i].length; }
    w.fastsha256_many(ptrs, lens, k, dig);
    w.fastsha256_to_hex(dig, 32 * k, text);
    const str = latin1.call(textAll, 0, 64 * k);
    const res = new Array(k);
    for (let i = 0; i < k; i++) res[i] = str.slice(64 * i, 64 * i + 64);
    return res;
  };
  const list = new Array(batch).fill(m);
  const ref = require("../../bindings/node/index.js").sha256(m, "hex");
  if (sketchCall(m, "hex") !== ref || sketchMany(list)[batch - 1] !== ref) throw new Error("sketch: wrong digest");
  return [
    ["probe: parseEncoding('hex')", () => errors.parseEncoding("hex", "encoding"), 1],
    ["probe: memory.buffer getter", () => w.memory.buffer.byteLength, 1],
    ["probe: subarray view", () => h.subarray(data, data + 42).length, 1],
    ["sketch: per call (proposed glue)", () => sketchCall(m, "hex"), 1],
    ["sketch: batch (proposed glue)", () => sketchMany(list)[batch - 1], batch],
    ["probe: kernel fastsha256_hex", () => { w.fastsha256_hex(data, n, out); return h[out]; }, 1],
    ["probe: copy in (encodeInto)", () => enc.encodeInto(m, h.subarray(data, data + 3 * n)).written, 1],
    ["probe: copy in (JS loop)", () => { for (let i = 0; i < n; i++) h[data + i] = m.charCodeAt(i); return h[data]; }, 1],
    ["probe: make string (latin1Slice)", () => latin1.call(h.subarray(out, out + 64), 0, 64).length, 1],
    ["probe: make string (fromCharCode)", () => String.fromCharCode.apply(null, outView).length, 1],
    ["probe: batch kernel fastsha256_many", () => { w.fastsha256_many(ptrs, lens, batch, dig); return h[dig]; }, batch],
    ["probe: batch hex fastsha256_to_hex", () => { w.fastsha256_to_hex(dig, 32 * batch, text); return h[text]; }, batch],
    ["probe: batch copy in, 1024 encodeInto", () => {
      let p = data;
      for (let i = 0; i < batch; i++) p += enc.encodeInto(joined.substring(i * n, i * n + n), h.subarray(p, p + 3 * n)).written;
      return p;
    }, batch],
    ["probe: batch copy in, joined encodeInto", () => enc.encodeInto(joined, h.subarray(data, data + 3 * joined.length)).written, batch],
    ["probe: batch split 1024 substrings", () => {
      let s = 0;
      for (let i = 0; i < batch; i++) s ^= flat.slice(64 * i, 64 * i + 64).length;
      return s;
    }, batch],
  ];
}
