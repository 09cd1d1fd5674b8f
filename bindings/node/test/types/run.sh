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
mkdir -p "$work/node_modules/@types"
ln -s "$pkg" "$work/node_modules/fastsha256"
ln -s "$deps/node_modules/@types/node" "$work/node_modules/@types/node"
cp "$here/node-entry.ts" "$here/browser-entry.ts" "$work/"
cat > "$work/tsconfig.json" <<'JSON'
{ "compilerOptions": { "strict": true, "noEmit": true, "module": "nodenext", "moduleResolution": "nodenext",
    "target": "es2022", "lib": ["es2022", "dom"], "types": ["node"], "skipLibCheck": false },
  "files": ["node-entry.ts", "browser-entry.ts"] }
JSON
cd "$work"
node "$deps/node_modules/typescript/bin/tsc" -p tsconfig.json
echo "tsc --strict: node-entry.ts and browser-entry.ts type-check against the package's declarations"
