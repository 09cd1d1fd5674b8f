#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
# tsc --strict on programs that call every export of the Node entry and of
# the browser entry (ctest js.types), with the package linked into a fresh
# folder's node_modules as an installed copy would be. TypeScript and
# @types/node come from the npm registry (test/npm-deps.sh); exit 77
# (skipped) without it.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
pkg=$(cd "$here/../.." && pwd)
deps=$(sh "$here/../npm-deps.sh" typescript@5 @types/node@20) || exit 77
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# check NAME TYPES LIB FILES: a fresh folder with the package installed (linked)
# and tsc --strict, module nodenext; TYPES: the @types packages it has.
check() {
    dir="$work/$1"
    mkdir -p "$dir/node_modules/@types"
    ln -s "$pkg" "$dir/node_modules/fastsha256"
    [ -z "$2" ] || ln -s "$deps/node_modules/@types/node" "$dir/node_modules/@types/node"
    cp "$here/node-entry.ts" "$here/browser-entry.ts" "$dir/"
    cat > "$dir/tsconfig.json" <<JSON
{ "compilerOptions": { "strict": true, "noEmit": true, "module": "nodenext", "moduleResolution": "nodenext",
    "target": "es2022", "lib": [$3], "skipLibCheck": false },
  "files": [$4] }
JSON
    (cd "$dir" && node "$deps/node_modules/typescript/bin/tsc" -p tsconfig.json) || { echo "FAIL: tsc --strict, $1"; exit 1; }
    echo "ok tsc --strict, $1"
}
# No @types/node: what a new TypeScript project has; the browser lib (dom) for the browser entry.
both='"node-entry.ts", "browser-entry.ts"'
check "no @types/node" "" '"es2022", "dom"' "$both"
check "with @types/node" node '"es2022", "dom"' "$both"
check "the Node entry: no @types/node, no dom lib" "" '"es2022"' '"node-entry.ts"'
check "the Node entry: @types/node, no dom lib" node '"es2022"' '"node-entry.ts"'
