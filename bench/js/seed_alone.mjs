// SPDX-License-Identifier: Apache-2.0 OR MIT
// The seed's snippets as the seed runs them, alone: one loop over count
// messages timed as a whole, no warm-up, no harness. bench/seed-check.sh runs
// them alternately with the harness (createhash.mjs, webcrypto.mjs) to check
// that the harness measures what the seed's code measures.
//   <runtime> seed_alone.mjs sync|webcrypto [count]
// Prints {"style": ..., "count": n, "ms": t, "rate": n per second}.
import crypto from "node:crypto";

const args = typeof Deno !== "undefined" ? Deno.args : process.argv.slice(2);
const style = args[0] ?? "sync";
const count = Number(args[1] ?? (style === "sync" ? 5000000 : 100000));
const subtle = globalThis.crypto?.subtle ?? crypto.webcrypto.subtle;
let hex = "";
const t0 = performance.now();
if (style === "sync") {
  for (let i = 0; i < count; i++) hex = crypto.createHash("sha256").update("Hello world!!!").digest("hex");
} else {
  for (let i = 0; i < count; i++) {
    const buf = await subtle.digest("SHA-256", new TextEncoder().encode("Hello world!!!"));
    hex = Array.from(new Uint8Array(buf)).map((b) => b.toString(16).padStart(2, "0")).join("");
  }
}
const ms = performance.now() - t0;
console.log(JSON.stringify({ style, count, ms: Number(ms.toFixed(1)), rate: Math.round(count / (ms / 1000)), last: hex }));
