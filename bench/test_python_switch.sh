#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
# ctest bench.python_switch: the Python rows follow their own
# switch. --no-js keeps them (it used to drop them), --no-python drops them
# and nothing of Python runs.
# Usage: test_python_switch.sh path/to/fastsha256-bench MODULE_BUILT(0|1)
# Exit 77 (skipped) when this build has no Python module (no python3-dev).
set -u
bench=$1
built=$2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/fsha256-bench-py.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
tiny="--quick --count 1000 --reps 1 --js-count 2000 --no-openssl --backend scalar --cpu none --format csv"
fail=0

# shellcheck disable=SC2086
"$bench" $tiny --no-python >"$tmp/no-python.csv" 2>"$tmp/no-python.err" ||
    { echo "FAIL: --no-python run exited $?"; cat "$tmp/no-python.err"; fail=1; }
if grep -q '^seed,python,' "$tmp/no-python.csv" || grep -q 'python ' "$tmp/no-python.err"; then
    echo "FAIL: --no-python still ran Python:"; grep -i python "$tmp/no-python.csv" "$tmp/no-python.err"
    fail=1
else
    echo "ok: --no-python: no Python row, no Python run"
fi

if [ "$built" != 1 ]; then
    echo "skipped: the Python module is not built here (apt-get install python3-dev); --no-js not checked"
    [ $fail -eq 0 ] && exit 77
    exit 1
fi
# shellcheck disable=SC2086
"$bench" $tiny --no-js >"$tmp/no-js.csv" 2>"$tmp/no-js.err" ||
    { echo "FAIL: --no-js run exited $?"; cat "$tmp/no-js.err"; fail=1; }
rows=$(grep -c '^seed,python,.*,ok,' "$tmp/no-js.csv")
if [ "$rows" -ne 4 ]; then
    echo "FAIL: --no-js: $rows checked Python rows, want 4 (hashlib, sha256, sha256_many, sha256_packed):"
    grep -i python "$tmp/no-js.csv" "$tmp/no-js.err"
    fail=1
else
    echo "ok: --no-js: the 4 Python rows are there"
fi
if grep -qE '^seed,(node|bun|deno),' "$tmp/no-js.csv"; then
    echo "FAIL: --no-js still has JavaScript rows"; fail=1
fi
exit $fail
