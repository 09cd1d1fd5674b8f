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
  return { ok: failures.length === 0 && checked > 500, checked, failures, flavour: f.flavour, backend: f.backend() };
}
