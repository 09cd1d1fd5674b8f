// SPDX-License-Identifier: Apache-2.0 OR MIT
// Hardening of the JavaScript binding (second outside review): detached
// inputs of async work, elements read once, number and name checks,
// node:crypto's hex and SharedArrayBuffer rules, memory freed at digest().
// Runs under Node, Bun and Deno like fastsha256.test.mjs (test/run.sh).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { Buffer } from 'node:buffer';
import fastsha256 from '../index.mjs';

const f = fastsha256;
const runtime = typeof Deno !== 'undefined' ? 'deno' : typeof Bun !== 'undefined' ? 'bun' : 'node';
// node:crypto's digest: hex, or a Buffer with enc null.
const sha = (alg, data, enc = 'hex') => crypto.createHash(alg).update(data).digest(enc ?? undefined);
const mac = (alg, key, data, enc = 'hex') => crypto.createHmac(alg, key).update(data).digest(enc ?? undefined);

// The ways a runtime detaches an ArrayBuffer; each returns the buffer that
// now owns the memory (written to at once, as a reader of freed or reused
// memory would see).
const detachers = [['structuredClone', (ab) => structuredClone(ab, { transfer: [ab] })]];
if (typeof ArrayBuffer.prototype.transfer === 'function')
  detachers.push(['ArrayBuffer#transfer', (ab) => ab.transfer()]);

function bigBytes(n, seed) {
  const b = new Uint8Array(n);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < n; i += 4) {
    x ^= x << 13; x ^= x >>> 17; x ^= x << 5;
    b[i] = x; b[i + 1] = x >>> 8; b[i + 2] = x >>> 16; b[i + 3] = x >>> 24;
  }
  return b;
}

describe(`fastsha256 hardening under ${runtime}`, () => {
  // Tens of MiB hashed several times: more than Bun's 5 s default on a loaded machine.
  test('async batches hash the bytes as they were at the call, when the input is detached', { timeout: 120000 }, async () => {
    const stride = 4096;
    const size = 8 << 20;
    for (const [how, detach] of detachers) {
      const jobs = [
        ['sha256PackedAsync', (b) => f.sha256PackedAsync(b, stride, stride, 'hex'),
          (b) => f.sha256Packed(b, stride, stride, 'hex')],
        ['hmacPackedAsync', (b) => f.hmacPackedAsync('k', b, stride, stride, 'hex'),
          (b) => f.hmacPacked('k', b, stride, stride, 'hex')],
        ...[['sha256ManyAsync', f.sha256ManyAsync, f.sha256Many],
          ['sha224ManyAsync', f.sha224ManyAsync, f.sha224Many]].map(([name, run, ref]) => [name,
          (b) => run([b.subarray(0, size / 2), 'text', b.subarray(size / 2)], 'hex'),
          (b) => ref([b.subarray(0, size / 2), 'text', b.subarray(size / 2)], 'hex')]),
        ...[['hmacManyAsync', f.hmacManyAsync, f.hmacMany],
          ['hmac224ManyAsync', f.hmac224ManyAsync, f.hmac224Many]].map(([name, run, ref]) => [name,
          (b) => run('key', [b.subarray(7, size / 2), b.subarray(size / 2)], 'base64'),
          (b) => ref('key', [b.subarray(7, size / 2), b.subarray(size / 2)], 'base64')]),
      ];
      for (const [name, run, ref] of jobs) {
        const input = bigBytes(size, name.length * 7 + how.length);
        const want = ref(input);
        const promise = run(input);
        const moved = new Uint8Array(detach(input.buffer));
        assert.equal(input.byteLength, 0, `${how} detached the input of ${name}`);
        moved.fill(0xa5); // the memory the work would read if it had not copied it
        const got = await promise;
        assert.deepEqual(got, want, `${name} after ${how}`);
      }
    }
  });

  test('async batches hash the bytes as they were at the call, when the input changes', { timeout: 120000 }, async () => {
    for (const [name, run, ref] of [
      ['sha256PackedAsync', (b) => f.sha256PackedAsync(b, 512, 500), (b) => f.sha256Packed(b, 512, 500)],
      ['sha256ManyAsync', (b) => f.sha256ManyAsync([b, b.subarray(1)]), (b) => f.sha256Many([b, b.subarray(1)])],
      ['hmacManyAsync', (b) => f.hmacManyAsync(b.subarray(0, 64), [b]), (b) => f.hmacMany(b.subarray(0, 64), [b])],
    ]) {
      const input = bigBytes(32 << 20, name.length);
      const want = ref(input);
      const promise = run(input);
      input.fill(0); // while the work runs
      assert.deepEqual(await promise, want, name);
    }
  });

  test('an element that is a different string the second time it is read is read once', () => {
    // Short first, long after (and the other way round): each element is
    // read exactly once, and that value is hashed.
    for (const [first, later] of [['ab', 'x'.repeat(100000)], ['y'.repeat(70000), 'c']]) {
      for (const [name, run, ref] of [
        ['sha256Many', (a) => f.sha256Many(a, 'hex'), (s) => sha('sha256', s)],
        ['sha224Many', (a) => f.sha224Many(a), (s) => sha('sha224', s, null)],
        ['hmacMany', (a) => f.hmacMany('k', a, 'hex'), (s) => mac('sha256', 'k', s)],
      ]) {
        const items = ['one', 'two', 'three'];
        let reads = 0;
        Object.defineProperty(items, 1, { get: () => (reads++ === 0 ? first : later) });
        const got = run(items);
        assert.equal(reads, 1, `${name} reads the element once`);
        assert.deepEqual(got, ['one', first, 'three'].map(ref), name);
      }
    }
  });

  test('reading an element may call the batches again (getters and Proxy traps)', async () => {
    const inner = ['inner one', 'inner two is longer', 'x'.repeat(300)];
    const innerWant = inner.map((s) => sha('sha256', s));
    const outer = ['alpha', 'beta', 'gamma', 'delta', 'epsilon'];
    const check = (name, items, got, ref) =>
      assert.deepEqual(got, items.map(ref), name);
    const reenter = () => assert.deepEqual(f.sha256Many(inner, 'hex'), innerWant);
    const withGetter = () => {
      const a = outer.slice();
      Object.defineProperty(a, 2, { get: () => { reenter(); return 'gamma'; } });
      return a;
    };
    const withProxy = () => new Proxy(outer.slice(), {
      get(target, key, recv) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reenter();
        return Reflect.get(target, key, recv);
      },
    });
    for (const make of [withGetter, withProxy]) {
      check(`sha256Many ${make.name}`, outer, f.sha256Many(make(), 'hex'), (s) => sha('sha256', s));
      check(`sha224Many ${make.name}`, outer, f.sha224Many(make(), 'hex'), (s) => sha('sha224', s));
      check(`hmacMany ${make.name}`, outer, f.hmacMany('k', make(), 'hex'), (s) => mac('sha256', 'k', s));
      check(`hmac224Many ${make.name}`, outer, f.hmac224Many('k', make()), (s) => mac('sha224', 'k', s, null));
      check(`sha256ManyAsync ${make.name}`, outer, await f.sha256ManyAsync(make(), 'hex'), (s) => sha('sha256', s));
      check(`hmacManyAsync ${make.name}`, outer, await f.hmacManyAsync('k', make(), 'hex'), (s) => mac('sha256', 'k', s));
      // A mixed batch (strings and Buffers) goes through the Array path.
      const mixed = make();
      const values = outer.map((s, i) => (i === 3 ? Buffer.from(s) : s));
      mixed[3] = values[3];
      check(`sha256Many mixed ${make.name}`, values, f.sha256Many(mixed, 'hex'), (s) => sha('sha256', s));
    }
  });

  test('sizes: Infinity, 2**63, 1e300, NaN, negatives and fractions are RangeErrors', async () => {
    const buf = Buffer.alloc(64, 1);
    const bad = [Infinity, -Infinity, 2 ** 63, 2 ** 64, 1e300, -1e300, NaN, -1, -0.5, 0.5, 1.5,
      2 ** 53, Number.MAX_VALUE, -Number.MIN_VALUE, Number.MIN_VALUE];
    for (const v of bad) {
      const what = `${v}`;
      for (const [name, call] of [
        ['sha256Packed stride', () => f.sha256Packed(buf, v, 1)],
        ['sha256Packed length', () => f.sha256Packed(buf, 64, v)],
        ['hmacPacked stride', () => f.hmacPacked('k', buf, v, 1)],
        ['hmacPacked length', () => f.hmacPacked('k', buf, 64, v)],
      ]) {
        assert.throws(call, (e) => e instanceof RangeError && e.code === 'ERR_OUT_OF_RANGE' &&
          /out of range/.test(e.message) &&
          e.message.includes(Number.isNaN(v) ? 'NaN' : Number.isFinite(v) ? '' : 'Infinity'),
        `${name} ${what}`);
      }
      await assert.rejects(f.sha256PackedAsync(buf, v, 1), { name: 'RangeError' }, what);
      await assert.rejects(f.hmacPackedAsync('k', buf, 64, v), { name: 'RangeError' }, what);
    }
    for (const v of ['1', 1n, null, undefined, {}])
      assert.throws(() => f.sha256Packed(buf, v, 1), { name: 'TypeError', code: 'ERR_INVALID_ARG_TYPE' });
    // The largest exact integer is in range (no records fit such a stride).
    assert.deepEqual(f.sha256Packed(buf, 2 ** 53 - 1, 0), Buffer.alloc(0));
    assert.deepEqual(f.sha256Packed(buf, 32, -0, 'hex'), f.sha256Packed(buf, 32, 0, 'hex'));
  });

  test('timingSafeEqual compares SharedArrayBuffers and views on them, as node:crypto does', () => {
    if (typeof SharedArrayBuffer === 'undefined') return;
    const a = new SharedArrayBuffer(16), b = new SharedArrayBuffer(16);
    const cases = [[a, b], [new Uint8Array(a), b], [a, new ArrayBuffer(16)],
      [new Uint32Array(a), new Uint8Array(b)], [new DataView(a), Buffer.alloc(16)]];
    // (Deno's own node:crypto throws for a SharedArrayBuffer: expected values here.)
    for (const [x, y] of cases) assert.equal(f.timingSafeEqual(x, y), true);
    new Uint8Array(b)[15] = 1;
    for (const [x, y] of [[a, b], [new Uint8Array(a), b], [b, new Uint8Array(16)]])
      assert.equal(f.timingSafeEqual(x, y), false);
    assert.equal(f.timingSafeEqual(b, b), true);
    assert.throws(() => f.timingSafeEqual(a, new SharedArrayBuffer(17)),
      { name: 'RangeError', code: 'ERR_CRYPTO_TIMING_SAFE_EQUAL_LENGTH' });
  });

  test('update(text, "hex") with an odd number of digits throws like node:crypto', () => {
    const sameThrow = (ours, theirs, what) => {
      let want;
      try { theirs(); } catch (e) { want = e; }
      assert.ok(want, `node:crypto throws for ${what}`);
      assert.throws(ours, (e) => e.name === want.name && e.code === want.code &&
        e.message === want.message, what);
    };
    for (const text of ['abc', 'a', 'ABCDE', 'ab cd', '0'.repeat(1001), 'zzz']) {
      for (const enc of ['hex', 'HEX']) {
        sameThrow(() => f.createHash('sha256').update(text, enc),
          () => crypto.createHash('sha256').update(text, enc), `Hash ${text.length} ${enc}`);
        sameThrow(() => f.createHmac('sha224', 'k').update(text, enc),
          () => crypto.createHmac('sha224', 'k').update(text, enc), `Hmac ${text.length} ${enc}`);
      }
    }
    // An even number: what Buffer.from decodes (invalid digits end it), as node:crypto.
    for (const text of ['', 'ab', 'AbCd', 'zz', 'abzz', '12 4', '0'.repeat(1000)]) {
      assert.equal(f.createHash('sha256').update(text, 'hex').digest('hex'),
        crypto.createHash('sha256').update(text, 'hex').digest('hex'), text);
      assert.equal(f.createHmac('sha256', 'k').update(text, 'hex').digest('hex'),
        crypto.createHmac('sha256', 'k').update(text, 'hex').digest('hex'), text);
    }
    // Hex keys are decoded as node:crypto decodes them (no length check there).
    for (const key of ['abc', 'zz', 'a'])
      assert.equal(f.createHmac('sha256', key, { encoding: 'hex' }).update('m').digest('hex'),
        crypto.createHmac('sha256', key, { encoding: 'hex' }).update('m').digest('hex'), key);
    // The object stays usable after the error, as in node:crypto.
    const h = f.createHash('sha256');
    assert.throws(() => h.update('abc', 'hex'), { code: 'ERR_INVALID_ARG_VALUE' });
    assert.equal(h.update('abcd', 'hex').digest('hex'), sha('sha256', Buffer.from('abcd', 'hex')));
  });

  test('encodings that are not primitive strings: digest converts them, update reads UTF-8', () => {
    const hexObject = new String('hex');
    const toBase64 = { toString: () => 'base64' };
    for (const [make, ref] of [[() => f.createHash('sha256'), () => crypto.createHash('sha256')],
      [() => f.createHmac('sha224', 'k'), () => crypto.createHmac('sha224', 'k')]]) {
      assert.equal(make().update('abc').digest(hexObject), ref().update('abc').digest('hex'));
      assert.equal(make().update('abc').digest(toBase64), ref().update('abc').digest('base64'));
      // node:crypto's natives read a string in a non-string encoding as UTF-8.
      for (const enc of [hexObject, new String('base64'), 5, {}])
        assert.equal(make().update('abcd', enc).digest('hex'), ref().update('abcd').digest('hex'), String(enc));
      // Its odd-length check sees a String object 'hex' all the same.
      assert.throws(() => make().update('abc', hexObject),
        { name: 'TypeError', code: 'ERR_INVALID_ARG_VALUE', message: /Received \[String: 'hex'\]/ });
      // A toString that throws reaches the caller, as in node:crypto.
      assert.throws(() => make().update('a').digest({ toString() { throw new Error('xyz'); } }), /xyz/);
    }
  });

  test('createHash options.outputLength: only the digest size, as node:crypto for SHA-2', () => {
    const sameThrow = (ours, theirs, what) => {
      let want;
      try { theirs(); } catch (e) { want = e; }
      assert.ok(want, `node:crypto throws for ${what}`);
      assert.throws(ours, (e) => e.name === want.name && e.code === want.code &&
        (runtime !== 'node' || e.message === want.message), what);
    };
    assert.equal(f.createHash('sha256', { outputLength: 32 }).update('a').digest('hex'), sha('sha256', 'a'));
    assert.equal(f.createHash('sha224', { outputLength: 28 }).update('a').digest('hex'), sha('sha224', 'a'));
    assert.equal(f.createHash('sha256', { outputLength: undefined }).digest('hex'), sha('sha256', ''));
    assert.equal(f.createHash('sha256', 5).digest('hex'), sha('sha256', ''));
    assert.throws(() => f.createHash('sha256', { outputLength: 28 }),
      { name: 'Error', code: 'ERR_OSSL_EVP_NOT_XOF_OR_INVALID_LENGTH' });
    if (runtime !== 'node') return; // Bun's and Deno's node:crypto word and check these their own way
    for (const [alg, length] of [['sha256', 28], ['sha256', 0], ['sha256', 64], ['sha224', 32], ['sha256', -1],
      ['sha256', 1.5], ['sha256', '32'], ['sha256', null], ['sha256', 2 ** 32], ['SHA-256', 31]])
      sameThrow(() => f.createHash(alg, { outputLength: length }),
        () => crypto.createHash(alg, { outputLength: length }), `${alg} ${length}`);
  });

  test('argument errors say what they received as node:crypto 20 does', { skip: runtime !== 'node' }, () => {
    const same = (ours, theirs, what) => {
      let want, got;
      try { theirs(); } catch (e) { want = e; }
      try { ours(); } catch (e) { got = e; }
      assert.ok(want && got, what);
      assert.deepEqual([got.name, got.code, got.message], [want.name, want.code, want.message], what);
    };
    const values = [undefined, null, 1, -0, 1.5, true, 10n, Symbol('s'), {}, [], Object.create(null),
      function named() {}, () => {}, 'x'.repeat(40), "it's"];
    for (const v of values) {
      const what = typeof v === 'symbol' || (typeof v === 'object' && v !== null) ? typeof v : String(v);
      if (typeof v !== 'string') {
        same(() => f.createHash(v), () => crypto.createHash(v), `createHash(${what})`);
        same(() => f.createHmac(v, 'k'), () => crypto.createHmac(v, 'k'), `createHmac(${what})`);
      }
      if (typeof v !== 'string') same(() => f.createHmac('sha256', v), () => crypto.createHmac('sha256', v), `key ${what}`);
      same(() => f.timingSafeEqual(v, Buffer.alloc(1)), () => crypto.timingSafeEqual(v, Buffer.alloc(1)), `tse ${what}`);
      same(() => f.timingSafeEqual(Buffer.alloc(1), v), () => crypto.timingSafeEqual(Buffer.alloc(1), v), `tse2 ${what}`);
    }
    same(() => f.createHash(), () => crypto.createHash(), 'createHash()');
    // update()'s data: the same "Received" words (fastsha256 also takes ArrayBuffers, and says so).
    for (const v of values.filter((x) => typeof x !== 'string')) {
      let want;
      try { crypto.createHash('sha256').update(v); } catch (e) { want = e.message.replace(/.*Received /, ''); }
      assert.throws(() => f.createHash('sha256').update(v), (e) => e.code === 'ERR_INVALID_ARG_TYPE' &&
        e.message.endsWith(`Received ${want}`), String(typeof v));
    }
  });

  test('names with a NUL inside are rejected: setBackend, encodings', () => {
    const before = f.backend();
    for (const name of ['scalar\0junk', 'scalar\0', 'auto\0', '\0scalar', 'shani\0x'])
      assert.throws(() => f.setBackend(name), (e) => e.code === 'ERR_FASTSHA256_BACKEND' &&
        /Unknown or unsupported fastsha256 backend/.test(e.message), JSON.stringify(name));
    assert.equal(f.backend(), before, 'a rejected name leaves the backend as it was');
    assert.equal(f.setBackend('scalar'), 'scalar');
    assert.equal(f.setBackend('auto'), before);
    for (const call of [() => f.sha256('x', 'hex\0junk'), () => f.hmac('k', 'x', 'hex\0'),
      () => f.sha256Many(['x'], 'base64\0x'), () => f.sha256Packed(Buffer.alloc(4), 4, 4, 'hex\0'),
      () => f.createHash('sha256').digest('hex\0junk')])
      assert.throws(call, { name: 'TypeError', code: 'ERR_INVALID_ARG_VALUE', message: /encoding/ });
  });

  // A long loop on a loaded machine: more than the runners' default timeouts.
  test('digest() frees the state: a synchronous loop of 300,000 hashes keeps RSS flat', { timeout: 240000 }, () => {
    // No await inside: a finalizer would run only after the loop.
    const loop = (n) => {
      let sink = 0;
      for (let i = 0; i < n; i++) {
        sink ^= f.createHash('sha256').update('abc').digest()[i & 31];
        sink ^= f.createHmac('sha256', 'key').update('abc').digest()[i & 31];
      }
      return sink;
    };
    // Bun's collector lets plain JS garbage (the objects and their Buffers)
    // pile up over a loop without an await; a synchronous collection at both
    // ends leaves what is still held, which is what this test is about (Node
    // and Deno need none: freed-at-digest memory shows there as it is).
    const collect = typeof Bun !== 'undefined' ? () => Bun.gc(true) : () => {};
    loop(20000); // warm-up: JIT, heap sizes
    collect();
    const before = process.memoryUsage().rss;
    loop(300000);
    collect();
    const grown = (process.memoryUsage().rss - before) / 1048576;
    assert.ok(grown < 30, `RSS grew by ${grown.toFixed(1)} MiB over 300,000 Hash and Hmac objects`);
  });

  test('after digest(): Hash throws ERR_CRYPTO_HASH_FINALIZED, Hmac gives empty results', () => {
    const h = f.createHash('sha224').update('a');
    const c = h.copy();
    assert.equal(h.digest('hex'), sha('sha224', 'a'));
    for (const call of [() => h.digest(), () => h.update('b'), () => h.copy()])
      assert.throws(call, { code: 'ERR_CRYPTO_HASH_FINALIZED', message: 'Digest already called' });
    assert.equal(c.update('b').digest('hex'), sha('sha224', 'ab'), 'a copy lives on its own');
    const m = f.createHmac('sha256', 'k');
    m.digest();
    assert.deepEqual(m.digest(), Buffer.alloc(0));
    assert.equal(m.digest('hex'), '');
    assert.throws(() => m.update('b'), { code: 'ERR_CRYPTO_HASH_FINALIZED' });
    for (const other of [{}, m, null, Object.create(f.Hash.prototype), new Proxy(h, {})])
      assert.throws(() => f.Hash.prototype.update.call(other, 'x'), { name: 'TypeError', code: 'ERR_INVALID_THIS' });
    assert.throws(() => f.Hmac.prototype.digest.call(h), { name: 'TypeError', code: 'ERR_INVALID_THIS' });
  });
});
