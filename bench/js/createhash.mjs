// SPDX-License-Identifier: Apache-2.0 OR MIT
// fastsha256-bench JS peer: the seed's synchronous snippet,
//   crypto.createHash("sha256").update(m).digest("hex")
// for the 14-byte message "Hello world!!!", timed with performance.now().
// Runs unchanged on node, bun and deno (node:crypto).
//
// usage: <runtime> createhash.mjs [count=5000000] [reps=5]
// Output (a JSON line), timing loop and untimed warm-up: harness.mjs.
import crypto from "node:crypto";
import { message as m, run } from "./harness.mjs";

run("createHash", () => crypto.createHash("sha256").update(m).digest("hex"));
