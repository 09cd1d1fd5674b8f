# SPDX-License-Identifier: Apache-2.0 OR MIT
# shellcheck shell=bash
# What the project's scripts need and how they get it, in one place: sourced
# by test.sh, bench.sh, .ci/run and .ci/cross.sh (Debian 12 or Ubuntu, apt-get;
# as root or through sudo).
#
# A package list entry is a Debian package name, or CHECK|PACKAGE where CHECK
# is cmd:NAME (a command on PATH) or file:PATH: the package then counts as
# present when the check passes too (a node from nodesource, a compiler from
# elsewhere).
# The lists are read by the scripts that source this file:
# shellcheck disable=SC2034

# The test suite (test.sh, CI): compilers, Criterion, valgrind, OpenSSL and
# Google Benchmark (peers), Python with its test modules, Node with the
# Node-API headers (Debian's nodejs has them in libnode-dev; nodesource's
# nodejs carries its own and conflicts with libnode-dev), clang 14, lld and
# wabt for the WebAssembly build, and the browsers of the package's tests
# (their npm packages: bindings/node/test/npm-deps.sh), and Go for the
# saved-state tests against Go's crypto/sha256, and the hash-tree tools that
# fastsha256-tree is checked against (fsverity, veritysetup, libtorrent, botocore),
# and man, dpkg-dev and lintian for the manual pages and the Debian package,
# and MinGW-w64 with wine for the Windows build and its tests (test.sh windows).
FASTSHA256_TEST_PACKAGES=(cmake make gcc g++ clang libclang-rt-dev pkg-config libcriterion-dev
    valgrind libssl-dev libbenchmark-dev python3-dev python3-venv python3-pytest python3-numpy
    libpython3.11-testsuite
    python3-dask python3-distributed nodejs "file:/usr/include/node/node_api.h|libnode-dev"
    clang-14 lld-14 llvm-14 wabt chromium firefox-esr golang-go
    fsverity cryptsetup-bin python3-libtorrent python3-botocore
    man-db groff-base dpkg-dev lintian gnuplot-nox libxml2-utils
    gcc-mingw-w64-x86-64 wine64 wine)
# npm fetches Bun and Deno (bench/install-js-runtimes.sh), installed only when
# they are missing; optional: nodesource's nodejs brings its own npm, and
# Debian's npm package would conflict with it.
FASTSHA256_JS_PACKAGES=("cmd:npm|npm")
# The emulated and 32-bit cross builds (.ci/cross.sh).
FASTSHA256_CROSS_PACKAGES=(cmake make qemu-user gcc-aarch64-linux-gnu libc6-dev-arm64-cross
    gcc-s390x-linux-gnu libc6-dev-s390x-cross gcc-i686-linux-gnu libc6-dev-i386-cross)
# The main benchmark (bench.sh): the build, the peers (OpenSSL, Google
# Benchmark, Node with the Node-API headers for the addon's rows, Bun and Deno
# through npm, Python with the module's headers)
# gnuplot for the sweep's plots, and clang-14/lld-14 for the package's
# WebAssembly modules (built, not tracked).
FASTSHA256_BENCH_PACKAGES=("cmd:cc|build-essential" "cmd:make|build-essential" "cmd:cmake|cmake"
    "cmd:pkg-config|pkg-config" "file:/usr/include/openssl/evp.h|libssl-dev"
    "file:/usr/include/benchmark/benchmark.h|libbenchmark-dev" "cmd:gnuplot|gnuplot-nox"
    "cmd:node|nodejs" "cmd:npm|npm" "file:/usr/include/node/node_api.h|libnode-dev" python3-dev
    clang-14 lld-14 llvm-14)

# package_present ENTRY: the entry's check passes or dpkg has its package.
package_present() {
    local entry=$1 check="" pkg=$1
    if [[ $entry == *"|"* ]]; then
        check=${entry%%|*} pkg=${entry#*|}
    fi
    case $check in
        cmd:*) command -v "${check#cmd:}" >/dev/null 2>&1 && return 0 ;;
        file:*) [ -e "${check#file:}" ] && return 0 ;;
    esac
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"
}

# install_missing [--optional] [--no-install-recommends] ENTRY...
# Installs the packages of the entries that are not present. Without
# --optional a failure is the caller's (non-zero status, apt-get's message);
# with it, a warning (peers that cannot be installed only remove rows).
install_missing() {
    local optional=0 apt_opts=(-y -qq) missing=() entry pkg
    while [ $# -gt 0 ]; do
        case $1 in
            --optional) optional=1 ;;
            --no-install-recommends) apt_opts+=(--no-install-recommends) ;;
            *) break ;;
        esac
        shift
    done
    for entry in "$@"; do
        package_present "$entry" && continue
        pkg=${entry#*|}
        [[ " ${missing[*]} " == *" $pkg "* ]] || missing+=("$pkg")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    echo "== installing: ${missing[*]}"
    local sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    if $sudo apt-get update -qq &&
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install "${apt_opts[@]}" "${missing[@]}" >/dev/null
    then
        return 0
    fi
    [ $optional -eq 1 ] || return 1
    echo "== could not install all of: ${missing[*]}; going on without them" >&2
    return 0
}

# find_js_runtime ROOT NAME: the path of bun or deno, looked up as
# fastsha256-bench and bindings/node/test/run.sh do: $FASTSHA256_JS_RUNTIMES/bin,
# ROOT/bench/.runtimes/bin, then PATH.
find_js_runtime() {
    local root=$1 name=$2 dir
    for dir in ${FASTSHA256_JS_RUNTIMES:+"$FASTSHA256_JS_RUNTIMES/bin"} "$root/bench/.runtimes/bin"; do
        if [ -x "$dir/$name" ]; then
            echo "$dir/$name"
            return 0
        fi
    done
    command -v "$name" 2>/dev/null
}

# ensure_js_runtimes ROOT: when Bun or Deno is missing, fetches both from the
# npm registry into ROOT/bench/.runtimes (bench/install-js-runtimes.sh);
# where that cannot work, says how to get them. Never fails: their tests
# and rows skip themselves without them. FASTSHA256_NO_BUN_DENO=1: never.
ensure_js_runtimes() {
    local root=$1 missing=() name log
    [ "${FASTSHA256_NO_BUN_DENO:-0}" = 1 ] && return 0
    for name in bun deno; do
        find_js_runtime "$root" "$name" >/dev/null || missing+=("$name")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    local how="bench/install-js-runtimes.sh (needs npm and the npm registry), or bun and deno on"
    how+=" PATH or in \$FASTSHA256_JS_RUNTIMES/bin; FASTSHA256_NO_BUN_DENO=1 stops this attempt"
    command -v npm >/dev/null 2>&1 || install_missing --optional "${FASTSHA256_JS_PACKAGES[@]}"
    if ! command -v npm >/dev/null 2>&1; then
        echo "== ${missing[*]} not found and no npm (apt-get install npm): their JavaScript tests" \
             "and rows skip. To get them: $how"
        return 0
    fi
    if ! timeout 30 npm ping >/dev/null 2>&1; then
        echo "== ${missing[*]} not found and the npm registry is not reachable: their JavaScript" \
             "tests and rows skip. To get them: $how"
        return 0
    fi
    echo "== ${missing[*]} not found: fetching Bun and Deno from the npm registry into" \
         "bench/.runtimes (bench/install-js-runtimes.sh)"
    log=$(mktemp)
    if timeout 300 "$root/bench/install-js-runtimes.sh" "$root/bench/.runtimes" >"$log" 2>&1; then
        grep -E '/bin/(bun|deno):' "$log" || true
    else
        cat "$log"
        echo "== Bun/Deno not installed: their JavaScript tests and rows skip. To get them: $how"
    fi
    rm -f "$log"
    return 0
}
