#!/usr/bin/env bash
# Builds the two WebAssembly modules with the project's CMake (toolchain
# cmake/wasm32.cmake: Debian's clang-14 and wasm-ld-14) and copies them to
# bindings/node/wasm/, where they are committed. The build is reproducible:
# the same sources and clang give the same bytes (ctest wasm.committed.*
# compares), then regenerates the package files that embed them. Usage:
# bindings/node/scripts/build-wasm.sh [build-dir]
set -euo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
dir=${1:-$root/build/wasm}
for tool in clang-14 wasm-ld-14 llvm-ar-14; do
    command -v "$tool" >/dev/null || { echo "build-wasm.sh: $tool not found (apt-get install clang-14 lld-14 llvm-14)" >&2; exit 1; }
done
cmake -S "$root" -B "$dir" -DCMAKE_TOOLCHAIN_FILE="$root/cmake/wasm32.cmake" \
    -DCMAKE_BUILD_TYPE=Release -DFASTSHA256_WERROR=ON >/dev/null
cmake --build "$dir" -j 2 --target fastsha256_wasm_package
ls -l "$root"/bindings/node/wasm/*.wasm
# The package embeds the modules as base64 (lib/wasm-*.js): regenerated with
# them, so the two cannot be committed out of step (ctest js.wasm.generated).
if command -v node >/dev/null; then
    node "$root/bindings/node/scripts/gen-wasm.js"
else
    echo "build-wasm.sh: node not found: run bindings/node/scripts/gen-wasm.js before committing" >&2
fi
