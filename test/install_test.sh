#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# Installs the build into a scratch prefix, then builds and runs a consumer
# through find_package (static and shared) and through pkg-config.
set -euo pipefail
build_dir=$1 source_dir=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cmake --install "$build_dir" --prefix "$work/prefix" >/dev/null
cmake -S "$source_dir/consumer" -B "$work/consumer" -DCMAKE_PREFIX_PATH="$work/prefix" >/dev/null
cmake --build "$work/consumer" >/dev/null
"$work/consumer/consumer_static"
lib_dir=$(dirname "$(find "$work/prefix" -name 'libfastsha256.so' | head -n 1)")
LD_LIBRARY_PATH="$lib_dir" "$work/consumer/consumer_shared"
pc_dir=$(dirname "$(find "$work/prefix" -name fastsha256.pc)")
cc "$source_dir/consumer/main.c" -o "$work/pc_consumer" \
    $(PKG_CONFIG_PATH="$pc_dir" pkg-config --cflags --libs fastsha256)
LD_LIBRARY_PATH="$lib_dir" "$work/pc_consumer"
echo "3 passed, 0 failed"
