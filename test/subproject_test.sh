#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# subproject_test.sh SOURCE_DIR: configures, builds and runs test/subproject
# (fastsha256 through add_subdirectory in a parent project).
set -euo pipefail
source_dir=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cmake -S "$source_dir/test/subproject" -B "$work" -DFASTSHA256_SOURCE_DIR="$source_dir" >/dev/null
cmake --build "$work" >/dev/null
"$work/parent"
