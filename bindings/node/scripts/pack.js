#!/usr/bin/env node
// SPDX-License-Identifier: Apache-2.0 OR MIT
'use strict';
// Builds what the tarball carries, stages it as users install it
// (build/pack-stage: no install script, nothing to build with), then packs it
// (npm run pack, or node scripts/pack.js from bindings/node):
//  - prebuilds/linux-x64/fastsha256.node (Release, with the repository's CMake);
//  - prebuilds/linux-arm64/fastsha256.node, cross-built with Debian's
//    aarch64-linux-gnu-gcc and cmake/aarch64-linux-gnu.cmake when it is there
//    (apt-get install gcc-aarch64-linux-gnu libc6-dev-arm64-cross);
//  - the WebAssembly modules and the generated files (scripts/build-wasm.sh);
// then `npm pack`: fastsha256-<version>.tgz here, which `npm install` takes
// with no compiler and no network. FASTSHA256_PACK_NO_CROSS=1 skips arm64.
const { spawnSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const here = path.resolve(__dirname, '..');
const repo = path.resolve(here, '..', '..');

function run(cmd, args, options = {}) {
  console.log(`pack: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', ...options });
  if (r.error) throw new Error(`cannot run ${cmd}: ${r.error.message}`);
  if (r.status !== 0) throw new Error(`${cmd} failed (exit status ${r.status})`);
}

const has = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;

// One addon: a CMake build of fastsha256_node; returns its file.
function addon(target, extra) {
  const dir = path.join(here, 'build', `pack-${target}`);
  run('cmake', ['-S', repo, '-B', dir, '-DCMAKE_BUILD_TYPE=Release', '-DFASTSHA256_BUILD_NODE=ON',
    '-DFASTSHA256_NODE_STAGE=OFF', '-DFASTSHA256_BUILD_TESTS=OFF', '-DFASTSHA256_BUILD_TOOLS=OFF',
    '-DFASTSHA256_BUILD_BENCH=OFF', '-DFASTSHA256_BUILD_PYTHON=OFF', ...extra]);
  run('cmake', ['--build', dir, '--target', 'fastsha256_node', '-j', '2']);
  return path.join(dir, 'bindings', 'node', 'fastsha256.node');
}

// The files an installed package uses, and nothing to build it with: the
// entries, lib/ (sources and generated), the modules, the prebuilt addons,
// the README and the licence texts.
function runtimeFiles() {
  const top = ['index.js', 'index.mjs', 'index.d.ts', 'browser.mjs', 'browser.d.ts', 'workerd.mjs', 'README.md'];
  const lib = fs.readdirSync(path.join(here, 'lib')).filter((f) => /\.(js|mjs)$/.test(f)).map((f) => `lib/${f}`);
  const wasm = ['wasm/fastsha256-simd.wasm', 'wasm/fastsha256-mvp.wasm'];
  for (const f of wasm)
    if (!fs.existsSync(path.join(here, f))) throw new Error(`${f} is missing (scripts/build-wasm.sh builds it)`);
  return [...top, ...lib, ...wasm];
}

// The package.json users get: no install script (a prebuilt addon or the
// WebAssembly build serves; nothing is built at install) and no scripts of
// the source tree's.
function stagedManifest() {
  const manifest = JSON.parse(fs.readFileSync(path.join(here, 'package.json'), 'utf8'));
  delete manifest.scripts;
  manifest.files = ['index.js', 'index.mjs', 'index.d.ts', 'browser.mjs', 'browser.d.ts', 'workerd.mjs', 'lib/',
    'wasm/*.wasm', 'prebuilds/', 'README.md', 'LICENSE-*'];
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

/** Copies the package as users install it into dir; addons: { target: file }. */
function stage(dir, addons) {
  fs.rmSync(dir, { recursive: true, force: true });
  for (const rel of runtimeFiles()) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.copyFileSync(path.join(here, rel), path.join(dir, rel));
  }
  for (const name of fs.readdirSync(repo).filter((f) => /^LICENSE/.test(f)))
    fs.copyFileSync(path.join(repo, name), path.join(dir, name));
  for (const [target, file] of Object.entries(addons)) {
    fs.mkdirSync(path.join(dir, 'prebuilds', target), { recursive: true });
    fs.copyFileSync(file, path.join(dir, 'prebuilds', target, 'fastsha256.node'));
  }
  fs.writeFileSync(path.join(dir, 'package.json'), stagedManifest());
}

function main() {
  const at = process.argv.indexOf('--stage');
  if (at > 0) { // node scripts/pack.js --stage DIR [--addon FILE]: the staged folder only (test/tarball.sh)
    const addon = process.argv.indexOf('--addon');
    stage(path.resolve(process.argv[at + 1]),
      addon > 0 ? { [`${process.platform}-${process.arch}`]: process.argv[addon + 1] } : {});
    return;
  }
  const api = ['-DFASTSHA256_NODE_API_INCLUDE_DIR=/usr/include/node'];
  const headers = fs.existsSync('/usr/include/node/node_api.h') ? api : [];
  const addons = {};
  const native = `${process.platform}-${process.arch}`;
  addons[native] = addon(native, headers);
  if (process.env.FASTSHA256_PACK_NO_CROSS !== '1' && process.arch !== 'arm64') {
    if (has('aarch64-linux-gnu-gcc') && headers.length)
      addons['linux-arm64'] = addon('linux-arm64',
        [...headers, `-DCMAKE_TOOLCHAIN_FILE=${path.join(repo, 'cmake', 'aarch64-linux-gnu.cmake')}`]);
    else
      console.log('pack: no aarch64-linux-gnu-gcc (or node_api.h): the tarball has no linux-arm64 addon');
  }
  run('bash', [path.join(here, 'scripts', 'build-wasm.sh'), path.join(here, 'build', 'wasm32')]);
  const dir = path.join(here, 'build', 'pack-stage');
  stage(dir, addons);
  run('npm', ['pack', '--pack-destination', here], { cwd: dir });
  const { version } = JSON.parse(fs.readFileSync(path.join(here, 'package.json'), 'utf8'));
  console.log(`pack: ${path.join(here, `fastsha256-${version}.tgz`)}`);
}

try { main(); } catch (err) { console.error(`pack: ${err.message}`); process.exit(1); }
