#!/usr/bin/env bash
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
#    --no-js and --no-python leave those peers out).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
build=${BUILD_DIR:-$root/build/release}
# shellcheck source=scripts/deps.sh
source "$root/scripts/deps.sh"

# Peers are optional: a package that cannot be installed only removes rows.
install_missing --optional --no-install-recommends "${FASTSHA256_BENCH_PACKAGES[@]}" >&2
ensure_js_runtimes "$root" >&2

cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DFASTSHA256_BUILD_TESTS=OFF
# fastsha256-bench builds the Python module along (bench/CMakeLists.txt).
cmake --build "$build" -j"$(nproc)" --target fastsha256-bench
exec "$build/bench/fastsha256-bench" "$@"
