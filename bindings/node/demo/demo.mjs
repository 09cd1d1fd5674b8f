// The demo page's workload: the seed message hashed to hex by fastsha256's
// WebAssembly build (per call, sha256Many, sha256Packed) and by
// crypto.subtle.digest, each for about half a second, drawn as bars.
import { init, sha256, sha256Many, sha256Packed, backend } from '../browser.mjs';

const message = 'Hello world!!!';
const bytes = new TextEncoder().encode(message);

const toHex = (buf) => Array.from(new Uint8Array(buf), (b) => b.toString(16).padStart(2, '0')).join('');

// Messages per second of run(count) -> messages done, over ~budget ms.
async function measure(run, budget = 500) {
  await run(1);
  let count = 1, done = 0, spent = 0;
  while (spent < budget) {
    const t = performance.now();
    done += await run(count);
    spent += performance.now() - t;
    count *= 2;
  }
  return (done / spent) * 1000;
}

const batch = Array(1024).fill(message);
const packed = new Uint8Array(14 * 1024);
for (let i = 0; i < 1024; i++) packed.set(bytes, 14 * i);

const rows = [
  ['fastsha256 sha256(m, "hex")', false, (n) => { for (let i = 0; i < n; i++) sha256(message, 'hex'); return n; }],
  ['fastsha256 sha256Many (1024)', false, (n) => { for (let i = 0; i < n; i++) sha256Many(batch, 'hex'); return 1024 * n; }],
  ['fastsha256 sha256Packed (1024)', false, (n) => { for (let i = 0; i < n; i++) sha256Packed(packed, 14, 14, 'hex'); return 1024 * n; }],
  ['await crypto.subtle.digest + hex', true, async (n) => {
    for (let i = 0; i < n; i++) toHex(await crypto.subtle.digest('SHA-256', bytes));
    return n;
  }],
];

function draw(results) {
  const max = Math.max(...results.map((r) => r.rate));
  document.getElementById('chart').innerHTML = results.map((r) => `<div class="row"><span>${r.name}</span>` +
    `<div class="bar${r.peer ? ' peer' : ''}" style="width:${(100 * r.rate / max).toFixed(1)}%"></div>` +
    `<span class="value">${(r.rate / 1e6).toFixed(3)} M/s</span></div>`).join('');
}

async function main() {
  await init();
  const results = [];
  for (const [name, peer, run] of rows) {
    results.push({ name, peer, rate: await measure(run) });
    draw(results);
  }
  const subtle = results[results.length - 1].rate;
  document.getElementById('note').textContent = `fastsha256 backend ${backend()}; sha256Many is ` +
    `${(results[1].rate / subtle).toFixed(0)}x crypto.subtle per message. ${navigator.userAgent}`;
  document.body.dataset.done = '1';
}

main().catch((err) => { document.getElementById('note').textContent = `error: ${err.message}`; document.body.dataset.done = '1'; });
