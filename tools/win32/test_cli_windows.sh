#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# fastsha256sum.exe (under wine) against the Linux fastsha256sum of a native
# build: the same files and check files give the same standard output
# (byte for byte), standard error (program name substituted) and exit
# status. One documented difference: a file named without -t or -b is marked
# binary on Windows ('*', as sha256sum there), so such runs are compared
# with the Linux program's -b.
#
# Usage: test_cli_windows.sh NATIVE_BUILD_DIR COMMAND...   (COMMAND: the
# emulator and fastsha256sum.exe). 77 (skipped) without a native build.
set -u
native=${1:-}
shift
LINUX=$native/tools/fastsha256sum
if [ -z "$native" ] || [ ! -x "$LINUX" ]; then
    echo "no native fastsha256sum to compare with (FASTSHA256_REFERENCE_BUILD): skipped"
    exit 77
fi
WIN=("$@")
export LC_ALL=C
unset FASTSHA256_BACKEND FASTSHA256_HIDE FASTSHA256_NO_SELFTEST POSIXLY_CORRECT

T=$(mktemp -d "${TMPDIR:-/tmp}/fsum-win-test.XXXXXX") || exit 2
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 2
passed=0
failed=0

# Files: empty, around the block and small-file limits, several pieces
# (multi-stream and read-ahead), bytes a text mode would change (CR LF, ^Z).
head -c 0 /dev/urandom >empty
printf 'abc' >abc
head -c 55 /dev/urandom >b55
head -c 64 /dev/urandom >b64
head -c 65536 /dev/urandom >small-limit
head -c 65537 /dev/urandom >over-limit
head -c 3000001 /dev/urandom >large
printf 'line one\r\nline two\r\n\032after ctrl-z\r\n' >crlf.txt
printf 'x' >'with space'
FILES=(empty abc b55 b64 small-limit over-limit large crlf.txt 'with space')

# run NAME STDIN WIN_ARGS -- LINUX_ARGS: both programs, outputs compared.
run() {
    local name=$1 input=$2 win_args=() linux_args=()
    shift 2
    while [ "$1" != -- ]; do win_args+=("$1"); shift; done
    shift
    linux_args=("$@")
    local ws=0 ls=0
    "${WIN[@]}" "${win_args[@]}" <"$input" >w.out 2>w.err || ws=$?
    "$LINUX" "${linux_args[@]}" <"$input" >l.out 2>l.err || ls=$?
    sed -E "s#[^ ']*fastsha256sum(\.exe)?#PROG#g" w.err >w.err2
    sed -E "s#[^ ']*fastsha256sum#PROG#g" l.err >l.err2
    if cmp -s w.out l.out && cmp -s w.err2 l.err2 && [ $ws -eq $ls ]; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "FAILED: $name (exit: windows $ws, linux $ls)"
        diff <(od -c l.out) <(od -c w.out) | head -n 10
        diff l.err2 w.err2 | head -n 10
    fi
}

# Sums: the default against -b, the rest option for option.
run "default marks binary" /dev/null "${FILES[@]}" -- -b "${FILES[@]}"
for opts in "-b" "-t" "--tag" "-z" "-a sha224" "-a sha224 --tag" "-j1" "-j3" "-t -j4"; do
    linux_opts="-b $opts"
    case " $opts " in *" -t "*) linux_opts=$opts ;; esac
    # shellcheck disable=SC2086
    run "sum $opts" /dev/null $opts "${FILES[@]}" -- $linux_opts "${FILES[@]}"
done
run "piped standard input is binary" large - -- -b -
run "standard input with -t" crlf.txt -t - -- -t -
run "unreadable file (missing)" /dev/null abc missing b55 -- -b abc missing b55

# Offsets past 2^32 (long is 32 bits on Windows): a sparse file of 5 GB
# with bytes at its end, read ahead in pieces (-j2) and through standard input.
truncate -s 5000000001 sparse && printf 'end' | dd of=sparse bs=1 seek=4999999990 conv=notrunc 2>/dev/null
want=$("$LINUX" sparse | cut -c1-64)
for how in "-j2 sparse" "-j1 -"; do
    # shellcheck disable=SC2086
    got=$("${WIN[@]}" $how <sparse | cut -c1-64)
    if [ "$got" = "$want" ]; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "FAILED: a 5 GB sparse file ($how): $got, Linux $want"
    fi
done
rm -f sparse

# A directory cannot be read on either system; the words differ (Windows
# opens it with "Permission denied", Linux reads "Is a directory"): the
# message names it, the other files still print, the status is 1.
mkdir folder
ws=0
"${WIN[@]}" abc folder >w.out 2>w.err || ws=$?
if [ $ws -eq 1 ] && grep -q ': folder: Permission denied$' w.err && grep -q ' \*abc$' w.out; then
    passed=$((passed + 1))
else
    failed=$((failed + 1))
    echo "FAILED: a directory (exit $ws)"
    cat w.out w.err
fi

# Check files made by either program, in both separators and with CR LF.
"$LINUX" "${FILES[@]}" >linux.sha256
"${WIN[@]}" "${FILES[@]}" >windows.sha256
"$LINUX" --tag "${FILES[@]}" >bsd.sha256
sed 's/$/\r/' linux.sha256 >crlf.sha256
{
    head -n 3 linux.sha256
    echo "0000000000000000000000000000000000000000000000000000000000000000  abc"
    echo "this line is not a checksum line"
    echo "$(sha256sum <abc | cut -c1-64)  missing"
} >mixed.sha256
for list in linux windows bsd crlf; do
    run "check $list" /dev/null -c $list.sha256 -- -c $list.sha256
done
for opts in "" "--quiet" "--status" "--warn" "--strict" "--ignore-missing" "-j2 --warn"; do
    # shellcheck disable=SC2086
    run "check mixed $opts" /dev/null -c $opts mixed.sha256 -- -c $opts mixed.sha256
done
run "check from standard input" linux.sha256 -c - -- -c -
run "check list missing" /dev/null -c nolist.sha256 -- -c nolist.sha256
printf 'nothing here\n' >bad.sha256
run "check list without a checksum line" /dev/null -c bad.sha256 -- -c bad.sha256

# Usage errors and the backend check keep their messages.
run "-t with --check" /dev/null -t -c linux.sha256 -- -t -c linux.sha256
run "--tag with -t" /dev/null --tag -t abc -- --tag -t abc
run "unknown backend" /dev/null --backend bogus abc -- --backend bogus abc
FASTSHA256_BACKEND=bogus run "FASTSHA256_BACKEND unknown" /dev/null abc -- -b abc

# The same CPU features and the same automatic choice (the line marked *).
run "--list-backends" /dev/null --list-backends -- --list-backends

# Every backend this CPU has gives the same lines.
for backend in $("$LINUX" --list-backends | sed -n 's/^[* ] //p'); do
    run "--backend $backend" /dev/null --backend "$backend" "${FILES[@]}" -- \
        --backend "$backend" -b "${FILES[@]}"
done

echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
