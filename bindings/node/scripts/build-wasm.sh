#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# Builds what the npm package carries beside its sources (git-ignored, made
# by the CMake build, ./test.sh and npm run pack): the two WebAssembly
# modules into bindings/node/wasm/ (CMake with cmake/wasm32.cmake: Debian's
# clang-14, wasm-ld-14 and llvm-ar-14; the same sources and clang give the
# same bytes), then scripts/gen-wasm.js's files (the ES-module copies of
# lib/*.js, the modules as base64).
#   build-wasm.sh [--optional] [build-dir]
# --optional: without those tools, say so and build only the generated
# sources (the package then has no WebAssembly build), exit 0.
set -euo pipefail
optional=0
if [ "${1:-}" = "--optional" ]; then optional=1; shift; fi
root=$(cd "$(dirname "$0")/../../.." && pwd)
dir=${1:-$root/build/wasm}
# A build started by make or ninja must not hand its job server down.
unset MAKEFLAGS MFLAGS MAKELEVEL
missing=""
for tool in clang-14 wasm-ld-14 llvm-ar-14; do
    command -v "$tool" >/dev/null || missing="$missing $tool"
done
if [ -n "$missing" ]; then
    echo "build-wasm.sh:$missing not found (apt-get install clang-14 lld-14 llvm-14): no WebAssembly modules" >&2
    [ $optional -eq 1 ] || exit 1
else
    cmake -S "$root" -B "$dir" -DCMAKE_TOOLCHAIN_FILE="$root/cmake/wasm32.cmake" \
        -DCMAKE_BUILD_TYPE=Release -DFASTSHA256_WERROR=ON -DFASTSHA256_BUILD_TESTS=ON >/dev/null
    cmake --build "$dir" -j 2 --target fastsha256_wasm_package >/dev/null
fi
if command -v node >/dev/null; then
    node "$root/bindings/node/scripts/gen-wasm.js" >/dev/null
else
    echo "build-wasm.sh: node not found: the package's ES-module files are not generated" >&2
    [ $optional -eq 1 ] || exit 1
fi
