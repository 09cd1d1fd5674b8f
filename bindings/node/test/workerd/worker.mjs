// SPDX-License-Identifier: Apache-2.0 OR MIT
// Run by `workerd test` (test/workerd/run.sh): the package's workerd entry
// hashes the NIST vectors (vectors.json, from test/vectors) and a few
// known answers of every call kind.
import f from './fastsha256/workerd.mjs';
import vectors from './vectors.json';

function check(what, got, want) {
  if (got !== want) throw new Error(`${what}: got ${got}, want ${want}`);
}

const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
const fromHex = (text) => new Uint8Array(text.match(/../g) || []).map((_, i) => parseInt(text.substr(2 * i, 2), 16));

export default {
  async test() {
    check('implementation', f.implementation, 'wasm');
    let n = 0;
    for (const [alg, msgHex, md] of vectors) {
      const msg = fromHex(msgHex);
      check(`${alg} ${msgHex.length / 2} bytes`, alg === 'sha256' ? f.sha256(msg, 'hex') : f.sha224(msg, 'hex'), md);
      check(`${alg} streaming`, f.createHash(alg).update(msg.subarray(0, 3)).update(msg.subarray(3)).digest('hex'), md);
      n++;
    }
    const batch = vectors.filter((v) => v[0] === 'sha256');
    check('sha256Many', f.sha256Many(batch.map((v) => fromHex(v[1])), 'hex').join(), batch.map((v) => v[2]).join());
    check('hmac (RFC 4231 case 2)', f.hmac('Jefe', 'what do ya want for nothing?', 'hex'),
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843');
    check('sha256Packed', hex(f.sha256Packed(new TextEncoder().encode('abcabc'), 3, 3)).slice(0, 64),
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    if (n < 100) throw new Error(`only ${n} vectors`);
    console.log(`workerd: ${n} vectors ok (${f.flavour}, backend ${f.backend()})`);
  },
};
