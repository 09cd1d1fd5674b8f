// SPDX-License-Identifier: Apache-2.0 OR MIT
// fastsha256-bench JS rows "<runtime> + fastsha256": the Node-API addon
// (bindings/node) on the 14-byte message "Hello world!!!"; rows
// "<runtime> + fastsha256 (wasm)": the same calls on the package's
// WebAssembly build (STYLE prefixed "wasm-": FASTSHA256_IMPL=wasm).
//   <runtime> fastsha256.mjs COUNT REPS STYLE INDEX_JS [ADDON]
// STYLE: sha256   sha256(m, "hex"), one call per message
//        many     sha256Many(array of 1024 messages, "hex")
//        packed   sha256Packed(1024 records of 14 bytes, 14, 14, "hex")
//        wasm-sha256, wasm-many, wasm-packed: the same, WebAssembly build
// INDEX_JS is bindings/node/index.js, ADDON the fastsha256.node to load.
// Output (a JSON line) and timing loop: harness.mjs.
import { createRequire } from "node:module";
import { Buffer } from "node:buffer";
import { args, message as m, missing, run } from "./harness.mjs";

const [, , fullStyle = "sha256", indexJs, addon] = args;
const wasm = fullStyle.startsWith("wasm-");
const style = wasm ? fullStyle.slice(5) : fullStyle;
if (wasm) process.env.FASTSHA256_IMPL = "wasm";
else if (addon) process.env.FASTSHA256_NODE_ADDON = addon;
const f = createRequire(import.meta.url)(indexJs);
if (wasm && f.implementation !== "wasm") {
  missing(`FASTSHA256_IMPL=wasm gave implementation ${f.implementation}`);
}
const batch = 1024;

if (style === "sha256") {
  const sha256 = f.sha256;
  run(fullStyle, () => sha256(m, "hex"));
} else if (style === "many") {
  const items = new Array(batch).fill(m);
  run(fullStyle, () => {
    const out = f.sha256Many(items, "hex");
    return out[out.length - 1];
  }, batch);
} else if (style === "packed") {
  const buf = Buffer.from(m.repeat(batch), "latin1");
  run(fullStyle, () => {
    const out = f.sha256Packed(buf, 14, 14, "hex");
    return out.latin1Slice ? out.latin1Slice(out.length - 64, out.length)
      : out.toString("latin1", out.length - 64);
  }, batch);
} else {
  console.log(`unknown style ${style}`);
  process.exit(2);
}
