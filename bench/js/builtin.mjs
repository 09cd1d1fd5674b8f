// SPDX-License-Identifier: Apache-2.0 OR MIT
// fastsha256-bench JS peer: each runtime's fastest built-in one-call hex
// SHA-256 of the 14-byte message "Hello world!!!".
//   <runtime> builtin.mjs COUNT REPS STYLE
// STYLE: crypto.hash         node:crypto's crypto.hash("sha256", m) (Node >= 20.12, Bun, Deno)
//        Bun.SHA256.hash     Bun.SHA256.hash(m, "hex")
//        Bun.CryptoHasher    new Bun.CryptoHasher("sha256").update(m).digest("hex")
// Output (a JSON line) and timing loop: harness.mjs.
import crypto from "node:crypto";
import { args, message as m, missing, run } from "./harness.mjs";

const style = args[2] ?? "crypto.hash";
if (style === "crypto.hash") {
  if (typeof crypto.hash !== "function") {
    missing("crypto.hash is missing in this runtime (Node >= 20.12 has it)");
  }
  run(style, () => crypto.hash("sha256", m));
} else if (style === "Bun.SHA256.hash") {
  run(style, () => Bun.SHA256.hash(m, "hex"));
} else if (style === "Bun.CryptoHasher") {
  run(style, () => new Bun.CryptoHasher("sha256").update(m).digest("hex"));
} else {
  console.log(`unknown style ${style}`);
  process.exit(2);
}
