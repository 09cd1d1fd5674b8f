#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
# The benchmark is installed only with FASTSHA256_INSTALL_BENCH=ON (not
# by default): installs the build into a scratch prefix and checks that
# fastsha256-bench and its JS snippets are there exactly when the option is on.
# Usage: test_install_gate.sh BUILD_DIR ON|OFF
set -u
build_dir=$1
want=$2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/fsha256-bench-install.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
cmake --install "$build_dir" --prefix "$tmp/prefix" >"$tmp/log" 2>&1 || {
    echo "FAIL: cmake --install failed:"; cat "$tmp/log"; exit 1
}
found=$(find "$tmp/prefix" \( -name 'fastsha256-bench*' -o -path '*/fastsha256/bench*' \) | sort)
case $want in
ON|on|1|TRUE|true|YES|yes)
    for f in bin/fastsha256-bench share/fastsha256/bench/js/createhash.mjs \
             share/fastsha256/bench/js/harness.mjs; do
        [ -e "$tmp/prefix/$f" ] || { echo "FAIL: FASTSHA256_INSTALL_BENCH=ON did not install $f"; exit 1; }
    done
    echo "ok: FASTSHA256_INSTALL_BENCH=ON installs the benchmark" ;;
*)
    if [ -n "$found" ]; then
        echo "FAIL: FASTSHA256_INSTALL_BENCH=OFF installed:"; echo "$found"; exit 1
    fi
    echo "ok: FASTSHA256_INSTALL_BENCH=OFF installs no benchmark file" ;;
esac
