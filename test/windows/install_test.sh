#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# install_test.sh BUILD_DIR SOURCE_DIR TOOLCHAIN EMULATOR...: the Windows
# build installed into a scratch prefix; a consumer built against it with
# find_package (static, and the DLL through its import library) and with
# pkg-config, run under the emulator (wine) with the prefix's bin folder,
# where fastsha256.dll is, on its PATH (WINEPATH); the installed
# fastsha256sum.exe run from there.
set -euo pipefail
build_dir=$1 source_dir=$2 toolchain=$3
shift 3
run=("$@")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix
cmake --install "$build_dir" --prefix "$prefix" >/dev/null
for f in bin/fastsha256.dll lib/libfastsha256.dll.a lib/libfastsha256.a include/fastsha256.h \
    bin/fastsha256sum.exe lib/pkgconfig/fastsha256.pc lib/cmake/fastsha256/fastsha256Config.cmake; do
    [ -e "$prefix/$f" ] || { echo "FAILED: not installed: $f"; exit 1; }
done
cmake -S "$source_dir/consumer" -B "$work/consumer" -DCMAKE_TOOLCHAIN_FILE="$toolchain" \
    -Dfastsha256_DIR="$prefix/lib/cmake/fastsha256" >/dev/null
cmake --build "$work/consumer" >/dev/null
export WINEPATH="Z:${prefix//\//\\}\\bin"
"${run[@]}" "$work/consumer/consumer_static.exe"
"${run[@]}" "$work/consumer/consumer_shared.exe"
# The shared consumer must load the DLL, not carry the library (the output
# kept whole: grep -q ending early would fail the pipe under pipefail).
imports=$(x86_64-w64-mingw32-objdump -p "$work/consumer/consumer_shared.exe")
grep -q 'DLL Name: fastsha256.dll' <<<"$imports" ||
    { echo "FAILED: consumer_shared.exe does not import fastsha256.dll"; exit 1; }
# shellcheck disable=SC2046 # pkg-config's flags are words
x86_64-w64-mingw32-gcc-posix "$source_dir/consumer/main.c" -o "$work/pc_consumer.exe" \
    $(PKG_CONFIG_LIBDIR="$prefix/lib/pkgconfig" pkg-config --cflags --libs fastsha256)
"${run[@]}" "$work/pc_consumer.exe"
printf abc >"$work/abc"
line=$("${run[@]}" "$prefix/bin/fastsha256sum.exe" "$work/abc")
[[ $line == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad *"* ]] ||
    { echo "FAILED: the installed fastsha256sum.exe: $line"; exit 1; }
echo "4 passed, 0 failed"
