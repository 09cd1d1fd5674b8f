#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
# Installs npm packages a test needs (playwright-core, workerd) from the npm
# registry into bindings/node/build/test-deps (git-ignored, never committed),
# once. Prints that folder; exits 77 (ctest: skipped) with the reason when
# npm is missing or the install fails (no network to the registry).
#   npm-deps.sh PACKAGE@VERSION...
set -u
here=$(cd "$(dirname "$0")" && pwd)
deps="$here/../build/test-deps"
mkdir -p "$deps"
missing=""
for spec in "$@"; do
    name=${spec%@*}
    [ -f "$deps/node_modules/$name/package.json" ] || missing="$missing $spec"
done
if [ -n "$missing" ]; then
    if ! command -v npm >/dev/null 2>&1; then
        echo "skipped: npm not found (needed to install$missing)" >&2
        exit 77
    fi
    [ -f "$deps/package.json" ] || echo '{"name":"fastsha256-test-deps","private":true}' > "$deps/package.json"
    if ! (cd "$deps" && npm install --no-audit --no-fund --loglevel=error $missing >&2); then
        echo "skipped: npm install$missing failed (no access to the npm registry?)" >&2
        exit 77
    fi
fi
echo "$deps"
