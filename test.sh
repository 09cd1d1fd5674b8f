#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# Installs what is missing (Debian/Ubuntu, apt-get), builds and runs the test
# suite. With no argument: the whole suite, release build, gcc.
#   ./test.sh [default] [wasm] [asan] [clang-asan] [tsan] [clang] [valgrind] [fuzz] [cross] [windows] [all]
# With no argument: default, then wasm (the WebAssembly modules).
set -euo pipefail
cd "$(dirname "$0")"

# The package lists and install_missing, shared with bench.sh and CI.
source scripts/deps.sh

jobs=$(nproc 2>/dev/null || echo 2)

# configure_and_build DIR [cmake options...]
configure_and_build() {
    local dir=$1; shift
    echo "== $dir: cmake $*"
    # One build of the npm package's WebAssembly modules (build/wasm, also the
    # wasm mode's) serves every build that makes the package.
    cmake -S . -B "$dir" -DFASTSHA256_DEVELOPER=ON -DFASTSHA256_WERROR=ON \
        -DFASTSHA256_WASM_BUILD_DIR="$PWD/build/wasm" "$@" >/dev/null
    cmake --build "$dir" -j "$jobs" >/dev/null
}

# build_and_test DIR [cmake options...] -- [ctest options...]
build_and_test() {
    local dir=$1; shift
    local cmake_args=() ctest_args=()
    while [ $# -gt 0 ] && [ "$1" != "--" ]; do cmake_args+=("$1"); shift; done
    [ $# -gt 0 ] && shift
    ctest_args=("$@")
    configure_and_build "$dir" "${cmake_args[@]}"
    # A build that registered no test is an error, not a pass.
    ctest --test-dir "$dir" -j "$jobs" --output-on-failure --no-tests=error "${ctest_args[@]}"
}

run_valgrind() {
    # Quick loops and no multi-gigabyte streams. Valgrind hides SHA-NI, so
    # auto-selection must fall back; the shani runs would only skip, each
    # of their tests paying valgrind's start-up: left out while valgrind's
    # CPU shows no SHA-NI. The benchmark, CLI and JavaScript
    # tests do not run under the launcher (the default run has them): not
    # built here.
    local dir=build/valgrind
    configure_and_build "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DFASTSHA256_BUILD_BENCH=OFF \
        -DFASTSHA256_BUILD_TOOLS=OFF -DFASTSHA256_BUILD_NODE=OFF \
        "-DFASTSHA256_TEST_LAUNCHER=valgrind;-q;--trace-children=yes;--error-exitcode=99;--leak-check=full;--errors-for-leak-kinds=definite"
    # The *.auto runs run the backend valgrind's CPU picks: when that one's
    # forced runs are in the list too, they would only repeat them.
    local supported auto skip=()
    supported=$(valgrind -q "$dir/test/backend_check" 2>/dev/null || true)
    auto=$(sed -n 's/^backend \([a-z0-9_-]*\),.*/\1/p' <<<"$supported")
    if ! grep -qw shani <<<"$supported"; then
        echo "== valgrind hides SHA-NI: the *.shani* runs are left out"
        skip+=(shani)
    fi
    if [ -n "$auto" ] && ctest --test-dir "$dir" -N -R "^differential[.]$auto\$" | grep -q 'Test *#'; then
        echo "== valgrind's CPU picks $auto: the *.auto runs (the same code as *.$auto) are left out"
        skip+=(auto)
    fi
    local exclude=()
    [ ${#skip[@]} -gt 0 ] && exclude=(-E "[.]($(IFS='|'; echo "${skip[*]}"))")
    FASTSHA256_TEST_QUICK=1 ctest --test-dir "$dir" -j "$jobs" --output-on-failure --no-tests=error -LE '(large|install)' \
        --timeout 1500 "${exclude[@]}"
}

run_fuzz() {
    # The libFuzzer targets (clang, ASan+UBSan), FASTSHA256_FUZZ_SECONDS
    # each (default 30), starting from the committed corpus; new inputs
    # go to build/fuzz/corpus-<target>, crashes to build/fuzz/.
    local dir=build/fuzz seconds=${FASTSHA256_FUZZ_SECONDS:-30} t
    echo "== $dir: libFuzzer targets, ${seconds} s each"
    cmake -S . -B "$dir" -DFASTSHA256_DEVELOPER=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_COMPILER=clang \
        -DFASTSHA256_WERROR=ON -DFASTSHA256_SANITIZE=address,undefined -DFASTSHA256_FUZZ=ON \
        -DFASTSHA256_BUILD_BENCH=OFF -DFASTSHA256_BUILD_TOOLS=OFF >/dev/null
    for t in oneshot stream many sha224 hex kdf; do
        cmake --build "$dir" -j "$jobs" --target "fuzz_$t" >/dev/null
        mkdir -p "$dir/corpus-$t"
        echo "== fuzz_$t"
        local rc=0
        "$dir/test/fuzz/fuzz_$t" -max_total_time="$seconds" -max_len=4096 -timeout=20 \
            -artifact_prefix="$dir/fuzz_$t-" -print_final_stats=1 \
            "$dir/corpus-$t" "test/fuzz/corpus/$t" >"$dir/fuzz_$t.log" 2>&1 || rc=$?
        grep -E '^(#[0-9]+ +DONE|stat::number_of_executed_units|fastsha256 fuzz)' \
            "$dir/fuzz_$t.log" || true
        if [ $rc -ne 0 ]; then
            tail -n 40 "$dir/fuzz_$t.log"
            echo "fuzz_$t FAILED (exit $rc; log $dir/fuzz_$t.log)"
            exit 1
        fi
    done
}

run_wasm() {
    # The two modules (cmake/wasm32.cmake), their checks, and whether the
    # npm package carries the modules this build makes.
    local tool
    for tool in clang-14 wasm-ld-14 llvm-ar-14; do
        if ! command -v "$tool" >/dev/null; then
            echo "== wasm: SKIPPED, $tool not found (apt-get install clang-14 lld-14 llvm-14)"
            return 0
        fi
    done
    build_and_test build/wasm -DCMAKE_TOOLCHAIN_FILE=cmake/wasm32.cmake \
        -DCMAKE_BUILD_TYPE=Release -DFASTSHA256_BUILD_TESTS=ON
}

run_windows() {
    # The Windows x64 build (cmake/x86_64-w64-mingw32.cmake: MinGW-w64) with
    # its tests under wine (a prefix of its own in build/mingw, no display),
    # against a native build of the same sources (build/win-linux): the
    # crosscheck digests and fastsha256sum's output must be the Linux ones.
    # The multi-gigabyte streams (large) run too: long is 32 bits there.
    local native=build/win-linux
    echo "== $native: the Linux programs the Windows ones are compared with"
    cmake -S . -B "$native" -DCMAKE_BUILD_TYPE=Release -DFASTSHA256_WERROR=ON \
        -DFASTSHA256_BUILD_TESTS=ON >/dev/null
    cmake --build "$native" -j "$jobs" --target crosscheck fastsha256sum >/dev/null
    # backend.auto: wine shows the host CPU, so the automatic choice is Linux's.
    local expect
    expect=$("$native/tools/fastsha256sum" --list-backends | sed -n 's/^[*] //p')
    build_and_test build/mingw -DCMAKE_TOOLCHAIN_FILE=cmake/x86_64-w64-mingw32.cmake \
        -DCMAKE_BUILD_TYPE=Release -DFASTSHA256_PYTHON=OFF \
        -DFASTSHA256_TEST_EXPECT_BACKEND="$expect" \
        -DFASTSHA256_REFERENCE_BUILD="$PWD/$native" -- --timeout 900
}

run_mode() {
    case "$1" in
    default)
        build_and_test build/test -DCMAKE_BUILD_TYPE=Release ;;
    asan)
        # The wheel's and the .deb's tests make their own builds (pip's, a plain
        # configure), not this run's: the default run has them. So has it the
        # 16 GiB tree file (the tool's memory and answer; its reader's paths
        # run here in the other tree.* tests).
        build_and_test build/asan -DCMAKE_BUILD_TYPE=RelWithDebInfo \
            -DFASTSHA256_SANITIZE=address,undefined -- -E '^(python[.]wheel|deb[.]package|tree[.]large)$' ;;
    clang-asan)
        # clang's UBSan sees what gcc's does not (e.g. NULL + 0); any report
        # stops the test (-fno-sanitize-recover=all). The multi-gigabyte
        # streams already ran under gcc's ASan+UBSan (asan): not again here.
        build_and_test build/clang-asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_COMPILER=clang \
            -DFASTSHA256_SANITIZE=address,undefined -DFASTSHA256_BUILD_BENCH=OFF -- -LE large \
            -E '^(python[.]wheel|deb[.]package)$' ;;
    tsan)
        # Criterion's forking runner cannot start under ThreadSanitizer, so
        # TSan runs the plain-pthreads concurrency test, and fastsha256sum's
        # worker threads through its command-line tests (a race report on
        # stderr or TSan's exit status fails the comparison with GNU).
        build_and_test build/tsan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_COMPILER=clang \
            -DFASTSHA256_SANITIZE=thread -DFASTSHA256_BUILD_BENCH=OFF -DFASTSHA256_BUILD_TOOLS=ON \
            -- -R '^(threads|cli[.]fastsha256sum)$' ;;
    clang)
        # What clang compiles. Not again here: python.install, python.wheel and
        # deb.package make their own builds (pip's compiler, a plain
        # configure); the wasm-labelled tests run the modules of build/wasm,
        # which every build shares; the 16 GiB tree file, the benchmark's
        # report, chart and install checks and the JS runtimes' rows do not
        # depend on the C compiler. The default run has them all.
        build_and_test build/clang -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER=clang \
            -- -LE wasm -E '^(python[.](install|wheel)|deb[.]package|tree[.]large|bench[.](report|chart|structure|python_switch|install_gate|output_dir|demo[.].*|js[.]rows[.].*))$' ;;
    valgrind) run_valgrind ;;
    fuzz) run_fuzz ;;
    wasm) run_wasm ;;
    windows) run_windows ;;
    cross)
        bash .ci/cross.sh ;;
    all)
        for m in default wasm asan clang-asan tsan clang valgrind cross windows; do run_mode "$m"; done ;;
    *)
        echo "unknown mode: $1 (default wasm asan clang-asan tsan clang valgrind fuzz cross windows all)" >&2
        exit 2 ;;
    esac
}

install_missing "${FASTSHA256_TEST_PACKAGES[@]}"
[ $# -eq 0 ] && set -- default wasm
# The default and clang runs have the Bun and Deno tests: fetched from the npm
# registry when missing, or it says how to get them (FASTSHA256_NO_BUN_DENO=1: never).
for mode in "$@"; do
    case $mode in default|clang|all) ensure_js_runtimes "$PWD"; break ;; esac
done
for mode in "$@"; do run_mode "$mode"; done
