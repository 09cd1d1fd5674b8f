#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# Installs the npm packages that fastsha256-bench's JS peer rows and the
# browser section use into a git-ignored folder (never committed):
#
#   bench/install-js-peers.sh [DIR]           (default: bench/.js-peers)
#
# Result: DIR/node_modules/{hash-wasm,@noble/hashes,@aws-crypto/sha256-js,
# js-sha256,playwright-core}. bench/js/peers.mjs, bench/browser/run.mjs and
# bindings/node/demo/ look in $FASTSHA256_JS_PEERS, else bench/.js-peers; a
# missing package's row is left out with a message. Versions can be pinned
# with FASTSHA256_JS_PEER_SPECS="hash-wasm@4.12.0 ..." (default: latest).
# playwright-core downloads no browser: the browser section drives Debian's
# /usr/bin/chromium (apt-get install chromium).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
dest=${1:-${FASTSHA256_JS_PEERS:-$here/.js-peers}}
specs=${FASTSHA256_JS_PEER_SPECS:-hash-wasm @noble/hashes @aws-crypto/sha256-js js-sha256 playwright-core}

if ! command -v npm >/dev/null 2>&1; then
  echo "install-js-peers: npm not found (apt-get install npm)" >&2
  exit 1
fi
mkdir -p "$dest"
[ -f "$dest/package.json" ] || echo '{"name":"fastsha256-bench-peers","private":true}' >"$dest/package.json"
# shellcheck disable=SC2086 # one word per package spec
(cd "$dest" && npm install --no-audit --no-fund --loglevel=error $specs >&2)
(cd "$dest" && npm ls --depth=0 >&2) || true
echo "$dest"
