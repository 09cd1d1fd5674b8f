#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
# fastsha256-bench --output DIR draws the seed table as a chart: seed.png must
# be a PNG (its signature, then an IHDR chunk) and seed.svg must parse as XML.
# The smallest counts the benchmark takes keep it a smoke test; the JS rows
# come along when node is found, so the runtimes' bars are drawn too.
# Usage: test_chart.sh path/to/fastsha256-bench
# Exit 77 (skipped) without gnuplot: the pictures are optional then.
set -u
bench=$1
command -v gnuplot >/dev/null 2>&1 || { echo "skip: gnuplot not found (apt-get install gnuplot-nox)"; exit 77; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/fsha256-bench-chart.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
fail=0
"$bench" --quick --count 2000 --reps 1 --js-count 500 --js-async-count 50 --js-peer-count 50 \
    --no-python --backend auto --cpu none --output "$tmp/out" >"$tmp/stdout" 2>"$tmp/stderr" || {
    echo "FAIL: the run exited $?"; cat "$tmp/stderr"; exit 1; }

# The PNG signature (8 bytes), then the first chunk: length 13, type IHDR.
head=$(od -An -tx1 -N16 "$tmp/out/seed.png" 2>/dev/null | tr -d ' \n')
if [ "$head" = "89504e470d0a1a0a0000000d49484452" ]; then
    echo "ok: seed.png starts with the PNG signature and IHDR"
else
    echo "FAIL: seed.png is not a PNG (first bytes: $head)"; fail=1
fi
# The SVG through an XML parser (python3's or xmllint, whichever is here).
if command -v python3 >/dev/null 2>&1; then
    parse="python3 -c 'import sys, xml.etree.ElementTree as E; r = E.parse(sys.argv[1]).getroot(); sys.exit(not r.tag.endswith(\"svg\"))'"
elif command -v xmllint >/dev/null 2>&1; then
    parse="xmllint --noout"
else
    echo "skip: no XML parser (python3 or xmllint) for seed.svg"; exit 77
fi
if eval "$parse" '"$tmp/out/seed.svg"'; then
    echo "ok: seed.svg parses as XML with an svg root"
else
    echo "FAIL: seed.svg does not parse as SVG"; fail=1
fi
# The bars' data: one line per bar, the C rows at least.
if grep -q '^[0-9]' "$tmp/out/seed.dat" 2>/dev/null; then
    echo "ok: seed.dat has $(grep -c '^[0-9]' "$tmp/out/seed.dat") bars"
else
    echo "FAIL: seed.dat has no bars"; fail=1
fi
exit $fail
