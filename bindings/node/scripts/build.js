#!/usr/bin/env node
// SPDX-License-Identifier: Apache-2.0 OR MIT
'use strict';
// `npm install` hook: builds build/fastsha256.node with the repository's CMake,
// offline (Node-API headers from the system, e.g. Debian's libnode-dev; no
// node-gyp download). Without the repository around (an installed copy of a
// packed folder), an addon already in build/ is used as it is.
const { spawnSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const here = path.resolve(__dirname, '..');
const repo = path.resolve(here, '..', '..');
const addon = path.join(here, 'build', 'fastsha256.node');
const platform = `${process.platform}-${process.arch}`;
const prebuilt = path.join(here, 'prebuilds', platform, 'fastsha256.node');
const haveRepo = fs.existsSync(path.join(repo, 'include', 'fastsha256.h')) &&
  fs.existsSync(path.join(repo, 'CMakeLists.txt'));

function run(cmd, args) {
  console.log(`fastsha256: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit' });
  if (r.error) throw new Error(`fastsha256: cannot run ${cmd}: ${r.error.message}`);
  if (r.status !== 0) throw new Error(`fastsha256: ${cmd} failed (exit status ${r.status})`);
}

try {
  if (process.env.FASTSHA256_NODE_ADDON) {
    console.log(`fastsha256: using FASTSHA256_NODE_ADDON=${process.env.FASTSHA256_NODE_ADDON}`);
  } else if (haveRepo) {
    const dir = path.join(here, 'build', 'cmake');
    run('cmake', ['-S', repo, '-B', dir, '-DCMAKE_BUILD_TYPE=Release',
      '-DFASTSHA256_BUILD_NODE=ON', '-DFASTSHA256_NODE_STAGE=ON', '-DFASTSHA256_BUILD_TESTS=OFF',
      '-DFASTSHA256_BUILD_TOOLS=OFF', '-DFASTSHA256_BUILD_BENCH=OFF']);
    run('cmake', ['--build', dir, '--target', 'fastsha256_node', '-j', '2']);
    if (!fs.existsSync(addon)) throw new Error(`fastsha256: the build did not write ${addon}`);
    console.log(`fastsha256: built ${addon}`);
  } else if (fs.existsSync(addon)) {
    console.log(`fastsha256: using the prebuilt ${addon}`);
  } else if (fs.existsSync(prebuilt)) {
    console.log(`fastsha256: using the prebuilt ${prebuilt}`);
  } else {
    throw new Error(`fastsha256: no repository to build from and no prebuilt addon for ${platform}`);
  }
} catch (err) {
  // Installing never fails for want of CMake or a compiler: the package
  // falls back to its WebAssembly build (index.js, lib/choose.js).
  console.error(err.message);
  console.error('fastsha256: note: no native addon; the WebAssembly build will be used ' +
    '(implementation === "wasm"). Install CMake and a C compiler and reinstall for the native one.');
}
