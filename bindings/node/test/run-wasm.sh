#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
# The WebAssembly build under one runtime (ctest js.wasm.*):
#   run-wasm.sh node|bun|deno   the binding's test file with FASTSHA256_IMPL=wasm
#   run-wasm.sh node-mvp        the same under Node with the MVP module (FASTSHA256_WASM=mvp)
#   run-wasm.sh deno-noperm     Deno with no permission flags gets the wasm build
#   run-wasm.sh generated       the generated base64 modules match wasm/*.wasm
#   run-wasm.sh loader          test/wasm.test.mjs: FASTSHA256_IMPL, the fallback, long messages
# Exits 77 (ctest: skipped) when the runtime is not installed.
set -u
kind=$1
here=$(cd "$(dirname "$0")" && pwd)
pkg=$(cd "$here/.." && pwd)
repo=$(cd "$pkg/../.." && pwd)
for f in wasm/fastsha256-simd.wasm wasm/fastsha256-mvp.wasm; do
    [ -f "$pkg/$f" ] || { echo "skipped: $pkg/$f is not built (the CMake build makes it with clang-14 and lld-14: apt-get install clang-14 lld-14 llvm-14)"; exit 77; }
done
case "$kind" in
    node|bun|deno) FASTSHA256_IMPL=wasm exec sh "$here/run.sh" "$kind" none ;;
    node-mvp) FASTSHA256_IMPL=wasm FASTSHA256_WASM=mvp exec sh "$here/run.sh" node none ;;
    generated) exec node "$pkg/scripts/gen-wasm.js" --check ;;
    loader) exec node --test "$here/wasm.test.mjs" ;;
    deno-noperm) ;;
    *) echo "run-wasm.sh: unknown kind '$kind'" >&2; exit 2 ;;
esac
deno=""
for dir in ${FASTSHA256_JS_RUNTIMES:+"$FASTSHA256_JS_RUNTIMES/bin"} "$repo/bench/.runtimes/bin"; do
    if [ -x "$dir/deno" ]; then deno="$dir/deno"; break; fi
done
[ -n "$deno" ] || deno=$(command -v deno 2>/dev/null || true)
[ -n "$deno" ] || { echo "skipped: deno not found"; exit 77; }
# No permission flags at all, and no prompt (stdin is not a terminal).
DENO_NO_UPDATE_CHECK=1 DENO_NO_PROMPT=1 "$deno" run --no-config "$here/deno-noperm.mjs" </dev/null || exit 1
# Without --allow-env the variable cannot be read: FASTSHA256_IMPL=native has
# no effect there, and the WebAssembly build still serves (README).
FASTSHA256_IMPL=native DENO_NO_UPDATE_CHECK=1 DENO_NO_PROMPT=1 \
    exec "$deno" run --no-config "$here/deno-noperm.mjs" </dev/null
