#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
# Smoke test of fastsha256-bench --limits: the table names the CPU
# (vendor, family, model, stepping) and the results file it belongs in, every
# path row is there with a floor where the CPU has the instructions, and the
# probes' values are plausible (sha256rnds2 latency 1-16 core cycles where
# SHA-NI runs, shares positive). Timing values are not asserted beyond that.
# Usage: test_limits.sh path/to/fastsha256-bench [emulator [args...]]
set -u
bench=$1
shift
emulator="$*"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/fsha256-limits.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
# shellcheck disable=SC2086
$emulator "$bench" --limits --quick --reps 1 --no-js --no-openssl >"$tmp/out" 2>"$tmp/err" || {
    echo "FAIL: --limits exited $?"; cat "$tmp/err"; exit 1; }
fail=0
need() {
    grep -q -- "$1" "$tmp/out" || { echo "FAIL: no '$1' in the output"; fail=1; }
}
need "Limits of this CPU: .* family [0-9]* model [0-9]* stepping [0-9]*\|Limits of this CPU: implementer"
grep -q "results file name: bench/results/cpus/[a-z]*-f[0-9x]*-m[0-9a-fx]*\.txt" "$tmp/err" ||
    { echo "FAIL: no results file name on stderr"; fail=1; }
for path in "single stream, 16 MiB" "14 B fastsha256(), chained (latency)" \
            "14 B fastsha256_hex(), chained (latency)" "batch 16 x 1 MiB (fastsha256_many)" \
            "seed batch + hex, 14 B, per message" "hex per digest (to_hex_many)" \
            "HMAC 64 B batch (hmac_many), per tag" "update_many, 4 streams x 1 MiB" \
            "portable C single stream, 16 MiB"; do
    need "$path"
done
if grep -q "^sha256rnds2 latency" "$tmp/out"; then
    awk '/^sha256rnds2 latency/ { v = $3; if (!(v >= 1 && v <= 16)) { print "FAIL: rnds2 latency " v; exit 1 } }' \
        "$tmp/out" || fail=1
    # With SHA-NI every SHA-NI path row has a floor, so a share.
    awk '/^batch 16 x 1 MiB \(fastsha256_many\)/ { if ($0 !~ /[0-9]+%/) { print "FAIL: no share: " $0; exit 1 } }' \
        "$tmp/out" || fail=1
fi
[ "$fail" = 0 ] && echo "ok: --limits"
exit "$fail"
