// SPDX-License-Identifier: Apache-2.0 OR MIT
// The npm peers of the JS rows, loaded from the folder that
// bench/install-js-peers.sh fills ($FASTSHA256_JS_PEERS, else
// bench/.js-peers): each one a synchronous call m -> lowercase hex of the
// SHA-256 of the string m, as its users write it.
//   hash-wasm     the sync hasher of createSHA256(): init, update(m), digest("hex")
//   noble         @noble/hashes 2.x: bytesToHex(sha256(utf8ToBytes(m)))
//   aws-crypto    @aws-crypto/sha256-js: new Sha256(), update(m), digestSync(), hex
//   js-sha256     js-sha256/build/sha256.js (its default entry under Node,
//                 Bun and Deno wraps node:crypto; this one is its pure JS)
import { createRequire } from "node:module";
import { pathToFileURL, fileURLToPath } from "node:url";

export const peerNames = ["hash-wasm", "noble", "aws-crypto", "js-sha256"];
export const peerPackages = {
  "hash-wasm": "hash-wasm", noble: "@noble/hashes", "aws-crypto": "@aws-crypto/sha256-js",
  "js-sha256": "js-sha256",
};
export const peerLabels = {
  "hash-wasm": "hash-wasm createSHA256() sync hasher",
  noble: "@noble/hashes sha256 + bytesToHex",
  "aws-crypto": "@aws-crypto/sha256-js digestSync + hex",
  "js-sha256": "js-sha256 (pure-JS build)",
};

export function peersDir() {
  let env;
  try { env = process.env.FASTSHA256_JS_PEERS; } catch { env = undefined; }
  return env || fileURLToPath(new URL("../.js-peers/", import.meta.url));
}

const table = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));
export function toHex(bytes) {
  let s = "";
  for (let i = 0; i < bytes.length; i++) s += table[bytes[i]];
  return s;
}

async function load(name, req0, dir) {
  // Only the folder's own copy: Bun, finding no node_modules, would fetch
  // the package from the registry by itself (its auto-install).
  const req = (spec) => req0(req.resolve(spec));
  req.resolve = (spec) => {
    const file = req0.resolve(spec);
    if (!file.startsWith(dir)) throw new Error(`resolved outside the folder: ${file}`);
    return file;
  };
  const esm = (spec) => import(pathToFileURL(req.resolve(spec)).href);
  if (name === "hash-wasm") {
    const { createSHA256 } = await esm("hash-wasm/dist/index.esm.js");
    const h = await createSHA256();
    return (m) => { h.init(); h.update(m); return h.digest("hex"); };
  }
  if (name === "noble") {
    const { sha256 } = await esm("@noble/hashes/sha2.js");
    const { bytesToHex, utf8ToBytes } = await esm("@noble/hashes/utils.js");
    return (m) => bytesToHex(sha256(utf8ToBytes(m)));
  }
  if (name === "aws-crypto") {
    const { Sha256 } = req("@aws-crypto/sha256-js");
    return (m) => { const h = new Sha256(); h.update(m); return toHex(h.digestSync()); };
  }
  if (name === "js-sha256") {
    const sha256 = req("js-sha256/build/sha256.js");
    return (m) => sha256(m);
  }
  throw new Error(`unknown peer ${name}`);
}

// The peer's call, or { missing: reason } when its package cannot be loaded.
export async function loadPeer(name, dir = peersDir()) {
  const folder = dir.endsWith("/") ? dir : dir + "/";
  try {
    return { call: await load(name, createRequire(pathToFileURL(folder).href), folder) };
  } catch (err) {
    return { missing: `${peerPackages[name] ?? name} not loadable from ${dir} ` +
      `(bench/install-js-peers.sh installs it): ${String(err.message).split("\n")[0]}` };
  }
}
