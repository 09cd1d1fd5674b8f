#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
# ctest js.workerd: the package's workerd entry (workerd.mjs, .wasm modules
# imported as modules) under `workerd test`, npm's workerd installed into
# bindings/node/build/test-deps. Exits 77 (skipped) when it cannot be had.
set -u
here=$(cd "$(dirname "$0")" && pwd)
pkg=$(cd "$here/../.." && pwd)
repo=$(cd "$pkg/../.." && pwd)
for f in wasm/fastsha256-simd.wasm wasm/fastsha256-mvp.wasm; do
    [ -f "$pkg/$f" ] || { echo "skipped: $pkg/$f not built (scripts/build-wasm.sh)"; exit 77; }
done
deps=$(sh "$here/../npm-deps.sh" workerd@1.20261117.1) || exit $?
workerd="$deps/node_modules/.bin/workerd"
"$workerd" --version >/dev/null 2>&1 || { echo "skipped: npm's workerd does not run here"; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/fastsha256/lib" "$work/fastsha256/wasm"
cp "$here/worker.mjs" "$work/"
cp "$pkg/workerd.mjs" "$pkg/browser.mjs" "$work/fastsha256/"
cp "$pkg"/lib/*.mjs "$work/fastsha256/lib/"
cp "$pkg"/wasm/*.wasm "$work/fastsha256/wasm/"
node "$here/../vectors-json.js" "$repo/test/vectors" > "$work/vectors.json" || exit 1
modules='(name = "worker.mjs", esModule = embed "worker.mjs"),
      (name = "vectors.json", json = embed "vectors.json"),'
for f in $(cd "$work" && ls fastsha256/*.mjs fastsha256/lib/*.mjs); do
    modules="$modules
      (name = \"$f\", esModule = embed \"$f\"),"
done
for f in $(cd "$work" && ls fastsha256/wasm/*.wasm); do
    modules="$modules
      (name = \"$f\", wasm = embed \"$f\"),"
done
cat > "$work/config.capnp" <<CAPNP
using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [ (name = "main", worker = .worker) ],
);
const worker :Workerd.Worker = (
  modules = [
      $modules
  ],
  compatibilityDate = "2024-09-23",
);
CAPNP
cd "$work" && exec "$workerd" test --verbose config.capnp
