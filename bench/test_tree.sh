#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
# Smoke test of fastsha256-bench --tree on a small file (3,000,000 bytes: not
# a whole number of blocks, so every format's last leaf is short): it exits
# 0 (no row disagreed with fastsha256's one-shot calls), every format has
# fastsha256's row with a rate, and every reference tool's row has a rate
# or says which Debian package it needs. Speed is not asserted.
# Usage: test_tree.sh path/to/fastsha256-bench
set -u
tmp=$(mktemp -d "${TMPDIR:-/tmp}/fsha256-tree.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
"$1" --tree --quick --reps 1 --tree-size 3000000 --tree-file "$tmp/data" --output "$tmp/out" \
    >"$tmp/table" 2>"$tmp/err" || { echo "FAIL: --tree exited $?"; cat "$tmp/table" "$tmp/err"; exit 1; }
fail=0
for what in "SHA-256 of the file" "fs-verity, 4 KiB" "dm-verity 4 KiB" "BitTorrent v2" "Glacier" \
            "RFC 6962"; do
    grep -q "^$what.* fastsha256 .* 1 *[0-9][0-9.]* \(GB\|Mleaves\)/s" "$tmp/table" ||
        { echo "FAIL: no fastsha256 rate for '$what'"; fail=1; }
done
for tool in "fsverity" "veritysetup" "libtorrent" "botocore" "OpenSSL"; do
    grep -q "$tool.* [0-9][0-9.]* \(GB\|Mleaves\)/s\|$tool.*apt-get install" "$tmp/table" ||
        { echo "FAIL: no row for $tool"; fail=1; }
done
grep -q '^"tree",\|"section": *"tree"\|^tree,' "$tmp/out/results.csv" ||
    { echo "FAIL: no tree rows in results.csv"; fail=1; }
if [ "$fail" = 0 ]; then echo "ok: --tree"; else cat "$tmp/table"; fi
exit "$fail"
