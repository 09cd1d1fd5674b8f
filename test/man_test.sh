#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# ctest man.pages: every page in man/ renders without a warning from man
# and groff, states this version, and names every option (and subcommand) that
# its program's --help shows.
#   man_test.sh SOURCE_DIR VERSION FASTSHA256SUM FASTSHA256_TREE [FASTSHA256_BENCH]
# 77: man is not installed (apt-get install man-db groff-base).
set -uo pipefail
src=$1 version=$2 sum=$3 tree=$4 bench=${5:-}
command -v man >/dev/null || { echo "SKIP: no man (apt-get install man-db groff-base)"; exit 77; }
passed=0 failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }

for page in "$src"/man/*.[1-9]; do
    name=${page##*/}
    warnings=$(LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -l "$page" 2>&1 >/dev/null)
    if [ -z "$warnings" ]; then ok; else bad "$name renders with warnings:"; echo "$warnings"; fi
    if grep -q "^\.TH .* \"fastsha256 $version\"" "$page"; then ok
    else bad "$name: its .TH line does not say fastsha256 $version"; fi
    head -n 1 "$page" | grep -qx '.\\" SPDX-License-Identifier: Apache-2.0 OR MIT' && ok ||
        bad "$name: no SPDX line first"
done

# rendered PAGE: the page as plain text, wide (no line breaks inside names).
rendered() { LC_ALL=C MANWIDTH=200 man -l "$1" 2>/dev/null | col -bx; }

# covers PAGE PROGRAM [WORD...]: every option in PROGRAM --help, and each WORD,
# appears in PAGE's text.
covers() {
    local page=$1 prog=$2 text opts opt
    shift 2
    text=$(rendered "$src/man/$page")
    opts=$("$prog" --help | grep -oE -- '(^|[][ ,(|])--?[a-zA-Z][a-zA-Z0-9-]*' | sed 's/^[^-]*//' |
        sort -u)
    [ -n "$opts" ] || { bad "$prog --help shows no option"; return; }
    for opt in $opts --help --version "$@"; do
        if grep -Eq -- "(^|[^a-zA-Z0-9-])$opt([^a-zA-Z0-9-]|\$)" <<<"$text"; then ok
        else bad "$page does not mention $opt (from $prog --help)"; fi
    done
}
covers fastsha256sum.1 "$sum" FASTSHA256_BACKEND fastsha224sum
covers fastsha256-tree.1 "$tree" fsverity dmverity bt2 glacier
if [ -n "$bench" ]; then
    covers fastsha256-bench.1 "$bench"
else
    echo "fastsha256-bench not built: its page is checked for warnings only"
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
