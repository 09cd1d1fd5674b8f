#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# The main job: who hashes the fastest, in one command, on Debian 12 (or Ubuntu):
#
#   ./bench.sh [fastsha256-bench options...]
#
# 1. installs with apt-get whatever of the build and peer packages is missing
#    (as root, or through sudo; the list is in scripts/deps.sh): compiler,
#    cmake, OpenSSL headers, Google Benchmark, gnuplot, node, npm and the
#    Python headers (python3-dev, for the fastsha256 module's rows);
# 2. installs Bun and Deno from the npm registry into bench/.runtimes when
#    they are not found (bench/install-js-runtimes.sh; skipped when
#    FASTSHA256_NO_BUN_DENO=1);
# 3. configures and builds in build/release (BUILD_DIR=... to change) the
#    benchmark and what its rows need (the Python module);
# 4. runs build/bench/fastsha256-bench with the given options (none: the
#    default run, the seed workload of 5,000,000 "Hello world!!!" hex strings;
#    --no-js and --no-python leave those peers out), writing the results and
#    the seed chart (seed.png, seed.svg) to bench/results/latest unless an
#    --output is given.
# The npm peers of the JS rows (hash-wasm, @noble/hashes, @aws-crypto/sha256-js,
# js-sha256, and playwright-core) go into bench/.js-peers
# (bench/install-js-peers.sh; skipped when FASTSHA256_NO_JS_PEERS=1).
#
#   ./bench.sh --browser [rounds] [ms]
#
# runs the browser section instead (bench/browser/run.mjs: the seed workload in
# headless Chromium, Debian's chromium driven by playwright-core).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
here=$root/bench
build=${BUILD_DIR:-$root/build/release}
# shellcheck source=scripts/deps.sh
source "$root/scripts/deps.sh"

browser=0
packages=("${FASTSHA256_BENCH_PACKAGES[@]}")
if [ "${1:-}" = --browser ]; then
  browser=1
  shift
  packages+=("cmd:chromium|chromium")
fi
# Peers are optional: a package that cannot be installed only removes rows.
install_missing --optional --no-install-recommends "${packages[@]}" >&2
ensure_js_runtimes "$root" >&2
if [ "${FASTSHA256_NO_JS_PEERS:-0}" != 1 ] &&
   [ ! -f "${FASTSHA256_JS_PEERS:-$here/.js-peers}/node_modules/playwright-core/package.json" ]; then
  "$here/install-js-peers.sh" >/dev/null ||
    echo "bench.sh: the npm peers were not installed, going on without their rows" >&2
fi
if [ "$browser" = 1 ]; then
  exec node "$here/browser/run.mjs" "$@"
fi

# The start of the header, before the build: the machine and the peers found
# (fastsha256-bench prints the rest, with what will run and how long).
cpu=$(awk -F': *' '/^model name/{m=$2} /^vendor_id/{v=$2} /^cpu family/{f=$2}
  /^model[ \t]*:/{n=$2} END{printf "%s (%s family %s model %s)", m, v, f, n}' /proc/cpuinfo)
echo "fastsha256 bench.sh: who hashes the fastest? cpu: $cpu, $(nproc) cpus"
# The runtimes as fastsha256-bench finds them (bench/peers.sh), then Python.
"$here/peers.sh" versions | sed -e 's/.*"runtime":"\([^"]*\)","version":"\([^"]*\)".*/  found: \1 \2/' \
  -e 's/.*"missing":"\([^"]*\)".*/  not found: \1/'
python=${FASTSHA256_PYTHON:-/usr/bin/python3}
if [ -x "$python" ]; then
  echo "  found: $("$python" --version 2>&1)"
else
  echo "  not found: $python (apt-get install python3)"
fi
echo "building fastsha256-bench in $build (log: $build/bench-build.log)..."
# Build output is shown only when the build fails.
mkdir -p "$build"
if ! { cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DFASTSHA256_DEVELOPER=ON \
         -DFASTSHA256_BUILD_TESTS=OFF &&
       cmake --build "$build" -j"$(nproc)" --target fastsha256-bench; } >"$build/bench-build.log" 2>&1
then
  cat "$build/bench-build.log" >&2
  echo "bench.sh: the build failed (above)" >&2
  exit 1
fi
# fastsha256-bench builds the Python module along (bench/CMakeLists.txt).
# Without an --output of the caller's, the results and the seed chart go to
# bench/results/latest (git-ignored), so every run leaves its picture.
for arg in "$@"; do
  case $arg in --output | --output=* | --help | --version) exec "$build/bench/fastsha256-bench" "$@" ;; esac
done
exec "$build/bench/fastsha256-bench" --output "$here/results/latest" "$@"
