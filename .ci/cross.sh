#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# Cross-builds fastsha256 for aarch64, big-endian s390x and i686 with Debian 12's
# cross compilers and runs the test suites, under qemu-user for the first two
# (ctest prefixes every test program with the toolchain file's
# CMAKE_CROSSCOMPILING_EMULATOR):
#
#   1. aarch64, SHA-2 visible: armv8 auto-selected (backend.auto checks it),
#      every suite with auto-selection and with each backend forced;
#   2. aarch64, SHA-2 hidden (FASTSHA256_HIDE=sha2 in each test's ENVIRONMENT,
#      label nosha2): auto-selection falls back to scalar, suites still pass;
#   3. s390x: the portable code on a big-endian CPU;
#   4. i686: 32-bit x86, linked statically and run natively (no emulator),
#      or under qemu-i386 where the kernel cannot run 32-bit programs.
#
# The tests use test/shim (a Criterion stand-in): Debian has no Criterion for
# s390x, and arm64's cannot be installed beside the host's (multiarch removes
# the host libcriterion-dev). The multi-gigabyte `large` streams (2^29 and
# 2^32 bytes) run once per architecture, on the code that the host run does
# not cover: large.armv8 (~90 s) and large.auto on big-endian s390x (~210 s);
# FASTSHA256_CROSS_LARGE=0 skips them. The cli.* test runs fastsha256sum
# under the emulator too (test_cli.sh gets CMAKE_CROSSCOMPILING_EMULATOR) on
# big-endian s390x and 32-bit i686, what the host's run cannot show; not on
# aarch64, whose library the suites cover.
#
#   .ci/cross.sh [all|aarch64|s390x|i686|insns]     (root on Debian 12, or sudo)
#
# `insns` prints instructions per 64-byte block of the scalar and ARMv8
# kernels, counted by qemu (-singlestep -d exec,nochain: one log line per
# executed instruction), from the difference between 100 and 200 blocks.
set -uo pipefail
cd "$(dirname "$0")/.."

BUILD_ROOT=${BUILD_ROOT:-build}
LARGE=${FASTSHA256_CROSS_LARGE:-1}
JOBS=$(nproc 2>/dev/null || echo 2)
CTEST=(ctest --output-on-failure --no-tests=error -j "$JOBS" --timeout 1500)

# The package lists and install_missing, shared with test.sh and bench.sh.
source scripts/deps.sh

failures=()
step() { # step NAME COMMAND...: runs it, times it, records a failure
    local name=$1 start=$SECONDS rc=0
    shift
    echo
    echo "== $name"
    "$@" || rc=$?
    if [ $rc -eq 0 ]; then
        echo "== $name: OK ($((SECONDS - start)) s)"
    else
        echo "== $name: FAILED ($((SECONDS - start)) s)"
        failures+=("$name")
    fi
    return $rc
}

configure_and_build() { # configure_and_build ARCH EXPECTED_BACKEND [CMAKE_ARGS...]
    local arch=$1 dir=$BUILD_ROOT/cross-$1 expect=$2
    shift 2
    mkdir -p "$BUILD_ROOT"
    cmake -S . -B "$dir" -DCMAKE_TOOLCHAIN_FILE="cmake/$arch-linux-gnu.cmake" \
        -DCMAKE_BUILD_TYPE=Release -DFASTSHA256_DEVELOPER=ON -DFASTSHA256_BUILD_BENCH=OFF -DFASTSHA256_WERROR=ON \
        -DFASTSHA256_TEST_EXPECT_BACKEND="$expect" "$@" >"$dir.configure.log" 2>&1 ||
        { cat "$dir.configure.log"; return 1; }
    cmake --build "$dir" -j "$JOBS" >"$dir.build.log" 2>&1 ||
        { cat "$dir.build.log"; return 1; }
    local runner="Criterion"
    grep -q 'Criterion shim' "$dir.configure.log" && runner="test/shim"
    echo "built $dir (compiler: $(grep -m1 'The C compiler identification' "$dir.configure.log" |
        sed 's/.*identification is //'); tests on $runner)"
}

run_aarch64() {
    local dir=$BUILD_ROOT/cross-aarch64 skip_large='nosha2'
    [ "$LARGE" = 0 ] && skip_large='nosha2|large'
    step "aarch64: configure and build" configure_and_build aarch64 armv8 || return
    step "aarch64 under qemu-aarch64, SHA-2 visible (armv8 auto-selected and forced)" \
        "${CTEST[@]}" --test-dir "$dir" -LE "$skip_large" -E '^(large\.(auto|scalar)|cli\.fastsha256sum)$'
    step "aarch64 under qemu-aarch64, SHA-2 hidden (FASTSHA256_HIDE=sha2: scalar)" \
        "${CTEST[@]}" --test-dir "$dir" -L nosha2 -LE large
}

run_s390x() {
    local dir=$BUILD_ROOT/cross-s390x skip_large=()
    [ "$LARGE" = 0 ] && skip_large=(-LE large)
    step "s390x: configure and build" configure_and_build s390x scalar || return
    step "s390x (big-endian) under qemu-s390x, portable code" \
        "${CTEST[@]}" --test-dir "$dir" "${skip_large[@]}" -E '^large\.scalar$'
}

# 32-bit x86: statically linked, so the programs run natively on this CPU
# (no emulator): every x86 kernel in 32-bit mode, a 32-bit size_t through
# the 2^32-byte stream, and fastsha256sum against GNU sha256sum. A kernel
# built without 32-bit support (IA32 emulation) cannot start them: then they
# run under qemu-i386, which has no SHA-NI or AVX-512 (those suites skip
# themselves) and is too slow for the 2^32-byte streams (label large).
i686_runs_natively() {
    local tmp rc
    tmp=$(mktemp -d) || return 1
    printf 'int main(void) { return 0; }\n' >"$tmp/probe.c"
    i686-linux-gnu-gcc -static -o "$tmp/probe" "$tmp/probe.c" >/dev/null 2>&1 &&
        "$tmp/probe" >/dev/null 2>&1
    rc=$?
    rm -rf "$tmp"
    return $rc
}

run_i686() {
    local dir=$BUILD_ROOT/cross-i686 how=native emulator=() skip=()
    if ! i686_runs_natively; then
        how="under qemu-i386: this kernel does not run 32-bit programs"
        emulator=(-DCMAKE_CROSSCOMPILING_EMULATOR=qemu-i386)
        skip=(-LE large)
    else
        emulator=(-DCMAKE_CROSSCOMPILING_EMULATOR=)
    fi
    step "i686: configure and build" configure_and_build i686 "" "${emulator[@]}" || return
    step "i686 (32-bit x86), $how" "${CTEST[@]}" --test-dir "$dir" "${skip[@]}"
}

# Instructions per block, from qemu's per-instruction exec log.
run_insns() {
    local dir=$BUILD_ROOT/cross-aarch64 tmp
    [ -f "$dir/libfastsha256.a" ] || configure_and_build aarch64 armv8 || return
    tmp=$(mktemp -d)
    cat >"$tmp/blocks.c" <<'EOF'
/* blocks KERNEL N: runs one kernel over N blocks (x2: N blocks per lane). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

static uint8_t buf[2][64 * 4096];

int main(int argc, char **argv) {
    size_t n = argc > 2 ? strtoul(argv[2], NULL, 10) : 1;
    uint32_t s[2][8];
    memset(buf, 0x5a, sizeof buf);
    memcpy(s[0], fsha256_sha256_iv, sizeof s[0]);
    memcpy(s[1], fsha256_sha256_iv, sizeof s[1]);
    uint32_t *const states[2] = {s[0], s[1]};
    const uint8_t *const data[2] = {buf[0], buf[1]};
    if (n > 4096 || argc < 2)
        return 2;
    if (strcmp(argv[1], "fsha256_scalar_blocks") == 0)
        fsha256_scalar_blocks(s[0], buf[0], n);
    else if (strcmp(argv[1], "fsha256_armv8_blocks") == 0)
        fsha256_armv8_blocks(s[0], buf[0], n);
    else if (strcmp(argv[1], "fsha256_armv8_lanes_x2") == 0)
        fsha256_armv8_lanes_x2(states, data, n);
    else
        return 2;
    printf("%08x\n", (unsigned)s[0][0]);
    return 0;
}
EOF
    aarch64-linux-gnu-gcc -O2 -static -DFASTSHA256_HAVE_ARMV8_KERNELS -Isrc -Iinclude \
        "$tmp/blocks.c" "$dir/libfastsha256.a" -o "$tmp/blocks" || return
    count() { # count KERNEL N: executed instructions inside KERNEL
        qemu-aarch64 -singlestep -d exec,nochain -D "$tmp/log" "$tmp/blocks" "$1" "$2" >/dev/null &&
            grep -c " $1\$" "$tmp/log"
    }
    # The static loop body: from the target of the function's backward b.ne to it.
    aarch64-linux-gnu-objdump -d --no-show-raw-insn "$dir/libfastsha256.a" >"$tmp/dis" || return
    loop_body() {
        local line from to
        line=$(sed -n "/<$1>:/,/^\$/p" "$tmp/dis" | grep -P '\tb\.ne\t' | tail -1)
        from=$(echo "$line" | awk -F: '{gsub(/ /, "", $1); print $1}')
        to=$(echo "$line" | awk '{print $3}')
        echo $(((0x$from - 0x$to) / 4 + 1))
    }
    local k a b lanes
    printf '%-20s %18s %18s\n' kernel "qemu (executed)" "objdump (loop)"
    for k in fsha256_scalar_blocks fsha256_armv8_blocks fsha256_armv8_lanes_x2; do
        a=$(count $k 100) && b=$(count $k 200) || return
        lanes=1
        [ $k = fsha256_armv8_lanes_x2 ] && lanes=2
        printf '%-20s %18s %18s   per iteration (%d lane(s) x 1 block)\n' \
            $k $(((b - a) / 100)) "$(loop_body $k)" $lanes
    done
    rm -rf "$tmp"
}

install_missing --no-install-recommends "${FASTSHA256_CROSS_PACKAGES[@]}" || exit 1
start=$SECONDS
[ $# -eq 0 ] && set -- all
for what in "$@"; do
    case $what in
    all) run_aarch64; run_s390x; run_i686 ;;
    aarch64) run_aarch64 ;;
    s390x) run_s390x ;;
    i686) run_i686 ;;
    insns) step "instructions per block under qemu-aarch64" run_insns ;;
    *) echo "usage: $0 [all|aarch64|s390x|i686|insns]" >&2; exit 2 ;;
    esac
done

echo
if [ ${#failures[@]} -ne 0 ]; then
    printf '== cross: FAILED (%d s):\n' "$((SECONDS - start))"
    printf '   %s\n' "${failures[@]}"
    exit 1
fi
echo "== cross: all passed ($((SECONDS - start)) s)"
