// SPDX-License-Identifier: Apache-2.0 OR MIT
// fastsha256's WebAssembly build (FASTSHA256_IMPL=wasm, set here) against
// the npm peers in one process, timed in
// interleaved rounds (machine noise hits all alike), median rate per style
// by the process's CPU time, ratios to the peers; then where the wasm time
// goes: the module's exports called directly (kernel only, copying in,
// making strings). Pin it on a shared machine:
//   taskset -c 1 node bench/js/wasm_ratios.mjs [rounds=7] [messages per round=300000]
//   taskset -c 1 bun bench/js/wasm_ratios.mjs;  taskset -c 1 deno run -A bench/js/wasm_ratios.mjs
// Peers: bench/install-js-peers.sh (a missing one is left out, with why).
import { createRequire } from "node:module";
import { Buffer } from "node:buffer";
import { args, runtime, message as m } from "./harness.mjs";
import { loadPeer, peerNames, peerLabels } from "./peer-libs.mjs";
import { probes } from "./wasm_probes.mjs";

process.env.FASTSHA256_IMPL = "wasm";
const require = createRequire(import.meta.url);
const f = require("../../bindings/node/index.js");
const rounds = Number(args[0] ?? 7);
const perRound = Number(args[1] ?? 300000);
const batch = 1024;
const items = new Array(batch).fill(m);
const packed = Buffer.from(m.repeat(batch), "latin1");
const want = f.sha256(m, "hex");
const lastHex = (r) => (r.latin1Slice ? r.latin1Slice(r.length - 64, r.length) : r.toString("latin1", r.length - 64));

const styles = [
  ["wasm sha256(m,'hex')", () => f.sha256(m, "hex"), 1],
  ["wasm sha256Many", () => f.sha256Many(items, "hex")[batch - 1], batch],
  ["wasm sha256Packed", () => lastHex(f.sha256Packed(packed, 14, 14, "hex")), batch],
];
for (const name of peerNames) {
  const peer = await loadPeer(name);
  if (peer.missing) { console.log(`  (left out: ${peer.missing})`); continue; }
  const call = peer.call;
  styles.push([peerLabels[name], () => call(m), 1]);
}
const probeStyles = probes(require, m, batch);
const all = styles.concat(probeStyles);
for (const [name, fn] of styles) if (fn() !== want) throw new Error(`${name}: wrong digest`);
const cpuMs = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const rates = new Map(all.map(([name]) => [name, []]));
for (let r = 0; r < rounds + 1; r++) {
  for (const [name, fn, per] of all) {
    const calls = Math.ceil(perRound / per);
    let sink = 0;
    const c0 = cpuMs();
    for (let i = 0; i < calls; i++) { const h = fn(); sink ^= typeof h === "string" ? h.charCodeAt(i & 63) : h; }
    if (r > 0) rates.get(name).push((calls * per) / (cpuMs() - c0) / 1000); // round 0 warms up
    if (sink === 0.5) console.log(sink);
  }
}
const median = (a) => a.slice().sort((x, y) => x - y)[a.length >> 1];
const med = new Map([...rates].map(([k, v]) => [k, median(v)]));
console.log(`${runtime[0]} ${runtime[1]}, fastsha256 ${f.version} (${f.implementation}, ${f.flavour ?? ""} ${f.backend()}), ` +
  `${rounds} interleaved rounds of ${perRound} messages, median M hashes/s by CPU time:`);
for (const [name] of all) console.log(`  ${name.padEnd(44)} ${med.get(name).toFixed(3).padStart(8)}`);
const ratio = (a, b) => (med.has(a) && med.has(b) ? med.get(a) / med.get(b) : NaN);
const targets = [
  ["wasm sha256(m,'hex')", peerLabels["hash-wasm"], 2.5],
  ["wasm sha256(m,'hex')", peerLabels.noble, 4],
  ["wasm sha256Many", peerLabels["hash-wasm"], 8],
];
console.log(" targets:");
for (const [a, b, t] of targets) {
  const x = ratio(a, b);
  console.log(`  ${a} / ${b}: ${x.toFixed(2)}x (target ${t}x: ${x >= t ? "met" : Number.isNaN(x) ? "peer missing" : "MISSED"})`);
}
