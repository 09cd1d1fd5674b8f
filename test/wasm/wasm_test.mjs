// SPDX-License-Identifier: Apache-2.0 OR MIT
// Correctness of one wasm module (ctest wasm.simd, wasm.mvp) through its raw
// exports: the NIST CAVP and extra vectors, RFC 4231, and a differential
// against node:crypto (every length 0..300 and some large ones, batches of
// 1..300 messages, streaming with random splits, HMAC), on every backend the
// module has.
//   node --test test/wasm/wasm_test.mjs   with FASTSHA256_WASM_MODULE,
//   FASTSHA256_WASM_FLAVOUR (simd|mvp) and FASTSHA256_VECTORS set.
import { test } from "node:test";
import assert from "node:assert/strict";
import crypto from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { loadModule } from "./module.mjs";

const modulePath = process.env.FASTSHA256_WASM_MODULE;
const flavour = process.env.FASTSHA256_WASM_FLAVOUR;
const vectors = process.env.FASTSHA256_VECTORS;
assert.ok(modulePath && flavour && vectors, "FASTSHA256_WASM_MODULE, _FLAVOUR, FASTSHA256_VECTORS");
const m = loadModule(modulePath);
const backendsHere = flavour === "simd" ? ["simd128", "scalar"] : ["scalar"];

// A seeded generator (xorshift32): failures reproduce.
let seed = 0x9e3779b9;
function rand(n) {
  seed ^= seed << 13;
  seed >>>= 0;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  seed >>>= 0;
  return seed % n;
}
function randomBytes(n) {
  const b = Buffer.alloc(n);
  for (let i = 0; i < n; i++) b[i] = rand(256);
  return b;
}
const sha = (size, data) => crypto.createHash(size === 32 ? "sha256" : "sha224").update(data).digest();
const hmacRef = (size, key, data) =>
  crypto.createHmac(size === 32 ? "sha256" : "sha224", key).update(data).digest();
// Random split points of data into pieces (some empty).
function split(data) {
  const pieces = [];
  for (let i = 0; i < data.length; ) {
    const n = rand(4) === 0 ? 0 : 1 + rand(Math.min(data.length - i, 150));
    pieces.push(data.subarray(i, i + n));
    i += n;
  }
  pieces.push(data.subarray(data.length));
  return pieces;
}

// NIST CAVP .rsp records: a list of {field: value} objects per [L=..] section.
function rspRecords(file) {
  const records = [];
  let current = null, section = null;
  for (const line of readFileSync(join(vectors, "nist-cavp", file), "latin1").split(/\r?\n/)) {
    const header = /^\[L ?= ?(\d+)\]/.exec(line);
    if (header) section = Number(header[1]);
    const field = /^(\w+) = (\S*)/.exec(line);
    if (!field) continue;
    if (field[1] === "Len" || field[1] === "Count" || field[1] === "COUNT" || field[1] === "Seed")
      records.push((current = { L: section }));
    current[field[1]] = field[2];
  }
  return records;
}

test("the module's backends", () => {
  assert.equal(m.backend(), backendsHere[0]);
  assert.equal(m.hexBackend(), flavour === "simd" ? "simd128" : "portable");
  assert.deepEqual(m.backends(), backendsHere);
  assert.deepEqual(m.backends(true), backendsHere);
  assert.equal(m.setBackend("shani"), -1);
  assert.match(m.string(m.x.fastsha256_version()), /^\d+\.\d+\.\d+$/);
  assert.equal(m.x.fastsha256_env_backend_ignored(), 0);
  assert.equal(m.x.fastsha256_wasm_ctx_size(), 112);
  assert.equal(m.x.fastsha256_wasm_hmac_key_size(), 72);
  assert.equal(m.x.fastsha256_wasm_hmac_ctx_size(), 144);
});

test("the allocator: 16-byte aligned, reused, grows memory, fails cleanly", () => {
  const a = m.alloc(0), b = m.alloc(1), c = m.alloc(100000);
  for (const p of [a, b, c]) assert.equal(p % 16, 0);
  assert.ok(new Set([a, b, c]).size === 3);
  m.free(b);
  assert.equal(m.alloc(1), b, "a freed block of the same class is reused");
  const pages = m.x.memory.buffer.byteLength / 65536;
  const big = m.alloc(8 << 20);
  assert.ok(m.x.memory.buffer.byteLength / 65536 > pages, "memory grew");
  m.bytes.fill(7, big, big + (8 << 20)); // the whole block is addressable
  assert.equal(m.x.fastsha256_wasm_alloc(0xfffffff0) >>> 0, 0);
  assert.equal(m.x.fastsha256_wasm_alloc(-1) >>> 0, 0);
  m.x.fastsha256_wasm_free(0);
  m.x.fastsha256_wasm_free(12345); // not a block: ignored
  m.freeAll(a, b, c, big);
  m.free(big); // a second free: ignored
  assert.notEqual(m.alloc(8 << 20), 0);
});

for (const backend of backendsHere) {
  const on = (name, fn) =>
    test(`${name} [${backend}]`, () => {
      assert.equal(m.setBackend(backend), 0);
      assert.equal(m.backend(), backend);
      fn();
      m.x.fastsha256_reset_backend();
    });

  for (const [file, size] of [
    ["SHA256ShortMsg.rsp", 32], ["SHA256LongMsg.rsp", 32],
    ["SHA224ShortMsg.rsp", 28], ["SHA224LongMsg.rsp", 28],
  ]) {
    on(`NIST ${file}`, () => {
      const recs = rspRecords(file);
      const msgs = recs.map((r) => Buffer.from(r.Len === "0" ? "" : r.Msg, "hex"));
      const want = recs.map((r) => r.MD);
      assert.ok(recs.length > 60);
      msgs.forEach((msg, i) => {
        assert.equal(m.hash(msg, size).toString("hex"), want[i]);
        assert.equal(m.hex(msg, size), want[i]);
        assert.equal(m.stream(split(msg), size).toString("hex"), want[i]);
      });
      assert.deepEqual(m.many(msgs, size).map((d) => d.toString("hex")), want);
    });
  }

  for (const [file, size] of [["SHA256Monte.rsp", 32], ["SHA224Monte.rsp", 28]]) {
    on(`NIST ${file}`, () => {
      const recs = rspRecords(file);
      let seedMd = Buffer.from(recs[0].Seed, "hex");
      for (const r of recs.slice(1, 11)) { // 10 of the 100 checkpoints: 10,000 hashes
        let md = [seedMd, seedMd, seedMd];
        for (let i = 3; i < 1003; i++) md = [md[1], md[2], m.hash(Buffer.concat(md), size)];
        seedMd = md[2];
        assert.equal(seedMd.toString("hex"), r.MD);
      }
    });
  }

  on("NIST HMAC.rsp and RFC 4231", () => {
    const recs = rspRecords("HMAC.rsp");
    assert.ok(recs.length > 100);
    for (const r of recs) {
      const key = Buffer.from(r.Key, "hex"), msg = Buffer.from(r.Msg, "hex"), t = Number(r.Tlen);
      assert.equal(m.hmac(key, msg, r.L).subarray(0, t).toString("hex"), r.Mac);
    }
    const text = readFileSync(join(vectors, "rfc4231.txt"), "latin1");
    let count = 0;
    for (const block of text.split(/\n\s*\n/)) {
      const get = (k) => (new RegExp(`^${k} = (\\S+)`, "m").exec(block) || [])[1];
      if (!get("Key")) continue;
      const key = Buffer.from(get("Key"), "hex"), data = Buffer.from(get("Data"), "hex");
      const cut = Number(get("Truncate") || 64);
      assert.equal(m.hmac(key, data, 28).subarray(0, cut).toString("hex"), get("HMAC-SHA-224"));
      assert.equal(m.hmac(key, data, 32).subarray(0, cut).toString("hex"), get("HMAC-SHA-256"));
      count++;
    }
    assert.equal(count, 7);
  });

  on("extra vectors", () => {
    for (const line of readFileSync(join(vectors, "extra.txt"), "latin1").split("\n")) {
      if (!line || line.startsWith("#")) continue;
      const [spec, want] = line.split(/\s+/);
      let msg;
      if (spec === "-") msg = Buffer.alloc(0);
      else if (spec.startsWith("repeat:")) {
        const [, byte, count] = spec.split(":");
        msg = Buffer.alloc(Number(count), parseInt(byte, 16));
      } else msg = Buffer.from(spec, "hex");
      assert.equal(m.hash(msg).toString("hex"), want);
    }
  });

  on("every length 0..300 and some large ones, vs node:crypto", () => {
    const lengths = [...Array(301).keys(), 1000, 4095, 65536 + 3, (1 << 20) + 63, 3 << 20];
    for (const n of lengths) {
      const data = randomBytes(n);
      for (const size of [32, 28]) {
        const want = sha(size, data);
        assert.deepEqual(m.hash(data, size), want, `length ${n}`);
        assert.equal(m.hex(data, size), want.toString("hex"));
      }
      const bytesHex = m.withData(data, 2 * n + 1, (d, len, out) => m.x.fastsha256_to_hex(d, len, out));
      assert.equal(bytesHex.subarray(0, 2 * n).toString("latin1"), data.toString("hex"));
    }
  });

  on("batches of 1..300 messages, vs node:crypto", () => {
    for (let n = 1; n <= 300; n += n < 40 ? 1 : 7) {
      const msgs = Array.from({ length: n }, () => randomBytes(rand(5) === 0 ? rand(300) : rand(60)));
      for (const size of [32, 28])
        assert.deepEqual(m.many(msgs, size), msgs.map((d) => sha(size, d)), `batch of ${n}`);
      const digests = m.many(msgs);
      assert.deepEqual(m.hexMany(digests), digests.map((d) => d.toString("hex")));
      const len = rand(130), stride = len + rand(20);
      const base = randomBytes(stride * n);
      assert.deepEqual(m.strided(base, stride, len, n),
                       Array.from({ length: n }, (_, i) => sha(32, base.subarray(i * stride, i * stride + len))));
    }
    assert.deepEqual(m.many([]), []);
  });

  on("streaming with random splits, one stream and update_many", () => {
    for (let i = 0; i < 300; i++) {
      const data = randomBytes(rand(i < 200 ? 300 : 5000));
      for (const size of [32, 28]) assert.deepEqual(m.stream(split(data), size), sha(size, data));
    }
    for (const count of [1, 3, 4, 5, 9, 33]) {
      const datas = Array.from({ length: count }, () => randomBytes(rand(700)));
      const rounds = Array.from({ length: 8 }, (_, r) =>
        datas.map((d) => d.subarray(Math.floor((d.length * r) / 8), Math.floor((d.length * (r + 1)) / 8))));
      assert.deepEqual(m.streamMany(rounds, count), datas.map((d) => sha(32, d)));
    }
  });

  on("HMAC: one call, keyed streaming and hmac_many, vs node:crypto", () => {
    for (let i = 0; i < 150; i++) {
      const key = randomBytes(rand(5) === 0 ? 65 + rand(200) : rand(70));
      const msgs = Array.from({ length: 1 + rand(12) }, () => randomBytes(rand(i < 100 ? 200 : 2000)));
      for (const size of [32, 28]) {
        assert.deepEqual(m.hmac(key, msgs[0], size), hmacRef(size, key, msgs[0]));
        const { streamed, batch } = m.hmacKeyed(key, split(msgs[0]), msgs, size);
        assert.deepEqual(streamed, hmacRef(size, key, msgs[0]));
        const pad = Buffer.alloc(32 - size);
        assert.deepEqual(batch, msgs.map((d) => Buffer.concat([hmacRef(size, key, d), pad])));
      }
    }
  });

  on("equal, and NULL with a non-zero length", () => {
    const a = m.put(Buffer.from("abcdef")), b = m.put(Buffer.from("abcdeg"));
    assert.equal(m.x.fastsha256_equal(a, b, 5), 1);
    assert.equal(m.x.fastsha256_equal(a, b, 6), 0);
    assert.equal(m.x.fastsha256_equal(0, b, 6), 0);
    const out = m.alloc(32);
    m.x.fastsha256(0, 5, out); // a caller bug: hashed as empty, never read
    assert.deepEqual(m.get(out, 32), sha(32, Buffer.alloc(0)));
    m.freeAll(a, b, out);
  });
}
