#!/usr/bin/env node
// SPDX-License-Identifier: Apache-2.0 OR MIT
'use strict';
// Writes the package's generated files (git-ignored; scripts/build-wasm.sh
// runs this after building the modules, as the CMake build and npm run pack do):
//  - lib/<name>.mjs: the ES-module copy of each lib/<name>.js source that
//    browser.mjs, workerd.mjs and lib/node-wasm.mjs import;
//  - lib/wasm-<flavour>.js and .mjs: wasm/fastsha256-<flavour>.wasm as base64,
//    so no runtime (Deno without --allow-read, a browser, a bundler) reads a
//    file; only where the module has been built.
//   node scripts/gen-wasm.js           write them
//   node scripts/gen-wasm.js --check   exit 1 when one is missing or stale
const fs = require('fs');
const path = require('path');

const here = path.resolve(__dirname, '..');
const banner = (from) => `// Made by scripts/gen-wasm.js from ${from} at build time (git-ignored): do not edit.\n`;
const twins = ['errors', 'args', 'node-env', 'natives', 'wasm-errors', 'wasm-natives', 'wasm-batch', 'wasm-kdf', 'kdf', 'wasm-tree', 'tree', 'tree-stream', 'api'];

// CommonJS to an ES module, for the plain forms the sources use:
// `const X = require('./y.js');` and `module.exports = X;`.
function toModule(source, from) {
  let n = 0;
  const body = source
    .replace(/^const (.+?) = require\('\.\/([\w-]+)\.js'\);$/gm, (_, lhs, name) => {
      const id = `imported${n++}`;
      return `import ${id} from './${name}.mjs';\nconst ${lhs} = ${id};`;
    })
    .replace(/^module\.exports = (.+);$/m, 'export default $1;');
  if (/\brequire\(|module\.exports/.test(body)) throw new Error(`${from}: a form toModule does not handle`);
  return banner(from) + body;
}

function outputs() {
  const out = new Map();
  for (const name of twins) {
    const from = `lib/${name}.js`;
    out.set(`lib/${name}.mjs`, toModule(fs.readFileSync(path.join(here, from), 'utf8'), from));
  }
  for (const flavour of ['simd', 'mvp']) {
    const from = `wasm/fastsha256-${flavour}.wasm`;
    const file = path.join(here, from);
    if (!fs.existsSync(file)) {
      if (process.argv.includes('--check'))
        throw new Error(`${from} is missing (bindings/node/scripts/build-wasm.sh builds it)`);
      continue;
    }
    const b64 = fs.readFileSync(file).toString('base64');
    out.set(`lib/wasm-${flavour}.js`, `${banner(from)}module.exports = '${b64}';\n`);
    out.set(`lib/wasm-${flavour}.mjs`, `${banner(from)}export default '${b64}';\n`);
  }
  return out;
}

function main() {
  const check = process.argv.includes('--check');
  const stale = [];
  for (const [rel, text] of outputs()) {
    const file = path.join(here, rel);
    const old = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
    if (old === text) continue;
    if (check) stale.push(rel);
    else fs.writeFileSync(file, text);
  }
  if (stale.length) {
    console.error(`fastsha256: stale or missing generated files: ${stale.join(', ')}\n` +
      '  run: bindings/node/scripts/build-wasm.sh (the CMake build runs it)');
    process.exit(1);
  }
  console.log(check ? 'fastsha256: generated files are up to date' : 'fastsha256: generated files written');
}

try { main(); } catch (err) { console.error(`fastsha256: ${err.message}`); process.exit(1); }
