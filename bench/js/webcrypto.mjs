// SPDX-License-Identifier: Apache-2.0 OR MIT
// fastsha256-bench JS peer: the seed's asynchronous WebCrypto snippet, as the
// seed writes it:
//   const buf = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(m));
//   Array.from(new Uint8Array(buf)).map((b) => b.toString(16).padStart(2, "0")).join("")
// one message at a time (each digest awaited before the next), for the
// 14-byte message "Hello world!!!". Runs unchanged on node, bun and deno
// (node 18, Debian 12's, has no global crypto: node:crypto's webcrypto
// object is the same API).
//
// usage: <runtime> webcrypto.mjs [count=500000] [reps=5]
// The count is smaller than the seed's 5,000,000: this style runs one to two
// orders of magnitude slower than the synchronous ones. Output and timing
// loop: harness.mjs (warm-up: at most 2000 messages).
import { message as m, run } from "./harness.mjs";

const subtle = globalThis.crypto?.subtle ?? (await import("node:crypto")).webcrypto.subtle;

async function hashHex(s) {
  const buf = await subtle.digest("SHA-256", new TextEncoder().encode(s));
  return Array.from(new Uint8Array(buf)).map((b) => b.toString(16).padStart(2, "0")).join("");
}

await run("webcrypto", () => hashHex(m), 1, { count: 500000, warmupMax: 2000, awaited: true });
