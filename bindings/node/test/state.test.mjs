// SPDX-License-Identifier: Apache-2.0 OR MIT
// Saved states: hash.exportState() and fromState() in Go's format,
// against node:crypto, the Go-made states of test/vectors/go-states.txt and
// every backend; errors in node:crypto's words. Run by test/run.sh under
// Node, Bun and Deno, with the addon and with FASTSHA256_IMPL=wasm.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { Buffer } from 'node:buffer';
import { fileURLToPath } from 'node:url';
import fastsha256 from '../index.mjs';
import { fromState as namedFromState } from '../index.mjs';
import { randInt, randBytes, ref } from './helpers.mjs';

const f = fastsha256;
const vectorsFile = fileURLToPath(new URL('../../../test/vectors/go-states.txt', import.meta.url));
const edges = [0, 1, 55, 56, 57, 63, 64, 65, 127, 128, 129, 192, 256, 1000];

function goVectors() {
  const unhex = (h) => (h === '-' ? Buffer.alloc(0) : Buffer.from(h, 'hex'));
  return fs.readFileSync(vectorsFile, 'latin1').split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [alg, prefix, state, suffix, digest] = line.split(' ');
      return { alg, prefix: unhex(prefix), state: unhex(state), suffix: unhex(suffix), digest };
    });
}

// A hash of data fed in uneven pieces (stale bytes in its buffer).
function fedInPieces(alg, data) {
  const h = f.createHash(alg);
  for (let at = 0; at < data.length;) {
    const n = 1 + randInt(100);
    h.update(data.subarray(at, at + n));
    at += n;
  }
  return h;
}

const code = (c) => (err) => err.code === c;
const shared = (bytes) => {
  const sab = new SharedArrayBuffer(bytes.length);
  new Uint8Array(sab).set(bytes);
  return sab;
};

describe(`saved states (${f.implementation})`, () => {
  test('round trips at the split points framing can get wrong', () => {
    for (const alg of ['sha256', 'sha224']) {
      for (const split of edges) {
        for (const extra of [0, 1, 63, 64, 65, 200]) {
          const msg = randBytes(split + extra);
          const state = fedInPieces(alg, msg.subarray(0, split)).exportState();
          assert.ok(Buffer.isBuffer(state) || state instanceof Uint8Array);
          assert.equal(state.length, 108);
          const h = f.fromState(state).update(msg.subarray(split));
          assert.equal(h.digest('hex'), ref(alg, msg, 'hex'), `${alg} split ${split} + ${extra}`);
        }
      }
    }
  });

  test("Go's states, both ways", () => {
    const rows = goVectors();
    assert.equal(rows.length, 18);
    for (const { alg, prefix, state, suffix, digest } of rows) {
      const mine = f.createHash(alg).update(prefix).exportState();
      assert.equal(Buffer.from(mine).toString('hex'), state.toString('hex'), `${alg} prefix ${prefix.length}`);
      assert.equal(f.fromState(state).update(suffix).digest('hex'), digest);
    }
  });

  test('every binary type is a state; the named export, Hash.fromState and fromState agree', () => {
    const msg = randBytes(300);
    const state = f.createHash('sha256').update(msg.subarray(0, 100)).exportState();
    const want = ref('sha256', msg, 'hex');
    const copy = new Uint8Array(state);
    for (const s of [state, copy, copy.buffer, new DataView(copy.buffer), Buffer.from(state),
      new Uint8Array([0, ...copy, 0]).subarray(1, 109), shared(copy)]) {
      assert.equal(f.fromState(s).update(msg.subarray(100)).digest('hex'), want);
    }
    assert.equal(namedFromState(state).update(msg.subarray(100)).digest('hex'), want);
    assert.equal(f.Hash.fromState(state).update(msg.subarray(100)).digest('hex'), want);
    assert.ok(f.fromState(state) instanceof f.Hash);
  });

  test('exported under one backend, continued under another', () => {
    const msg = randBytes(777);
    const want = ref('sha256', msg, 'hex');
    try {
      for (const a of f.backends()) {
        for (const b of f.backends()) {
          f.setBackend(a);
          const state = f.createHash('sha256').update(msg.subarray(0, 300)).exportState();
          f.setBackend(b);
          assert.equal(f.fromState(state).update(msg.subarray(300)).digest('hex'), want, `${a} to ${b}`);
        }
      }
    } finally {
      f.setBackend('auto');
    }
  });

  test('exporting leaves the hash as it was; copies continue on their own', () => {
    const h = f.createHash('sha224').update('x'.repeat(70));
    const state = h.exportState();
    assert.deepEqual(h.exportState(), state);
    const twin = f.fromState(state);
    twin.copy().update('!');
    assert.equal(h.update('more').digest('hex'), ref('sha224', Buffer.from('x'.repeat(70) + 'more'), 'hex'));
    assert.equal(twin.digest('hex'), ref('sha224', Buffer.from('x'.repeat(70)), 'hex'));
  });

  test('a digested hash does not export', () => {
    const h = f.createHash('sha256').update('abc');
    h.digest();
    assert.throws(() => h.exportState(), code('ERR_CRYPTO_HASH_FINALIZED'));
    assert.throws(() => f.Hash.prototype.exportState.call({}), code('ERR_INVALID_THIS'));
  });

  test('foreign states are refused: ERR_INVALID_ARG_VALUE, ERR_INVALID_ARG_TYPE', () => {
    const good = Buffer.from(f.createHash('sha256').update('y'.repeat(70)).exportState());
    const dirty = Buffer.from(good);
    dirty[4 + 32 + 6] = 1; // past the 6 buffered bytes
    const bad = [good.subarray(0, 107), Buffer.concat([good, Buffer.alloc(1)]), Buffer.alloc(0),
      Buffer.concat([Buffer.from('sha\x01', 'latin1'), good.subarray(4)]),
      Buffer.concat([Buffer.from('md5\x03', 'latin1'), good.subarray(4)]), dirty, Buffer.alloc(108),
      Buffer.alloc(1 << 20)];
    for (const state of bad) {
      assert.throws(() => f.fromState(state), (err) => err.code === 'ERR_INVALID_ARG_VALUE' &&
        err instanceof TypeError && /The argument 'state' is not a saved SHA-256 or SHA-224 state/.test(err.message));
    }
    for (const state of ['sha\x03', undefined, null, 108, {}, [1, 2, 3], good.toString('hex')]) {
      assert.throws(() => f.fromState(state), (err) => err.code === 'ERR_INVALID_ARG_TYPE' &&
        err instanceof TypeError && /The "state" argument must be an instance of Buffer/.test(err.message));
    }
    assert.throws(() => f.fromState(), code('ERR_INVALID_ARG_TYPE'));
  });

  test('HMAC objects have no saved state', () => {
    assert.equal(typeof f.createHmac('sha256', 'k').exportState, 'undefined');
  });
});
