// SPDX-License-Identifier: Apache-2.0 OR MIT
'use strict';
// The NIST CAVP short and long message vectors of SHA-256 and SHA-224 as
// JSON [[algorithm, messageHex, digestHex], ...], for tests that cannot read
// files (workerd, browsers).   node vectors-json.js <repo>/test/vectors
const fs = require('fs');
const path = require('path');

function readVectors(dir) {
  const out = [];
  for (const [file, alg] of [['SHA256ShortMsg', 'sha256'], ['SHA256LongMsg', 'sha256'],
    ['SHA224ShortMsg', 'sha224'], ['SHA224LongMsg', 'sha224']]) {
    const text = fs.readFileSync(path.join(dir, 'nist-cavp', `${file}.rsp`), 'latin1');
    for (const m of text.matchAll(/Len = (\d+)\s+Msg = ([0-9a-f]*)\s+MD = ([0-9a-f]+)/g))
      out.push([alg, m[2].slice(0, Number(m[1]) / 4), m[3]]);
  }
  return out;
}

if (require.main === module) process.stdout.write(JSON.stringify(readVectors(process.argv[2])));
module.exports = { readVectors };
