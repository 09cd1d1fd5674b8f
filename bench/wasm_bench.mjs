// SPDX-License-Identifier: Apache-2.0 OR MIT
// SHA-256 of 14-byte messages ("Hello world!!!") through the wasm modules'
// raw exports (bindings/node/wasm/), and hash-wasm when it is installed:
// per call (hex string out) and batches of 1024 (fastsha256_many_strided +
// to_hex_many), interleaved rounds, best of each. Messages per second.
//   taskset -c 1 node bench/wasm_bench.mjs [module.wasm ...]
// hash-wasm is looked up from FASTSHA256_HASH_WASM_DIR (a folder with it in
// node_modules; npm install hash-wasm there), never installed by this script.
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { loadModule } from "../test/wasm/module.mjs";

const here = new URL(".", import.meta.url).pathname;
const modules = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ["fastsha256-simd.wasm", "fastsha256-mvp.wasm"].map((f) => join(here, "../bindings/node/wasm", f));
const MSG = Buffer.from("Hello world!!!");
const BATCH = 1024, ROUNDS = 7, SECONDS = 0.3;

// Calls fn(count) (which does `count` messages) for about SECONDS; rate.
function rate(fn, perCall) {
  let n = 1, t;
  for (;;) {
    const start = process.hrtime.bigint();
    fn(n);
    t = Number(process.hrtime.bigint() - start) / 1e9;
    if (t > SECONDS) break;
    n *= 2;
  }
  return (n * perCall) / t;
}

function fastsha256Cases(path, label) {
  const m = loadModule(path);
  const x = m.x;
  const msg = m.put(MSG), hexOut = m.alloc(65);
  const base = m.put(Buffer.concat(Array(BATCH).fill(MSG)));
  const digests = m.alloc(32 * BATCH), hexes = m.alloc(65 * BATCH);
  // Buffer's latin1 decoding: measured faster than TextDecoder for 64 characters.
  const text = Buffer.from(x.memory.buffer); // memory does not grow below
  globalThis.sink = 0;
  const perCall = (count) => {
    const bytes = m.bytes;
    let chars = 0;
    for (let i = 0; i < count; i++) {
      bytes.set(MSG, msg);
      x.fastsha256_hex(msg, MSG.length, hexOut);
      chars += text.toString("latin1", hexOut, hexOut + 64).length;
    }
    globalThis.sink += chars;
  };
  const rawCall = (count) => {
    for (let i = 0; i < count; i++) x.fastsha256_hex(msg, MSG.length, hexOut);
  };
  const batch = (count) => {
    for (let i = 0; i < count; i++) {
      m.bytes.set(MSG, base); // one copy in per batch stands for the packing
      x.fastsha256_many_strided(base, MSG.length, MSG.length, BATCH, digests);
      x.fastsha256_to_hex_many(digests, BATCH, hexes);
    }
  };
  const kernel = (count) => {
    for (let i = 0; i < count; i++) x.fastsha256_many_strided(base, MSG.length, MSG.length, BATCH, digests);
  };
  const name = `${label} [${m.backend()}]`;
  return [
    [`${name} per call sha256_hex + string`, () => rate(perCall, 1)],
    [`${name} per call sha256_hex, in memory`, () => rate(rawCall, 1)],
    [`${name} batch of ${BATCH}, digests + hex`, () => rate(batch, BATCH)],
    [`${name} batch of ${BATCH}, digests only`, () => rate(kernel, BATCH)],
  ];
}

async function hashWasmCases() {
  const dir = process.env.FASTSHA256_HASH_WASM_DIR;
  if (!dir) return [];
  const { createSHA256 } = createRequire(join(resolve(dir), "x.js"))("hash-wasm");
  const hasher = await createSHA256();
  const perCall = (count) => {
    let chars = 0;
    for (let i = 0; i < count; i++) chars += hasher.init().update(MSG).digest("hex").length;
    globalThis.sink = (globalThis.sink || 0) + chars;
  };
  return [["hash-wasm createSHA256() per call, hex", () => rate(perCall, 1)]];
}

const cases = [];
for (const path of modules) cases.push(...fastsha256Cases(path, path.split("/").pop()));
cases.push(...(await hashWasmCases()));
const best = new Map(cases.map(([name]) => [name, 0]));
for (let r = 0; r < ROUNDS; r++)
  for (const [name, run] of cases) best.set(name, Math.max(best.get(name), run()));
for (const [name, value] of best) console.log(`${(value / 1e6).toFixed(3).padStart(8)} M/s  ${name}`);
