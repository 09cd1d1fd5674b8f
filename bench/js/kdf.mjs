// SPDX-License-Identifier: Apache-2.0 OR MIT
// fastsha256-bench --kdf, the Node row: crypto.pbkdf2Sync against
// fastsha256's pbkdf2Sync (the addon of this build), PBKDF2-HMAC-SHA256 with a
// 32-byte key, the two alternating call by call, each call timed in this
// process's CPU time (time switched out left out).
//   node kdf.mjs ITERATIONS REPS INDEX_JS [ADDON]
// Prints "fastsha256-bench-kdf<TAB>row<TAB>node VERSION<TAB>peer ms median<TAB>
// peer ms best<TAB>fastsha256 ms median<TAB>fastsha256 ms best"; exit 1 when
// the keys differ.
import { createRequire } from "node:module";
import crypto from "node:crypto";

const [iterArg = "600000", repsArg = "5", indexJs, addon] = process.argv.slice(2);
const iterations = Number(iterArg), reps = Number(repsArg);
if (addon) process.env.FASTSHA256_NODE_ADDON = addon;
const f = createRequire(import.meta.url)(indexJs);
const pw = "correct horse battery staple", salt = "NaCl-and-pepper!";

function cpuMs(fn) {
  const t0 = process.cpuUsage();
  const key = fn();
  const t = process.cpuUsage(t0);
  return [(t.user + t.system) / 1000, key];
}
const stats = (v) => {
  const s = [...v].sort((a, b) => a - b);
  return [s[s.length >> 1], s[0]];
};
const peer = [], ours = [];
for (let r = 0; r < reps; r++) {
  const [tp, kp] = cpuMs(() => crypto.pbkdf2Sync(pw, salt, iterations, 32, "sha256"));
  const [tf, kf] = cpuMs(() => f.pbkdf2Sync(pw, salt, iterations, 32, "sha256"));
  if (!Buffer.from(kp).equals(Buffer.from(kf))) {
    console.log("fastsha256-bench-kdf\tmismatch");
    process.exit(1);
  }
  peer.push(tp);
  ours.push(tf);
}
console.log(["fastsha256-bench-kdf", "row", `node ${process.version}`, ...stats(peer), ...stats(ours)]
  .join("\t"));
