#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
# The seed report from fixed rows (bench/fixtures/seed-rows.jsonl through
# fastsha256-bench-report-test, the benchmark's own table code): the ranking,
# the one-line answers, a missing runtime named with what installs it, and
# columns that line up around long names (nothing cut or shifted).
# Usage: test_report.sh path/to/fastsha256-bench-report-test FIXTURE.jsonl
set -u
out=$("$1" "$2") || { echo "FAIL: the report program exited $?"; exit 1; }
fail=0

# expect_line TEXT WHAT: TEXT is a whole line of the report.
expect_line() {
    if printf '%s\n' "$out" | grep -qFx -- "$1"; then
        echo "ok: $2"
    else
        echo "FAIL: $2: no line"; echo "    $1"; fail=1
    fi
}

# expect_before A B WHAT: the first line holding A comes before the first holding B.
expect_before() {
    a=$(printf '%s\n' "$out" | grep -nF -- "$1" | head -1 | cut -d: -f1)
    b=$(printf '%s\n' "$out" | grep -nF -- "$2" | head -1 | cut -d: -f1)
    if [ -n "$a" ] && [ -n "$b" ] && [ "$a" -lt "$b" ]; then
        echo "ok: $3"
    else
        echo "FAIL: $3: '$1' (line ${a:-none}) not before '$2' (line ${b:-none})"; fail=1
    fi
}

expect_before "  1  bun 1.4.5     createHash" "  2  node 20.20.2  createHash" "createHash ranked fastest first"
expect_before "  1  node 20.20.2  await crypto" "  2  bun 1.4.5     await crypto" "WebCrypto ranked fastest first"
expect_before "  1  bun 1.4.5     Bun.SHA256.hash" "  3  node 20.20.2  crypto.hash" "built-ins ranked fastest first"
expect_before "  fastsha256  auto=shani" "  openssl     3.0.19" "C ranked fastest first"
expect_line "  createHash: Bun is the fastest here (1.50M/s): 2.50x Node; Deno not found (2022: Node 8.2x Bun)." \
    "the createHash answer"
expect_line "  WebCrypto: Node is the fastest here (120.0k/s): 2.00x Bun; Deno not found (2022: Node 1.6x Deno)." \
    "the WebCrypto answer"
expect_line '  fastest built-in (not in the seed): Bun is the fastest here (3.00M/s, Bun.SHA256.hash(m, "hex")): 3.00x Node; Deno not found.' \
    "the built-in answer, each runtime once"
expect_line "  deno: not found (bench/install-js-runtimes.sh installs it)" \
    "the missing runtime, with what installs it"
expect_line '  node + fastsha256 (wasm)  20.20.2  sha256Packed(buf, 14, 14, "hex") x1024 with a much longer name  2.50M  2.25M-2.75M       2.50x         4.17x  ok' \
    "a long name whole, ratios against the runtime's built-in and createHash"
if printf '%s\n' "$out" | grep -q "60.0k.*MISMATCH$"; then
    echo "ok: a failed check is shown"
else
    echo "FAIL: the failed check is not shown"; fail=1
fi

# Every row's check cell (the last, left-aligned) starts under its table's
# "check" heading: a cut or widened cell before it would move it.
bad=$(printf '%s\n' "$out" | awk '
    $NF == "check" { pos = length($0) - 4; next }
    pos && ($NF == "ok" || $NF == "MISMATCH" || $NF == "-") {
        if (length($0) - length($NF) + 1 != pos) print NR ": " $0 }')
if [ -z "$bad" ]; then
    echo "ok: every check cell under its heading"
else
    echo "FAIL: shifted columns:"; echo "$bad"; fail=1
fi
[ "$fail" = 0 ] || { echo "--- the report:"; printf '%s\n' "$out"; }
exit $fail
