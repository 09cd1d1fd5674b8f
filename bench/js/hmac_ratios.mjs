// SPDX-License-Identifier: Apache-2.0 OR MIT
// HMAC-SHA256 from JavaScript: node:crypto's createHmac
// (and Bun.CryptoHasher with a key under Bun) against fastsha256's hmac per
// call, createHmac, hmacMany and hmacPacked, on messages of one size, timed in
// interleaved rounds by process CPU time (pin it on a shared machine):
//   taskset -c 1 node bench/js/hmac_ratios.mjs [bytes=64] [rounds=5] [messages per round=300000]
//   taskset -c 1 bun bench/js/hmac_ratios.mjs;  taskset -c 1 deno run -A bench/js/hmac_ratios.mjs
import crypto from "node:crypto";
import { createRequire } from "node:module";
import { Buffer } from "node:buffer";
import { args, runtime } from "./harness.mjs";

const f = createRequire(import.meta.url)("../../bindings/node/index.js");
const size = Number(args[0] ?? 64);
const rounds = Number(args[1] ?? 5);
const perRound = Number(args[2] ?? 300000);
const batch = 1024;
const key = Buffer.from("a webhook secret of 32 bytes....");
const msg = Buffer.alloc(size, 0x61);
const items = new Array(batch).fill(msg);
const packed = Buffer.alloc(size * batch, 0x61);
const want = crypto.createHmac("sha256", key).update(msg).digest("hex");

const builtins = [["node:crypto createHmac", () => crypto.createHmac("sha256", key).update(msg).digest("hex"), 1]];
if (typeof Bun !== "undefined")
  builtins.push(["Bun.CryptoHasher(key)", () => new Bun.CryptoHasher("sha256", key).update(msg).digest("hex"), 1]);
const ours = [
  ["hmac(key, m, 'hex')", () => f.hmac(key, msg, "hex"), 1],
  ["createHmac (ours)", () => f.createHmac("sha256", key).update(msg).digest("hex"), 1],
  ["hmacMany(1024)", () => f.hmacMany(key, items, "hex")[batch - 1], batch],
  ["hmacPacked(1024)", () => { const r = f.hmacPacked(key, packed, size, size, "hex"); return r.toString("latin1", r.length - 64); }, batch],
];
const styles = builtins.concat(ours);
for (const [name, fn] of styles) if (fn() !== want) throw new Error(`${name}: wrong tag`);
const cpuMs = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const rates = new Map(styles.map(([name]) => [name, []]));
for (let r = 0; r < rounds + 1; r++) {
  for (const [name, fn, per] of styles) {
    const calls = Math.ceil(perRound / per);
    let sink = 0;
    const c0 = cpuMs();
    for (let i = 0; i < calls; i++) sink ^= fn().charCodeAt(i & 63);
    if (r > 0) rates.get(name).push((calls * per) / (cpuMs() - c0) / 1000); // round 0 warms up
    if (sink === 0.5) console.log(sink);
  }
}
const median = (a) => a.slice().sort((x, y) => x - y)[a.length >> 1];
const best = Math.max(...builtins.map(([n]) => median(rates.get(n))));
console.log(`${runtime[0]} ${runtime[1]}, fastsha256 ${f.version} (${f.backend()}), HMAC-SHA256 of ${size}-byte messages, ` +
  `${rounds} interleaved rounds of ${perRound}, median M tags/s by CPU time (x = vs the fastest built-in):`);
for (const [name] of styles) {
  const rate = median(rates.get(name));
  console.log(`  ${name.padEnd(24)} ${rate.toFixed(2).padStart(7)}  ${(rate / best).toFixed(2)}x`);
}
