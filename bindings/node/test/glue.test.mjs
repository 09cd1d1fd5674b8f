// SPDX-License-Identifier: Apache-2.0 OR MIT
// The WebAssembly glue's fast paths give what node:crypto gives (and the
// native addon, which runs this file too): exact encoding names and the
// names an object inherits, short strings copied by a loop up to their first
// non-ASCII unit, batch slices joined when all strings, batches mixing bytes
// and short strings, and results after the module's memory grows.
// Runs under Node, Bun and Deno like fastsha256.test.mjs (test/run.sh).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { Buffer } from 'node:buffer';
import { createRequire } from 'node:module';
import fastsha256 from '../index.mjs';

const require = createRequire(import.meta.url);
const f = fastsha256;
const sha = (alg, data, enc = 'hex') => crypto.createHash(alg).update(data).digest(enc);
const mac = (alg, key, data) => crypto.createHmac(alg, key).update(data).digest('hex');
const units = ['é', '€', '😀', '\ud800', '\udc00', '\x7f', '\x80', '\u07ff', '\u0800', '\uffff'];

test('encoding names: exact, any case, and names every object inherits', () => {
  const names = { hex: 'hex', base64: 'base64', base64url: 'base64url', latin1: 'latin1', binary: 'latin1' };
  for (const [name, as] of Object.entries(names)) {
    for (const spelled of [name, name.toUpperCase(), name[0].toUpperCase() + name.slice(1)]) {
      assert.equal(f.sha256('abc', spelled), sha('sha256', 'abc', as), spelled);
      assert.equal(f.sha224('abc', spelled), sha('sha224', 'abc', as), spelled);
      assert.equal(f.createHash('sha256').update('abc').digest(spelled), sha('sha256', 'abc', as), spelled);
      assert.deepEqual(f.sha256Many(['abc', 'de'], spelled), ['abc', 'de'].map((m) => sha('sha256', m, as)));
    }
  }
  for (const spelled of ['buffer', 'BUFFER', 'Buffer'])
    assert.deepEqual(Buffer.from(f.sha256('abc', spelled)), sha('sha256', 'abc', 'buffer'));
  for (const bad of ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf', 'hex ', 'hexx', ''])
    assert.throws(() => f.sha256('abc', bad), {
      name: 'TypeError', code: 'ERR_INVALID_ARG_VALUE',
      message: `The "encoding" argument must be one of 'hex', 'base64', 'base64url', 'latin1', 'binary' or ` +
        `'buffer'. Received '${bad}'`,
    }, JSON.stringify(bad));
  assert.throws(() => f.sha256('abc', 7), { name: 'TypeError', code: 'ERR_INVALID_ARG_TYPE' });
});

// Every length 0..70 (around the loop's limit), all ASCII or with one
// non-ASCII unit (pairs, lone surrogates) first, in the middle or last.
function shortStrings() {
  const out = [];
  for (let n = 0; n <= 70; n++) {
    const ascii = Array.from({ length: n }, (_, i) => String.fromCharCode(32 + ((i * 7 + n) % 95))).join('');
    out.push(ascii);
    if (n === 0) continue;
    for (const [k, u] of units.entries()) {
      const at = [0, n >> 1, n - 1][k % 3];
      out.push(ascii.slice(0, at) + u + ascii.slice(at + 1));
    }
  }
  return out;
}

test('short strings, ASCII and not: one-shot, update, HMAC, keys', () => {
  for (const s of shortStrings()) {
    const want = sha('sha256', s);
    assert.equal(f.sha256(s, 'hex'), want, JSON.stringify(s));
    assert.equal(f.sha256(s, 'base64'), sha('sha256', s, 'base64'), JSON.stringify(s));
    assert.equal(f.sha224(s, 'hex'), sha('sha224', s), JSON.stringify(s));
    assert.equal(f.createHash('sha256').update(s).update(s).digest('hex'),
      sha('sha256', Buffer.from(s + s)), JSON.stringify(s));
    assert.equal(f.hmac(s, s, 'hex'), mac('sha256', s, s), JSON.stringify(s));
  }
});

test('batches of strings: all ASCII, one non-ASCII item in any slice, lone surrogates', () => {
  const strings = shortStrings();
  assert.deepEqual(f.sha256Many(strings, 'hex'), strings.map((s) => sha('sha256', s)));
  for (const at of [0, 1, 255, 256, 257, 600, 999]) {
    for (const u of ['é', '\ud800', '😀']) {
      const items = Array.from({ length: 1000 }, (_, i) => `item ${i} of the batch`);
      items[at] = items[at].slice(0, 3) + u + items[at].slice(3);
      const want = items.map((s) => sha('sha256', s));
      assert.deepEqual(f.sha256Many(items, 'hex'), want, `${JSON.stringify(u)} at ${at}`);
      assert.deepEqual(f.sha224Many(items, 'base64'), items.map((s) => sha('sha224', s, 'base64')));
      assert.deepEqual(f.hmacMany('k', items, 'hex'), items.map((s) => mac('sha256', 'k', s)));
      // Bytes first: the array path, whose later slices are all strings.
      const mixed = [Buffer.from('bytes'), ...items];
      assert.deepEqual(f.sha256Many(mixed, 'hex'), mixed.map((s) => sha('sha256', s)), `mixed, at ${at}`);
    }
  }
});

test('batches of strings longer than one crossing joined, ASCII or not, with long items', () => {
  const items = Array.from({ length: 3000 }, (_, i) => String(i).padEnd(100 + (i % 700), '.'));
  for (const [at, u] of [[-1, ''], [2500, 'é'], [10, '\ud83d'], [1500, '😀']]) {
    const list = items.slice();
    if (at >= 0) list[at] = u + list[at];
    list[700] = 'L'.repeat((1 << 20) + 3); // hashed on its own, streamed
    assert.deepEqual(f.sha256Many(list, 'hex'), list.map((s) => sha('sha256', s)), `at ${at}`);
    assert.deepEqual(f.hmac224Many('k', list, 'hex').slice(2490), list.slice(2490).map((s) => mac('sha224', 'k', s)));
  }
});

test('batches of bytes followed by short strings (the data area is not moved mid-slice)', () => {
  for (const n of [100, 4000, 4093, 5000, 10000, 100000]) {
    for (const tail of [['a'], ['b', 'c', 'd'], ['é'], ['x'.repeat(40)], ['']]) {
      const items = [Buffer.alloc(n, 1), ...tail];
      assert.deepEqual(f.sha256Many(items, 'hex'), items.map((x) => sha('sha256', x)), `${n} then ${tail}`);
      assert.deepEqual(f.hmacMany('k', items, 'hex'), items.map((x) => mac('sha256', 'k', x)));
    }
  }
});

// A fresh instance of the WebAssembly natives (whatever index.mjs loaded),
// its memory grown before each call: growing detaches the old buffer, so
// every view the glue keeps must be renewed before it is used.
test('every output after the memory grows between calls', () => {
  const natives = require('../lib/wasm.js').wasmNatives();
  const flat = (list) => Buffer.from(list.join(''));
  const calls = [
    [() => natives.sha256('abc', 'hex'), sha('sha256', 'abc')],
    [() => natives.sha256('é'.repeat(50), 'hex'), sha('sha256', 'é'.repeat(50))],
    [() => natives.sha256('x'.repeat(500), 'hex'), sha('sha256', 'x'.repeat(500))],
    [() => natives.sha224(Buffer.from('abc'), 'base64url'), sha('sha224', 'abc', 'base64url')],
    [() => Buffer.from(natives.sha256('abc')), sha('sha256', 'abc', 'buffer')],
    [() => natives.sha256('abc', 'latin1'), sha('sha256', 'abc', 'latin1')],
    [() => natives.hmac256('key', 'abc', 'hex'), mac('sha256', 'key', 'abc')],
    [() => Buffer.from(natives.manyJoined256('abcde', [3, 2], 2, 'hex')), flat([sha('sha256', 'abc'), sha('sha256', 'de')])],
    [() => Buffer.from(natives.manyArray256(['ab', Buffer.from('c')], 'hex')), flat([sha('sha256', 'ab'), sha('sha256', 'c')])],
    [() => Buffer.from(natives.sha256Packed(Buffer.from('abcabc'), 3, 3, 'hex')), flat([sha('sha256', 'abc'), sha('sha256', 'abc')])],
  ];
  for (let round = 0; round < 2; round++) {
    for (const [i, [call, want]] of calls.entries()) {
      const before = natives.memory.buffer.byteLength;
      natives.memory.grow(1);
      assert.ok(natives.memory.buffer.byteLength > before);
      assert.deepEqual(call(), want, `call ${i} after a grow`);
      assert.deepEqual(call(), want, `call ${i} again`);
    }
  }
});
