// SPDX-License-Identifier: Apache-2.0 OR MIT
// Each runtime's fastest built-in against fastsha256 in one process: the
// built-in and the three "+ fastsha256" styles, timed in interleaved rounds (so machine
// noise hits all alike), median rate per style, ratios to the fastest
// built-in, by wall time and by the process's CPU time (on a shared machine,
// pinned, the CPU time leaves out the time other jobs held the core). Pin it:
//   taskset -c 1 node bench/js/ratios.mjs [rounds=7] [messages per round=1000000]
//   taskset -c 1 bun bench/js/ratios.mjs
//   taskset -c 1 deno run -A bench/js/ratios.mjs
// The addon: FASTSHA256_NODE_ADDON, else what bindings/node/index.js finds.
import crypto from "node:crypto";
import { createRequire } from "node:module";
import { Buffer } from "node:buffer";
import { args, runtime, message as m } from "./harness.mjs";

const f = createRequire(import.meta.url)("../../bindings/node/index.js");
const rounds = Number(args[0] ?? 7);
const perRound = Number(args[1] ?? 1000000);
const batch = 1024;
const items = new Array(batch).fill(m);
const packed = Buffer.from(m.repeat(batch), "latin1");
const want = f.sha256(m, "hex");

const builtins = [];
if (typeof crypto.hash === "function") builtins.push(["crypto.hash", () => crypto.hash("sha256", m), 1]);
builtins.push(["createHash", () => crypto.createHash("sha256").update(m).digest("hex"), 1]);
if (typeof Bun !== "undefined") {
  builtins.push(["Bun.SHA256.hash", () => Bun.SHA256.hash(m, "hex"), 1]);
  builtins.push(["Bun.CryptoHasher", () => new Bun.CryptoHasher("sha256").update(m).digest("hex"), 1]);
}
const ours = [
  ["sha256(m,'hex')", () => f.sha256(m, "hex"), 1],
  ["sha256Many", () => { const r = f.sha256Many(items, "hex"); return r[batch - 1]; }, batch],
  // latin1Slice where it exists: Deno's Buffer#toString with a range is slow.
  ["sha256Packed", () => { const r = f.sha256Packed(packed, 14, 14, "hex"); return r.latin1Slice ? r.latin1Slice(r.length - 64, r.length) : r.toString("latin1", r.length - 64); }, batch],
];
const styles = builtins.concat(ours);
const rates = new Map(styles.map(([name]) => [name, []]));
const cpuRates = new Map(styles.map(([name]) => [name, []]));
const cpuMs = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
for (const [name, fn] of styles) if (fn() !== want) throw new Error(`${name}: wrong digest`);
for (let r = 0; r < rounds + 1; r++) {
  for (const [name, fn, per] of styles) {
    const calls = Math.ceil(perRound / per);
    let sink = 0;
    const c0 = cpuMs();
    const t0 = performance.now();
    for (let i = 0; i < calls; i++) sink ^= fn().charCodeAt(i & 63);
    const ms = performance.now() - t0;
    const cpu = cpuMs() - c0;
    if (r > 0) { // round 0 warms up
      rates.get(name).push((calls * per) / ms / 1000);
      cpuRates.get(name).push((calls * per) / cpu / 1000);
    }
    if (sink === 0.5) console.log(sink);
  }
}
const median = (a) => a.slice().sort((x, y) => x - y)[a.length >> 1];
const targets = { "sha256(m,'hex')": 1.5, sha256Many: 5, sha256Packed: 10 };
console.log(`${runtime[0]} ${runtime[1]}, fastsha256 ${f.version} (${f.backend()}), ${rounds} interleaved rounds of ${perRound} messages, median M hashes/s:`);
for (const [clock, all] of [["wall", rates], ["cpu", cpuRates]]) {
  const med = new Map([...all].map(([k, v]) => [k, median(v)]));
  const [bestName, bestRate] = builtins.map(([n]) => [n, med.get(n)]).sort((a, b) => b[1] - a[1])[0];
  console.log(` by ${clock} time:`);
  for (const [name] of builtins) console.log(`  ${name.padEnd(18)} ${med.get(name).toFixed(2).padStart(7)}${name === bestName ? "  (fastest built-in)" : ""}`);
  for (const [name] of ours) {
    const x = med.get(name) / bestRate;
    console.log(`  ${name.padEnd(18)} ${med.get(name).toFixed(2).padStart(7)}  ${x.toFixed(2)}x ${bestName} (target ${targets[name]}x: ${x >= targets[name] ? "met" : "MISSED"})`);
  }
}
