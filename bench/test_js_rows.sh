#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
# The JS rows' snippets give the right digest (functional, not timed): the
# "<runtime> + fastsha256 (wasm)" styles of bench/js/fastsha256.mjs, the npm
# peers of bench/js/peers.mjs where bench/install-js-peers.sh installed them,
# and a missing or unknown peer exits 3 with its reason (its row left out).
# Installs the peers (bench/install-js-peers.sh) when they are missing.
# Usage: test_js_rows.sh node|bun|deno; the runtime is looked up like
# fastsha256-bench does ($FASTSHA256_JS_RUNTIMES/bin, bench/.runtimes/bin,
# PATH); exits 77 (skipped) without it.
set -u
here=$(cd "$(dirname "$0")" && pwd)
name=${1:-node}
rt=
for dir in ${FASTSHA256_JS_RUNTIMES:+"$FASTSHA256_JS_RUNTIMES/bin"} "$here/.runtimes/bin"; do
    [ -x "$dir/$name" ] && { rt=$dir/$name; break; }
done
[ -n "$rt" ] || rt=$(command -v "$name") || {
    echo "skipped: $name not found (bench/install-js-runtimes.sh installs Bun and Deno)"; exit 77; }
# The package's WebAssembly modules are built, not tracked (the CMake build
# with the bindings makes them).
[ -f "$here/../bindings/node/wasm/fastsha256-simd.wasm" ] || {
    echo "skipped: the npm package's WebAssembly modules are not built (configure with -DFASTSHA256_DEVELOPER=ON)"; exit 77; }
export DENO_NO_UPDATE_CHECK=1
want=4354dfda70c8f0d3991b9de3d56dcb6e9f2fc6c0316d235b63afeb388471ada4  # SHA-256("Hello world!!!")
tmp=$(mktemp -d "${TMPDIR:-/tmp}/fsha256-jsrows.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
fail=0
run() { # run SCRIPT ARGS...: the runtime on bench/js/SCRIPT
    script=$1; shift
    case $rt in
    *deno) "$rt" run -A --quiet --no-config "$here/js/$script" "$@" ;;
    *) "$rt" "$here/js/$script" "$@" ;;
    esac
}
check() { # check STYLE OUTPUT-FILE
    line=$(grep '^{"runtime":' "$2")
    case $line in
    *"\"style\":\"$1\""*"\"last\":\"$want\""*) echo "ok: $1" ;;
    *) echo "FAIL: $1 printed:"; cat "$2"; fail=1 ;;
    esac
}
for style in wasm-sha256 wasm-many wasm-packed; do
    run fastsha256.mjs 3000 2 "$style" "$here/../bindings/node/index.js" >"$tmp/out" 2>&1
    check "$style" "$tmp/out"
done
for peer in hash-wasm nope; do
    FASTSHA256_JS_PEERS=$tmp/empty run peers.mjs 100 1 "$peer" >"$tmp/out" 2>&1
    status=$?
    if [ $status -eq 3 ] && grep -q '^{"missing":.*install-js-peers.sh' "$tmp/out"; then
        echo "ok: missing peer $peer exits 3 with its reason"
    else
        echo "FAIL: missing peer $peer: exit $status:"; cat "$tmp/out"; fail=1
    fi
done
peers=${FASTSHA256_JS_PEERS:-$here/.js-peers}
if [ ! -f "$peers/node_modules/hash-wasm/package.json" ] && command -v npm >/dev/null 2>&1; then
    "$here/install-js-peers.sh" "$peers" >/dev/null 2>&1 ||
        echo "note: bench/install-js-peers.sh failed (no npm registry?): peers not checked"
fi
for peer in hash-wasm noble aws-crypto js-sha256; do
    case $peer in noble) pkg=@noble/hashes ;; aws-crypto) pkg=@aws-crypto/sha256-js ;; *) pkg=$peer ;; esac
    if [ ! -f "$peers/node_modules/$pkg/package.json" ]; then
        echo "note: $pkg not installed in $peers (bench/install-js-peers.sh): not checked"
        continue
    fi
    run peers.mjs 3000 2 "$peer" >"$tmp/out" 2>&1
    check "$peer" "$tmp/out"
done
[ $fail -eq 0 ] && echo "js rows: all checked" || exit 1
