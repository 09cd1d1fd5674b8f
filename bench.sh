#!/usr/bin/env bash
# The main job: installs what is missing (Debian/Ubuntu, apt-get), builds a
# release, and runs the default benchmark (the seed workload, side by side with
# OpenSSL and the JavaScript runtimes found). Arguments go to fastsha256-bench,
# e.g. ./bench.sh --sweep --output bench/results
set -euo pipefail
cd "$(dirname "$0")"

packages=(cmake make gcc g++ pkg-config libssl-dev libbenchmark-dev gnuplot-nox)
missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
command -v node >/dev/null || missing+=(nodejs)
if [ ${#missing[@]} -gt 0 ]; then
    echo "== installing: ${missing[*]}" >&2
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi

cmake -S . -B build/release -DCMAKE_BUILD_TYPE=Release -DFASTSHA256_BUILD_TESTS=OFF >/dev/null
cmake --build build/release -j "$(nproc 2>/dev/null || echo 2)" --target fastsha256-bench >/dev/null
exec build/release/bench/fastsha256-bench "$@"
