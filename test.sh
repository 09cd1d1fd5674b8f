#!/usr/bin/env bash
# Installs what is missing (Debian/Ubuntu, apt-get), builds and runs the test
# suite. With no argument: the whole suite, release build, gcc.
#   ./test.sh [default] [asan] [tsan] [clang] [valgrind] [cross] [all]
set -euo pipefail
cd "$(dirname "$0")"

packages=(cmake make gcc g++ clang libclang-rt-dev pkg-config libcriterion-dev valgrind libssl-dev
          libbenchmark-dev nodejs)
# The Node-API headers (bindings/node): Debian's nodejs ships them in
# libnode-dev; nodesource's nodejs package carries its own.
[ -f /usr/include/node/node_api.h ] || packages+=(libnode-dev)
install_missing() {
    local missing=()
    for p in "$@"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    echo "== installing: ${missing[*]}"
    local sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
}

jobs=$(nproc 2>/dev/null || echo 2)

# build_and_test DIR [cmake options...] -- [ctest options...]
build_and_test() {
    local dir=$1; shift
    local cmake_args=() ctest_args=()
    while [ $# -gt 0 ] && [ "$1" != "--" ]; do cmake_args+=("$1"); shift; done
    [ $# -gt 0 ] && shift
    ctest_args=("$@")
    echo "== $dir: cmake ${cmake_args[*]}"
    cmake -S . -B "$dir" "${cmake_args[@]}" >/dev/null
    cmake --build "$dir" -j "$jobs" >/dev/null
    ctest --test-dir "$dir" -j "$jobs" --output-on-failure "${ctest_args[@]}"
}

run_mode() {
    case "$1" in
    default)
        build_and_test build/test -DCMAKE_BUILD_TYPE=Release ;;
    asan)
        build_and_test build/asan -DCMAKE_BUILD_TYPE=RelWithDebInfo \
            -DFASTSHA256_SANITIZE=address,undefined ;;
    tsan)
        # Criterion's forking runner cannot start under ThreadSanitizer, so
        # TSan runs the plain-pthreads concurrency test.
        build_and_test build/tsan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_COMPILER=clang \
            -DFASTSHA256_SANITIZE=thread -DFASTSHA256_BUILD_BENCH=OFF -DFASTSHA256_BUILD_TOOLS=OFF \
            -- -R '^threads$' ;;
    clang)
        build_and_test build/clang -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER=clang ;;
    valgrind)
        # Valgrind hides SHA-NI, so auto-selection must fall back; the shani
        # suites skip themselves. Quick loops and no multi-gigabyte streams.
        FASTSHA256_TEST_QUICK=1 build_and_test build/valgrind -DCMAKE_BUILD_TYPE=RelWithDebInfo \
            "-DFASTSHA256_TEST_LAUNCHER=valgrind;-q;--trace-children=yes;--error-exitcode=99;--leak-check=full;--errors-for-leak-kinds=definite" \
            -- -LE large --timeout 1500 ;;
    cross)
        bash .ci/cross.sh ;;
    all)
        for m in default asan tsan clang valgrind cross; do run_mode "$m"; done ;;
    *)
        echo "unknown mode: $1 (default asan tsan clang valgrind cross all)" >&2
        exit 2 ;;
    esac
}

install_missing "${packages[@]}"
[ $# -eq 0 ] && set -- default
for mode in "$@"; do run_mode "$mode"; done
