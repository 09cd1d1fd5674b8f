#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
# ctest bench.demo.chromium: the demo page (bindings/node/demo) in headless
# Chromium for one short round: every contender's digest is checked by the
# page before it is timed, the chart is drawn and screenshot. No rate is
# asserted. Installs the npm peers (bench/install-js-peers.sh) when missing;
# exits 77 (skipped) without node, /usr/bin/chromium or playwright-core.
set -u
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
command -v node >/dev/null 2>&1 || { echo "skipped: node not found"; exit 77; }
[ -f "$(dirname "$0")/../../bindings/node/lib/wasm-simd.mjs" ] || {
    echo "skipped: the npm package's built files are missing (configure with -DFASTSHA256_DEVELOPER=ON)"; exit 77; }
[ -x "${CHROMIUM:-/usr/bin/chromium}" ] || { echo "skipped: no chromium (apt-get install chromium)"; exit 77; }
peers=${FASTSHA256_JS_PEERS:-$repo/bench/.js-peers}
if [ ! -f "$peers/node_modules/playwright-core/package.json" ] &&
   [ ! -f "$repo/bindings/node/build/test-deps/node_modules/playwright-core/package.json" ] &&
   ! "$repo/bench/install-js-peers.sh" "$peers" >/dev/null 2>&1; then
    echo "skipped: playwright-core could not be installed (bench/install-js-peers.sh: npm registry?)"; exit 77
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/fsha256-demo.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
if ! node "$repo/bindings/node/demo/screenshot.mjs" "$tmp/demo.png" "rounds=1&ms=20" >"$tmp/log" 2>&1; then
    echo "FAIL: the demo did not finish:"; cat "$tmp/log"; exit 1
fi
cat "$tmp/log"
for name in 'fastsha256 sha256(m, "hex")' 'fastsha256 sha256Many (1024)' 'fastsha256 sha256Packed (1024)' \
            'await crypto.subtle.digest'; do
    grep -qF "$name" "$tmp/log" || { echo "FAIL: no result for $name"; exit 1; }
done
magic=$(od -An -tx1 -N8 "$tmp/demo.png" | tr -d ' \n')
[ "$magic" = 89504e470d0a1a0a ] || { echo "FAIL: $tmp/demo.png is not a PNG ($magic)"; exit 1; }
echo "demo: all contenders checked, chart screenshot written"
