// SPDX-License-Identifier: Apache-2.0 OR MIT
// Leak check: millions of calls (results, errors, hash objects, batches,
// async work) must keep the resident set flat once warmed up.
//   node bindings/node/test/rss.mjs [calls=2000000]
// Exits 1 when RSS grows by more than 64 MiB after the warm-up round.
import fastsha256 from '../index.mjs';
import { Buffer } from 'node:buffer';

const f = fastsha256;
const calls = Number(process.argv[2] ?? 2000000);
const rounds = 5;
const perRound = Math.ceil(calls / rounds);
const long = 'é'.repeat(400) + '\uD800';
const buf = Buffer.alloc(14 * 256, 7);
const items = Array.from({ length: 64 }, (_, i) => (i & 1 ? `item ${i}` : Buffer.from(`b ${i}`)));
const mib = () => process.memoryUsage().rss / 1048576;
const gc = () => { if (typeof globalThis.gc === 'function') globalThis.gc(); };

async function round() {
  let sink = 0;
  for (let i = 0; i < perRound; i++) {
    switch (i & 15) {
      case 0: sink ^= f.sha256('Hello world!!!', 'hex').charCodeAt(3); break;
      case 1: sink ^= f.sha256(long, 'base64').length; break;
      case 2: sink ^= f.sha224(buf.subarray(1, 50))[0]; break;
      case 3: sink ^= f.createHash('sha256').update(long).copy().digest('hex').length; break;
      case 4: try { f.sha256(42); } catch (e) { sink ^= e.message.length; } break;
      case 5: if ((i & 255) === 5) sink ^= f.sha256Many(items, 'hex').length; break;
      case 6: if ((i & 255) === 6) sink ^= f.sha256Packed(buf, 14, 14, 'hex').length; break;
      case 7: if ((i & 4095) === 7) sink ^= (await f.sha256ManyAsync(items, 'hex')).length; break;
      case 8: sink ^= f.hmac('key', 'Hello world!!!', 'hex').charCodeAt(5); break;
      case 9: sink ^= f.hmac224(long, long, 'base64').length; break;
      case 10: sink ^= f.createHmac('sha256', buf).update(long).digest('hex').length; break;
      case 11: try { f.createHmac('sha256', long).update(42); } catch (e) { sink ^= e.message.length; } break;
      case 12: try { f.hmac(null, 'x'); } catch (e) { sink ^= e.message.length; } break;
      case 13: if ((i & 255) === 13) sink ^= f.hmacMany(long, items, 'hex').length; break;
      case 14: if ((i & 255) === 14) sink ^= f.hmacPacked('k', buf, 14, 14, 'hex').length; break;
      case 15: if ((i & 4095) === 15) sink ^= (await f.hmacManyAsync('k', items)).length;
        else sink ^= f.timingSafeEqual(buf.subarray(0, 32), buf.subarray(32, 64)) ? 1 : 0; break;
    }
  }
  return sink;
}

await round(); // warm-up: JIT, pools, caches
gc();
const start = mib();
let end = start;
for (let r = 1; r < rounds; r++) {
  await round();
  gc();
  end = mib();
  console.log(`rss after round ${r}: ${end.toFixed(1)} MiB (start ${start.toFixed(1)} MiB)`);
}
const grown = end - start;
console.log(`${calls} calls: rss grew ${grown.toFixed(1)} MiB`);
if (grown > 64) {
  console.error('fastsha256 rss: the resident set kept growing: a leak?');
  process.exit(1);
}
