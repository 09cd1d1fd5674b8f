#!/usr/bin/env bash
# The main job: who hashes the fastest, in one command, on Debian 12 (or Ubuntu):
#
#   ./bench.sh [fastsha256-bench options...]
#
# 1. installs with apt-get whatever of the build and peer packages is missing
#    (as root, or through sudo): compiler, cmake, OpenSSL headers, Google
#    Benchmark, gnuplot, node and npm;
# 2. installs Bun and Deno from the npm registry into bench/.runtimes
#    (bench/install-js-runtimes.sh; skipped when FASTSHA256_NO_BUN_DENO=1);
# 3. configures and builds in build/release (BUILD_DIR=... to change);
# 4. runs build/bench/fastsha256-bench with the given options (none: the
#    default run, the seed workload of 5,000,000 "Hello world!!!" hex strings).
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

# What is needed, each as "test|package": a command on PATH, or a header.
needs=(
  "cmd:cc|build-essential" "cmd:make|build-essential" "cmd:cmake|cmake"
  "cmd:pkg-config|pkg-config" "file:/usr/include/openssl/evp.h|libssl-dev"
  "file:/usr/include/benchmark/benchmark.h|libbenchmark-dev" "cmd:gnuplot|gnuplot-nox"
  "cmd:node|nodejs" "cmd:npm|npm")
browser=0
if [ "${1:-}" = --browser ]; then
  browser=1
  shift
  needs+=("cmd:chromium|chromium")
fi
missing=()
for n in "${needs[@]}"; do
  test=${n%%|*} pkg=${n#*|}
  case $test in
    cmd:*) command -v "${test#cmd:}" >/dev/null 2>&1 && continue ;;
    file:*) [ -e "${test#file:}" ] && continue ;;
  esac
  [[ " ${missing[*]} " == *" $pkg "* ]] || missing+=("$pkg")
done
if ((${#missing[@]})); then
  echo "bench.sh: installing ${missing[*]}" >&2
  sudo=""
  if [ "$(id -u)" != 0 ]; then sudo=sudo; fi
  $sudo apt-get update
  # Peers are optional: a package that cannot be installed only removes rows.
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends "${missing[@]}" ||
    echo "bench.sh: apt-get could not install all of: ${missing[*]}; going on" >&2
fi

if [ "${FASTSHA256_NO_BUN_DENO:-0}" != 1 ] &&
   { [ ! -x "$here/.runtimes/bin/bun" ] || [ ! -x "$here/.runtimes/bin/deno" ]; }; then
  "$here/install-js-runtimes.sh" "$here/.runtimes" ||
    echo "bench.sh: bun/deno not installed, going on without them" >&2
fi

if [ "${FASTSHA256_NO_JS_PEERS:-0}" != 1 ] &&
   [ ! -f "${FASTSHA256_JS_PEERS:-$here/.js-peers}/node_modules/playwright-core/package.json" ]; then
  "$here/install-js-peers.sh" >/dev/null ||
    echo "bench.sh: the npm peers were not installed, going on without their rows" >&2
fi
if [ "$browser" = 1 ]; then
  exec node "$here/browser/run.mjs" "$@"
fi

cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DFASTSHA256_BUILD_TESTS=OFF
cmake --build "$build" -j"$(nproc)" --target fastsha256-bench
exec "$build/bench/fastsha256-bench" "$@"
