// SPDX-License-Identifier: Apache-2.0 OR MIT
// "Who hashes the fastest in your browser?": the seed workload (lowercase hex
// SHA-256 of the 14-byte "Hello world!!!", one result per message) run in the
// page by each contender, in interleaved rounds of a fixed time each, so
// that noise hits all alike; the median rate per contender.
import { init, sha256, sha256Many, sha256Packed, flavour } from '../browser.mjs';

export const message = 'Hello world!!!';
const batch = 1024;
const table = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));
const toHex = (bytes) => { let s = ''; for (let i = 0; i < bytes.length; i++) s += table[bytes[i]]; return s; };
const latin1 = (u8) => String.fromCharCode.apply(null, u8);

// The npm peers, where the page's server has them under /peers/ (bench/.js-peers).
async function peers(log) {
  const list = [];
  // Each call() hashes `message`, as the contenders below do.
  const tryPeer = async (name, load) => {
    try { list.push({ name, ...(await load()) }); } catch (err) { log(`${name}: left out (${err.message})`); }
  };
  await tryPeer('hash-wasm createSHA256() sync', async () => {
    const { createSHA256 } = await import('/peers/hash-wasm/dist/index.esm.js');
    const h = await createSHA256();
    return { call: () => { h.init(); h.update(message); return h.digest('hex'); } };
  });
  await tryPeer('@noble/hashes sha256 + bytesToHex', async () => {
    const { sha256: nobleSha256 } = await import('/peers/@noble/hashes/sha2.js');
    const { bytesToHex, utf8ToBytes } = await import('/peers/@noble/hashes/utils.js');
    return { call: () => bytesToHex(nobleSha256(utf8ToBytes(message))) };
  });
  await tryPeer('js-sha256 (pure JS)', async () => {
    await new Promise((resolve, reject) => {
      const s = document.createElement('script');
      s.src = '/peers/js-sha256/build/sha256.js';
      s.onload = resolve;
      s.onerror = () => reject(new Error('/peers/js-sha256/build/sha256.js not served'));
      document.head.appendChild(s);
    });
    const f = globalThis.sha256;
    return { call: () => f(message) };
  });
  return list;
}

async function subtleHex(m) {
  return toHex(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(m))));
}

// The contenders: name, kind ('fastsha256' | 'built-in' | 'peer'), per (messages
// a call), call() returning the last hex digest, async when it returns a Promise.
export async function contenders({ withPeers = true, log = () => {} } = {}) {
  await init();
  const m = message;
  const items = new Array(batch).fill(m);
  const packed = new TextEncoder().encode(m.repeat(batch));
  const list = [
    { name: 'fastsha256 sha256(m, "hex")', kind: 'fastsha256', per: 1, call: () => sha256(m, 'hex') },
    { name: 'fastsha256 sha256Many (1024)', kind: 'fastsha256', per: batch, call: () => sha256Many(items, 'hex')[batch - 1] },
    { name: 'fastsha256 sha256Packed (1024)', kind: 'fastsha256', per: batch,
      call: () => { const r = sha256Packed(packed, 14, 14, 'hex'); return latin1(r.subarray(r.length - 64)); } },
    { name: 'await crypto.subtle.digest', kind: 'built-in', per: 1, async: true, call: () => subtleHex(m) },
  ];
  if (withPeers) for (const p of await peers(log)) list.push({ kind: 'peer', per: 1, ...p });
  return { list, flavour };
}

const median = (a) => a.slice().sort((x, y) => x - y)[a.length >> 1];

// Runs `rounds` rounds (after one warm-up round) of `ms` milliseconds per
// contender; returns [{ name, kind, rate (messages/s), rates }].
export async function measure(list, { rounds = 5, ms = 200, onRound = () => {} } = {}) {
  const want = sha256(message, 'hex');
  for (const c of list) {
    const got = c.async ? await c.call() : c.call();
    if (got !== want) throw new Error(`${c.name}: wrong digest ${got}`);
  }
  const rates = list.map(() => []);
  for (let r = 0; r <= rounds; r++) {
    for (let k = 0; k < list.length; k++) {
      const c = list[k];
      let calls = 0, sink = 0;
      const t0 = performance.now();
      let t = t0;
      while (t - t0 < ms) {
        for (let i = 0; i < 64; i++) sink ^= (c.async ? await c.call() : c.call()).charCodeAt(i & 63);
        calls += 64;
        t = performance.now();
      }
      if (r > 0) rates[k].push((calls * c.per) / ((t - t0) / 1000));
      if (sink === 0.5) console.log(sink);
    }
    onRound(r);
    await new Promise((res) => setTimeout(res, 0)); // let the page paint
  }
  return list.map((c, k) => ({ name: c.name, kind: c.kind, rate: median(rates[k]), rates: rates[k] }));
}
