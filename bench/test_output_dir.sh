#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
# Regression test for fastsha256-bench --output DIR: the
# path is checked BEFORE the run (exit 2, nothing measured) and only the last
# directory is ever created.
# Usage: test_output_dir.sh path/to/fastsha256-bench [emulator [args...]]
# (cross builds: CMAKE_CROSSCOMPILING_EMULATOR runs the binary)
set -u
bench=$1
shift
emulator="$*"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/fsha256-bench-out.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
fail=0
tiny="--quick --count 1000 --reps 1 --no-js --no-python --no-openssl --backend scalar --cpu none --format csv"

# expect_usage_error PATH WHAT: exit 2, a message naming the path, no run.
expect_usage_error() {
    # shellcheck disable=SC2086
    $emulator "$bench" $tiny --output "$1" >"$tmp/stdout" 2>"$tmp/stderr"
    rc=$?
    if [ "$rc" -ne 2 ]; then
        echo "FAIL: --output $1 ($2): exit $rc, want 2"; fail=1
    elif grep -q calibrating "$tmp/stderr" || [ -s "$tmp/stdout" ]; then
        echo "FAIL: --output $1 ($2): the run started before the path was checked"; fail=1
    elif ! grep -q -- "--output" "$tmp/stderr"; then
        echo "FAIL: --output $1 ($2): no clear message:"; cat "$tmp/stderr"; fail=1
    else
        echo "ok: --output $1 ($2): $(cat "$tmp/stderr")"
    fi
}

expect_usage_error /nonexistent-fsha256/x "missing parent at the root"
[ -e /nonexistent-fsha256 ] && { echo "FAIL: /nonexistent-fsha256 was created"; fail=1; rm -rf /nonexistent-fsha256; }
expect_usage_error "$tmp/missing/a/b" "missing parents"
[ -e "$tmp/missing" ] && { echo "FAIL: $tmp/missing was created"; fail=1; }
: >"$tmp/file"
expect_usage_error "$tmp/file" "a regular file"
expect_usage_error "$tmp/file/sub" "under a regular file"
expect_usage_error "" "empty path"

# expect_written PATH WHAT: exit 0 and the results in PATH.
expect_written() {
    # shellcheck disable=SC2086
    $emulator "$bench" $tiny --output "$1" >"$tmp/stdout" 2>"$tmp/stderr"
    rc=$?
    if [ "$rc" -ne 0 ]; then
        echo "FAIL: --output $1 ($2): exit $rc, want 0"; cat "$tmp/stderr"; fail=1
    elif [ ! -s "$1/results.csv" ] || [ ! -s "$1/results.json" ] || [ ! -s "$1/results.txt" ]; then
        echo "FAIL: --output $1 ($2): results.{csv,json,txt} missing"; fail=1
    else
        echo "ok: --output $1 ($2)"
    fi
}

expect_written "$tmp/new" "the last directory is created"
expect_written "$tmp/new" "an existing directory"
expect_written "$tmp/slash/" "a trailing slash"

exit $fail
