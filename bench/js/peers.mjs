// SPDX-License-Identifier: Apache-2.0 OR MIT
// fastsha256-bench JS rows "<runtime> + <peer>": the npm libraries people use
// for SHA-256 in JavaScript, one call per 14-byte message "Hello world!!!".
//   <runtime> peers.mjs COUNT REPS PEER
// PEER: hash-wasm, noble, aws-crypto, js-sha256 (peer-libs.mjs says what
// each call is). A peer that is not installed (bench/install-js-peers.sh)
// prints why and exits 3: fastsha256-bench leaves its row out.
// Output (a JSON line) and timing loop: harness.mjs.
import { args, message as m, missing, run } from "./harness.mjs";
import { loadPeer } from "./peer-libs.mjs";

const name = args[2] ?? "hash-wasm";
const peer = await loadPeer(name);
if (peer.missing) {
  missing(peer.missing);
}
const call = peer.call;
await run(name, () => call(m));
