#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
# ctest js.browser.chromium / js.browser.firefox: run.js in headless Chromium
# (Debian's chromium, driven by npm's playwright-core, installed into
# bindings/node/build/test-deps) or Firefox ESR (firefox-esr --headless).
# Exits 77 (skipped) when the browser or playwright-core cannot be had.
set -u
kind=$1
here=$(cd "$(dirname "$0")" && pwd)
pkg=$(cd "$here/../.." && pwd)
for f in wasm/fastsha256-simd.wasm wasm/fastsha256-mvp.wasm lib/wasm-simd.mjs lib/wasm-mvp.mjs; do
    [ -f "$pkg/$f" ] || { echo "skipped: $pkg/$f is not built (the CMake build makes it with clang-14 and lld-14: apt-get install clang-14 lld-14 llvm-14)"; exit 77; }
done
deps=""
case "$kind" in
    chromium)
        browser=$(command -v chromium 2>/dev/null || true)
        [ -n "$browser" ] || { echo "skipped: chromium not found (apt-get install chromium)"; exit 77; }
        deps=$(sh "$here/../npm-deps.sh" playwright-core@1.65.1) || exit $? ;;
    firefox)
        browser=$(command -v firefox-esr 2>/dev/null || command -v firefox 2>/dev/null || true)
        [ -n "$browser" ] || { echo "skipped: firefox-esr not found (apt-get install firefox-esr)"; exit 77; }
        ;;
    *) echo "run.sh: unknown browser '$kind'" >&2; exit 2 ;;
esac
echo "$kind: $browser ($("$browser" --version 2>/dev/null | head -n 1))"
exec node "$here/run.js" "$kind" "$browser" "$deps"
