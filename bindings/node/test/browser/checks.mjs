// SPDX-License-Identifier: Apache-2.0 OR MIT
// The browser checks: NIST vectors (/vectors.json), and a differential
// against crypto.subtle: random strings with non-ASCII characters and lone
// surrogates of every length 0..300 and some large ones, batches of 1..3000
// items, and streaming with random splits.
const enc = new TextEncoder();
const hex = (buf) => Array.from(new Uint8Array(buf), (b) => b.toString(16).padStart(2, '0')).join('');
// (WebCrypto has no SHA-224: the NIST vectors cover it, and its streaming
// is checked against its one-shot.)
const subtle = async (bytes) => hex(await crypto.subtle.digest('SHA-256', bytes));
const fromHex = (t) => Uint8Array.from(t.match(/../g) || [], (h) => parseInt(h, 16));

let seed = 0x5eed1234 >>> 0;
function randInt(n) {
  seed ^= seed << 13; seed >>>= 0; seed ^= seed >>> 17; seed ^= seed << 5; seed >>>= 0;
  return seed % n;
}
const pieces = ['a', 'Z', ' ', '\0', 'é', 'ß', '€', '中', '😀', '\u{10FFFF}', '\uD800', '\uDBFF', '\uDC00',
  '\uDFFF', '\u007F', '\u0080', '\u07FF', '\u0800', '\uFFFF'];
function randString(n) {
  let s = '';
  while (s.length < n) s += randInt(3) ? String.fromCharCode(32 + randInt(95)) : pieces[randInt(pieces.length)];
  return s.slice(0, n); // may cut a pair: one more lone surrogate
}

export async function runChecks(f, depth) {
  const failures = [];
  let checked = 0;
  const check = (what, got, want) => {
    checked++;
    if (got !== want && failures.length < 20) failures.push(`${what}: got ${got}, want ${want}`);
  };
  const vectors = await (await fetch('/vectors.json')).json();
  for (const [alg, msgHex, md] of vectors) {
    const msg = fromHex(msgHex);
    check(`${alg} vector ${msg.length}`, (alg === 'sha256' ? f.sha256 : f.sha224)(msg, 'hex'), md);
  }
  const byAlg = vectors.filter((v) => v[0] === 'sha224');
  check('sha224Many vectors', f.sha224Many(byAlg.map((v) => fromHex(v[1])), 'hex').join(), byAlg.map((v) => v[2]).join());
  const lengths = [];
  for (let n = 0; n <= (depth === 'full' ? 300 : 70); n++) lengths.push(n);
  lengths.push(1000, 4096, 65537, depth === 'full' ? 1500000 : 100000);
  for (const n of lengths) {
    const s = randString(n);
    const want = await subtle(enc.encode(s));
    check(`sha256 string ${n}`, f.sha256(s, 'hex'), want);
    check(`sha256 bytes ${n}`, hex(f.sha256(enc.encode(s))), want);
    check(`sha224 string ${n}`, f.sha224(s, 'hex'), hex(f.sha224(enc.encode(s))));
  }
  const sizes = depth === 'full' ? [1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 63, 64, 65, 255, 256, 257, 1000, 3000] : [1, 5, 300];
  for (const n of sizes) {
    const items = Array.from({ length: n }, (_, i) => (i % 3 === 2 ? enc.encode(randString(randInt(120))) : randString(randInt(120))));
    const want = await Promise.all(items.map((x) => subtle(typeof x === 'string' ? enc.encode(x) : x)));
    check(`sha256Many ${n}`, f.sha256Many(items, 'hex').join(), want.join());
    check(`sha256Many ${n} bytes`, f.sha256Many(items).map(hex).join(), want.join());
    check(`sha256ManyAsync ${n}`, (await f.sha256ManyAsync(items, 'hex')).join(), want.join());
  }
  for (let round = 0; round < (depth === 'full' ? 60 : 10); round++) {
    const s = randString(randInt(5000));
    const alg = round % 2 ? 'sha224' : 'sha256';
    const h = f.createHash(alg);
    for (let at = 0; at < s.length;) {
      const n = Math.min(s.length - at, randInt(300));
      // Splitting a surrogate pair changes the text: cut only between code points.
      let end = at + n;
      const c = s.charCodeAt(end - 1);
      if (end < s.length && c >= 0xd800 && c <= 0xdbff) end++;
      h.update(round % 3 ? s.slice(at, end) : enc.encode(s.slice(at, end)));
      at = end;
    }
    check(`streaming ${alg} ${s.length}`, h.digest('hex'),
      alg === 'sha256' ? await subtle(enc.encode(s)) : f.sha224(s, 'hex'));
  }
  const key = await crypto.subtle.importKey('raw', enc.encode('key'), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const tag = hex(await crypto.subtle.sign('HMAC', key, enc.encode('message')));
  check('hmac', f.hmac('key', 'message', 'hex'), tag);
  check('createHmac', f.createHmac('sha256', 'key').update('mess').update('age').digest('hex'), tag);
  check('hmacMany', f.hmacMany('key', ['message', 'message'], 'hex').join(), `${tag},${tag}`);
  check('packed', hex(f.sha256Packed(enc.encode('abcabc'), 3, 3)), (await subtle(enc.encode('abc'))).repeat(2));
  check('digest type', f.sha256('x') instanceof Uint8Array, true);
  checkEntry(f, check);
  await checkStates(f, check);
  return { ok: failures.length === 0 && checked > 500, checked, failures, flavour: f.flavour, backend: f.backend() };
}

// The entry's own surface: the key-derivation calls as named exports (RFC
// 6070-shaped PBKDF2 and RFC 5869 case 1 results, computed with node:crypto),
// digest aliases, and odd-length hex refused as node:crypto refuses it.
function checkEntry(f, check) {
  const hexOf = (u8) => Array.from(new Uint8Array(u8), (b) => b.toString(16).padStart(2, '0')).join('');
  const errorCode = (fn) => { try { fn(); return 'no error'; } catch (e) { return e.code; } };
  check('pbkdf2Sync', hexOf(f.pbkdf2Sync('password', 'salt', 1, 32, 'sha256')),
    '120fb6cffcf8b32c43e7225256c4f837a86548c92ccc35480805987cb70be17b');
  check('pbkdf2Sync RSA-SHA224', hexOf(f.pbkdf2Sync('password', 'salt', 1, 32, 'RSA-SHA224')),
    '3c198cbdb9464b7857966bd05b7bc92bc1cc4e6e63155d4e490557fd85989497');
  check('pbkdf2Many', f.pbkdf2Many(['password'], 'salt', 1, 32, 'sha2-256').map(hexOf).join(),
    '120fb6cffcf8b32c43e7225256c4f837a86548c92ccc35480805987cb70be17b');
  const ikm = fromHex('0b'.repeat(22)), salt = fromHex('000102030405060708090a0b0c'), info = fromHex('f0f1f2f3f4f5f6f7f8f9');
  check('hkdfSync', hexOf(f.hkdfSync('sha256', ikm, salt, info, 42)),
    '3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865');
  check('hkdfSync sha224', hexOf(f.hkdfSync('SHA-224', ikm, salt, info, 42)),
    '2f21cd7cbc818ca5c561b933728e2e08e154a87e1432399a820dee13aa222d0cee6152fa539ab70f8e80');
  for (const name of ['pbkdf2', 'pbkdf2ManyAsync', 'hkdf']) check(`export ${name}`, typeof f[name], 'function');
  check('odd hex (Hash)', errorCode(() => f.createHash('sha256').update('abc', 'hex')), 'ERR_INVALID_ARG_VALUE');
  check('odd hex (Hmac)', errorCode(() => f.createHmac('sha256', 'k').update('abc', 'hex')), 'ERR_INVALID_ARG_VALUE');
  check('even hex', f.createHash('sha256').update('abcd', 'hex').digest('hex'), f.sha256(fromHex('abcd'), 'hex'));
}

// Saved states: Go's own (/go-states.txt, test/vectors/go-states.txt) made
// and continued, a round trip, and the errors of a foreign or spent state.
async function checkStates(f, check) {
  const hexOf = (u8) => Array.from(new Uint8Array(u8), (b) => b.toString(16).padStart(2, '0')).join('');
  const errorCode = (fn) => { try { fn(); return 'no error'; } catch (e) { return e.code; } };
  const bytes = (h) => (h === '-' ? new Uint8Array(0) : fromHex(h));
  const lines = (await (await fetch('/go-states.txt')).text()).split('\n').filter((l) => l && l[0] !== '#');
  check('go states', lines.length, 18);
  for (const line of lines) {
    const [alg, prefix, state, suffix, digest] = line.split(' ');
    const mine = f.createHash(alg).update(bytes(prefix)).exportState();
    check(`exportState ${alg} ${prefix.length / 2}`, mine instanceof Uint8Array && hexOf(mine), state);
    check(`fromState ${alg} ${prefix.length / 2}`, f.fromState(bytes(state)).update(bytes(suffix)).digest('hex'), digest);
  }
  const s = randString(3000);
  const state = f.createHash('sha256').update(s.slice(0, 1234)).exportState();
  check('fromState round trip', f.fromState(state.buffer).update(s.slice(1234)).digest('hex'), f.sha256(s, 'hex'));
  check('foreign state', errorCode(() => f.fromState(state.subarray(1))), 'ERR_INVALID_ARG_VALUE');
  check('state of a wrong type', errorCode(() => f.fromState('sha')), 'ERR_INVALID_ARG_TYPE');
  const spent = f.createHash('sha224');
  spent.digest();
  check('spent hash', errorCode(() => spent.exportState()), 'ERR_CRYPTO_HASH_FINALIZED');
}
