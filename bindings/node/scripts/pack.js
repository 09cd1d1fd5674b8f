#!/usr/bin/env node
'use strict';
// Builds what the tarball carries, then packs it (npm run pack, or
// node scripts/pack.js from bindings/node):
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

// One addon: a CMake build of fastsha256_node into prebuilds/<target>/.
function addon(target, extra) {
  const dir = path.join(here, 'build', `pack-${target}`);
  run('cmake', ['-S', repo, '-B', dir, '-DCMAKE_BUILD_TYPE=Release', '-DFASTSHA256_BUILD_NODE=ON',
    '-DFASTSHA256_NODE_STAGE=OFF', '-DFASTSHA256_BUILD_TESTS=OFF', '-DFASTSHA256_BUILD_TOOLS=OFF',
    '-DFASTSHA256_BUILD_BENCH=OFF', '-DFASTSHA256_BUILD_PYTHON=OFF', ...extra]);
  run('cmake', ['--build', dir, '--target', 'fastsha256_node', '-j', '2']);
  const out = path.join(here, 'prebuilds', target);
  fs.mkdirSync(out, { recursive: true });
  fs.copyFileSync(path.join(dir, 'bindings', 'node', 'fastsha256.node'), path.join(out, 'fastsha256.node'));
  console.log(`pack: prebuilds/${target}/fastsha256.node`);
}

function main() {
  const api = ['-DFASTSHA256_NODE_API_INCLUDE_DIR=/usr/include/node'];
  const headers = fs.existsSync('/usr/include/node/node_api.h') ? api : [];
  if (process.platform === 'linux' && process.arch === 'x64') addon('linux-x64', headers);
  else addon(`${process.platform}-${process.arch}`, headers);
  if (process.env.FASTSHA256_PACK_NO_CROSS !== '1' && process.arch !== 'arm64') {
    if (has('aarch64-linux-gnu-gcc') && headers.length)
      addon('linux-arm64', [...headers, `-DCMAKE_TOOLCHAIN_FILE=${path.join(repo, 'cmake', 'aarch64-linux-gnu.cmake')}`]);
    else
      console.log('pack: no aarch64-linux-gnu-gcc (or node_api.h): the tarball has no linux-arm64 addon');
  }
  run('bash', [path.join(here, 'scripts', 'build-wasm.sh'), path.join(here, 'build', 'wasm32')]);
  run('npm', ['pack'], { cwd: here });
  const { version } = JSON.parse(fs.readFileSync(path.join(here, 'package.json'), 'utf8'));
  console.log(`pack: ${path.join(here, `fastsha256-${version}.tgz`)}`);
}

try { main(); } catch (err) { console.error(`pack: ${err.message}`); process.exit(1); }
