// SPDX-License-Identifier: Apache-2.0 OR MIT
// A thin driver of a fastsha256 wasm module's raw exports (EXPORTS.md), for
// the tests and the measurements: copies bytes in and results out. Not the
// npm package's API (bindings/node has that).
import { readFileSync } from "node:fs";

export function loadModule(path) {
  const module = new WebAssembly.Module(readFileSync(path));
  const instance = new WebAssembly.Instance(module, {});
  return new Driver(instance.exports);
}

export class Driver {
  constructor(exports) {
    this.x = exports;
  }
  // A fresh view each time: memory.grow (inside alloc) detaches the old one.
  get bytes() {
    return new Uint8Array(this.x.memory.buffer);
  }
  get words() {
    return new Uint32Array(this.x.memory.buffer);
  }
  alloc(size) {
    const p = this.x.fastsha256_wasm_alloc(size) >>> 0;
    if (p === 0) throw new Error(`fastsha256_wasm_alloc(${size}) failed`);
    return p;
  }
  free(p) {
    this.x.fastsha256_wasm_free(p);
  }
  put(data) {
    const p = this.alloc(data.length);
    this.bytes.set(data, p);
    return p;
  }
  get(p, n) {
    return Buffer.from(this.bytes.slice(p, p + n));
  }
  string(p) {
    const b = this.bytes;
    let end = p;
    while (b[end]) end++;
    return Buffer.from(b.subarray(p, end)).toString("latin1");
  }
  cstring(s) {
    return this.put(Buffer.from(s + "\0", "latin1"));
  }
  // Calls fn(dataPtr, outPtr) with data copied in; returns outSize bytes.
  withData(data, outSize, fn) {
    const d = this.put(data), out = this.alloc(outSize);
    fn(d, data.length, out);
    const r = this.get(out, outSize);
    this.free(d);
    this.free(out);
    return r;
  }
  hash(data, size = 32) {
    const f = size === 32 ? this.x.fastsha256 : this.x.fastsha224;
    return this.withData(data, size, (d, n, out) => f(d, n, out));
  }
  hex(data, size = 32) {
    const f = size === 32 ? this.x.fastsha256_hex : this.x.fastsha224_hex;
    const text = this.withData(data, 2 * size + 1, (d, n, out) => f(d, n, out));
    if (text[2 * size] !== 0) throw new Error("hex: no NUL");
    return text.subarray(0, 2 * size).toString("latin1");
  }
  // Pointer and length arrays for a batch; returns [msgs, lens, buffers].
  putBatch(messages) {
    const msgs = this.alloc(4 * messages.length), lens = this.alloc(4 * messages.length);
    const buffers = messages.map((m) => this.put(m));
    const w = this.words;
    buffers.forEach((p, i) => {
      w[msgs / 4 + i] = p;
      w[lens / 4 + i] = messages[i].length;
    });
    return [msgs, lens, buffers];
  }
  freeAll(...ptrs) {
    for (const p of ptrs.flat()) this.free(p);
  }
  many(messages, size = 32) {
    const [msgs, lens, buffers] = this.putBatch(messages);
    const out = this.alloc(size * messages.length);
    (size === 32 ? this.x.fastsha256_many : this.x.fastsha224_many)(msgs, lens, messages.length, out);
    const r = messages.map((_, i) => this.get(out + size * i, size));
    this.freeAll(msgs, lens, buffers, out);
    return r;
  }
  strided(base, stride, len, n) {
    const b = this.put(base), out = this.alloc(32 * n);
    this.x.fastsha256_many_strided(b, stride, len, n, out);
    const r = Array.from({ length: n }, (_, i) => this.get(out + 32 * i, 32));
    this.freeAll(b, out);
    return r;
  }
  hexMany(digests) {
    const d = this.put(Buffer.concat(digests)), out = this.alloc(65 * digests.length);
    this.x.fastsha256_to_hex_many(d, digests.length, out);
    const r = digests.map((_, i) => this.string(out + 65 * i));
    this.freeAll(d, out);
    return r;
  }
  // Streaming: the message in the given pieces.
  stream(pieces, size = 32) {
    const ctx = this.alloc(this.x.fastsha256_wasm_ctx_size());
    (size === 32 ? this.x.fastsha256_init : this.x.fastsha224_init)(ctx);
    for (const piece of pieces) {
      const p = this.put(piece);
      this.x.fastsha256_update(ctx, p, piece.length);
      this.free(p);
    }
    const out = this.alloc(32);
    this.x.fastsha256_final(ctx, out);
    const r = this.get(out, size);
    this.freeAll(ctx, out);
    return r;
  }
  // Streams several messages at once, round by round through update_many.
  streamMany(rounds, count) {
    const ctxSize = this.x.fastsha256_wasm_ctx_size();
    const ctxs = Array.from({ length: count }, () => this.alloc(ctxSize));
    ctxs.forEach((c) => this.x.fastsha256_init(c));
    const table = this.alloc(4 * count);
    ctxs.forEach((c, i) => (this.words[table / 4 + i] = c));
    for (const pieces of rounds) {
      const [data, lens, buffers] = this.putBatch(pieces);
      this.x.fastsha256_update_many(table, data, lens, count);
      this.freeAll(data, lens, buffers);
    }
    const out = this.alloc(32);
    const r = ctxs.map((c) => (this.x.fastsha256_final(c, out), this.get(out, 32)));
    this.freeAll(ctxs, table, out);
    return r;
  }
  hmac(key, msg, size = 32) {
    const k = this.put(key), m = this.put(msg), out = this.alloc(32);
    (size === 32 ? this.x.fastsha256_hmac : this.x.fastsha224_hmac)(k, key.length, m, msg.length, out);
    const r = this.get(out, size);
    this.freeAll(k, m, out);
    return r;
  }
  // A key object, then the streaming HMAC over pieces and hmac_many over msgs.
  hmacKeyed(key, pieces, msgs, size = 32) {
    const kb = this.put(key), k = this.alloc(this.x.fastsha256_wasm_hmac_key_size());
    (size === 32 ? this.x.fastsha256_hmac_key_init : this.x.fastsha224_hmac_key_init)(k, kb, key.length);
    const c = this.alloc(this.x.fastsha256_wasm_hmac_ctx_size()), out = this.alloc(32);
    this.x.fastsha256_hmac_init(c, k);
    for (const piece of pieces) {
      const p = this.put(piece);
      this.x.fastsha256_hmac_update(c, p, piece.length);
      this.free(p);
    }
    this.x.fastsha256_hmac_final(c, out);
    const streamed = this.get(out, size);
    const [mp, lp, buffers] = this.putBatch(msgs);
    const tags = this.alloc(32 * msgs.length);
    this.x.fastsha256_hmac_many(k, mp, lp, msgs.length, tags);
    const batch = msgs.map((_, i) => this.get(tags + 32 * i, 32));
    this.x.fastsha256_hmac_key_wipe(k);
    this.freeAll(kb, k, c, out, mp, lp, buffers, tags);
    return { streamed, batch };
  }
  backend() {
    return this.string(this.x.fastsha256_backend());
  }
  hexBackend() {
    return this.string(this.x.fastsha256_hex_backend());
  }
  setBackend(name) {
    const p = this.cstring(name);
    const rc = this.x.fastsha256_set_backend(p);
    this.free(p);
    return rc;
  }
  backends(all = false) {
    const slots = this.alloc(4 * 16);
    const n = (all ? this.x.fastsha256_all_backends : this.x.fastsha256_backends)(slots, 16);
    const r = Array.from({ length: n }, (_, i) => this.string(this.words[slots / 4 + i]));
    this.free(slots);
    return r;
  }
}
