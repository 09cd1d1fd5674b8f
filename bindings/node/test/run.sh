#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
# Runs the binding's test file under one JavaScript runtime (ctest calls it).
#   run.sh node|bun|deno|rss|ubsan ADDON   (ubsan: Node, the addon built under UBSan)
# Exits 77 (ctest: skipped) when the runtime is not installed. Bun and Deno
# are looked up like fastsha256-bench does: $FASTSHA256_JS_RUNTIMES/bin,
# bench/.runtimes/bin, then PATH (bench/install-js-runtimes.sh installs them).
set -u
kind=$1
addon=$2
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../.." && pwd)
export FASTSHA256_NODE_ADDON="$addon"

program=$kind
case "$kind" in rss|ubsan) program=node ;; esac
runtime=""
for dir in ${FASTSHA256_JS_RUNTIMES:+"$FASTSHA256_JS_RUNTIMES/bin"} "$repo/bench/.runtimes/bin"; do
    if [ -x "$dir/$program" ]; then runtime="$dir/$program"; break; fi
done
[ -n "$runtime" ] || runtime=$(command -v "$program" 2>/dev/null || true)
if [ -z "$runtime" ]; then
    echo "skipped: $program not found (looked in \$FASTSHA256_JS_RUNTIMES/bin, bench/.runtimes/bin and PATH;"
    echo "         bench/install-js-runtimes.sh installs Bun and Deno from the npm registry)"
    exit 77
fi
echo "$program: $runtime ($("$runtime" --version 2>&1 | head -n 1))"
cd "$here"
case "$kind" in
    node) exec "$runtime" --test "$here/fastsha256.test.mjs" "$here/hmac.test.mjs" "$here/hardening.test.mjs" "$here/kdf.test.mjs" "$here/glue.test.mjs" "$here/state.test.mjs" "$here/tree.test.mjs" "$here/upload-example.test.mjs" ;;
    bun)  exec "$runtime" test "$here/fastsha256.test.mjs" "$here/hmac.test.mjs" "$here/hardening.test.mjs" "$here/kdf.test.mjs" "$here/glue.test.mjs" "$here/state.test.mjs" "$here/tree.test.mjs" "$here/upload-example.test.mjs" ;;
    deno) DENO_NO_UPDATE_CHECK=1 exec "$runtime" test -A --no-config "$here/fastsha256.test.mjs" "$here/hmac.test.mjs" "$here/hardening.test.mjs" "$here/kdf.test.mjs" "$here/glue.test.mjs" "$here/state.test.mjs" "$here/tree.test.mjs" "$here/upload-example.test.mjs" ;;
    rss)  exec "$runtime" --expose-gc "$here/rss.mjs" 1000000 ;;
    ubsan) UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
           exec "$runtime" --test "$here/fastsha256.test.mjs" "$here/hmac.test.mjs" "$here/hardening.test.mjs" "$here/kdf.test.mjs" "$here/glue.test.mjs" "$here/state.test.mjs" "$here/tree.test.mjs" ;;
    *)    echo "run.sh: unknown runtime '$kind'" >&2; exit 2 ;;
esac
