#!/usr/bin/env bash
# Differential tests of fastsha256sum against the system's GNU sha256sum and
# sha224sum: stdout (byte for byte), stderr (with the program name
# substituted) and exit status must all be identical; plus the extras
# (--backend, --list-backends, FASTSHA256_BACKEND, --algorithm).
#
# Usage: test_cli.sh /path/to/fastsha256sum [EMULATOR ARG...]
# With an emulator (a cross build's CMAKE_CROSSCOMPILING_EMULATOR, qemu-user),
# the program runs under it, named fastsha256sum/fastsha224sum through
# qemu's -0 (argv[0]).
# Ends with "N passed, M failed"; exits non-zero on any failure (77 when the
# reference tools are missing, which ctest reports as skipped).
set -u

BIN=${1:?usage: test_cli.sh /path/to/fastsha256sum}
case $BIN in /*) ;; *) BIN=$PWD/$BIN ;; esac
if [ ! -x "$BIN" ]; then
    echo "not executable: $BIN" >&2
    exit 2
fi
if ! command -v sha256sum >/dev/null || ! command -v sha224sum >/dev/null; then
    echo "sha256sum/sha224sum not found: nothing to compare against (skipped)"
    exit 77
fi

# Messages must not depend on the caller's language or on a forced backend.
export LC_ALL=C
unset LANGUAGE FASTSHA256_BACKEND FASTSHA256_HIDE FASTSHA256_NO_SELFTEST POSIXLY_CORRECT

T=$(mktemp -d "${TMPDIR:-/tmp}/fsum-cli-test.XXXXXX") || exit 2
trap 'rm -rf "$T"' EXIT
mkdir "$T/bin" "$T/w" "$T/out"
EMULATOR=("${@:2}")
for name in fastsha256sum fastsha224sum; do
    if [ ${#EMULATOR[@]} -eq 0 ]; then
        ln -s "$BIN" "$T/bin/$name"
    else
        printf '#!/bin/sh\nexec %s -0 %s %q "$@"\n' "$(printf '%q ' "${EMULATOR[@]}")" "$name" \
            "$BIN" >"$T/bin/$name"
        chmod +x "$T/bin/$name"
    fi
done
# Run both programs by bare name, so argv[0] (the name in messages) is short.
export PATH="$T/bin:$PATH"
W=$T/w
O=$T/out

echo "reference: $(sha256sum --version | head -n 1)"

passed=0
failed=0
STDIN=/dev/null

pass() { passed=$((passed + 1)); }
# holds DESC CMD...: passes when CMD succeeds.
holds() {
    local desc=$1
    shift
    if "$@"; then pass; else fail "$desc"; fi
}
fail() {
    failed=$((failed + 1))
    echo "FAIL: $1"
}

show_diff() {
    echo "  --- $1 (reference vs fastsha256sum):"
    diff <(od -c "$2" | head -n 40) <(od -c "$3" | head -n 40) | sed 's/^/    /' | head -n 40
}

# same DESC REF "OURS [ARGS]" ARG...: runs `REF ARG...` and `OURS ARG...` in
# $W with stdin from $STDIN, and compares stdout, stderr and exit status.
same() {
    local desc=$1 ref=$2 ours=$3
    shift 3
    local ours_prog word
    for word in $ours; do
        case $word in fastsha*sum) ours_prog=$word ;; esac
    done
    (cd "$W" && "$ref" "$@" <"$STDIN" >"$O/ref.out" 2>"$O/ref.err")
    local ref_rc=$?
    # shellcheck disable=SC2086 # $ours is a program name and options
    (cd "$W" && $ours "$@" <"$STDIN" >"$O/our.out" 2>"$O/our.raw")
    local our_rc=$?
    LC_ALL=C sed "s/$ours_prog/$ref/g" "$O/our.raw" >"$O/our.err"
    local ok=1
    if ! cmp -s "$O/ref.out" "$O/our.out"; then
        ok=0
        show_diff stdout "$O/ref.out" "$O/our.out"
    fi
    if ! cmp -s "$O/ref.err" "$O/our.err"; then
        ok=0
        show_diff stderr "$O/ref.err" "$O/our.err"
    fi
    if [ "$ref_rc" != "$our_rc" ]; then
        ok=0
        echo "  --- exit status: reference $ref_rc, fastsha256sum $our_rc"
    fi
    if [ $ok = 1 ]; then pass; else fail "$desc: $ref $*"; fi
}

s256() { same "$1" sha256sum fastsha256sum "${@:2}"; }
s224() { same "$1" sha224sum fastsha224sum "${@:2}"; }

# expect DESC WANT_RC STDERR_PATTERN CMD...: exit status and a stderr regex
# (an empty pattern requires an empty stderr); stdout is left in $O/x.out.
expect() {
    local desc=$1 want=$2 pattern=$3
    shift 3
    (cd "$W" && "$@" <"$STDIN" >"$O/x.out" 2>"$O/x.err")
    local rc=$?
    local ok=1
    case $want in
    nonzero) [ "$rc" != 0 ] || ok=0 ;;
    *) [ "$rc" = "$want" ] || ok=0 ;;
    esac
    if [ -z "$pattern" ]; then
        [ ! -s "$O/x.err" ] || ok=0
    else
        grep -Eq -- "$pattern" "$O/x.err" || ok=0
    fi
    if [ $ok = 1 ]; then
        pass
    else
        fail "$desc (exit $rc, want $want; stderr: $(head -c 300 "$O/x.err"))"
    fi
}

# ---------------------------------------------------------------------------
# Fixtures
# ---------------------------------------------------------------------------
cd "$W" || exit 2
: >empty
printf 'abc' >abc
printf '\n' >newline-only
head -c 1 /dev/urandom >one
for n in 55 56 63 64 65 119 120 127 128 1000; do head -c $n /dev/urandom >"bin$n"; done
head -c $((256 * 1024)) /dev/urandom >buf-exact
head -c $((1024 * 1024 + 7)) /dev/urandom >big
printf 'x' >'with space'
printf 'x' >'  lead-and-trail  '
printf 'y' >'back\slash'
printf 'z' >$'new\nline'
printf 'w' >$'car\rriage'
printf 'v' >$'both\\and\nnewline'
printf 'u' >"quo'te"
printf 't' >$'tab\there'
printf 's' >'-dash'
printf 'r' >'star*'
printf 'q' >$'\xc3\xbcmlaut'
printf 'p' >$'bad\xffbyte'
printf 'o' >'SHA256 (odd) = name'
printf 'n' >'paren)'
mkdir adir
NAMES=(empty abc newline-only one bin55 bin56 bin63 bin64 bin65 bin119 bin120 bin127 bin128
    bin1000 buf-exact big 'with space' '  lead-and-trail  ' 'back\slash' $'new\nline'
    $'car\rriage' $'both\\and\nnewline' "quo'te" $'tab\there' 'star*'
    $'\xc3\xbcmlaut' $'bad\xffbyte' 'SHA256 (odd) = name' 'paren)')
PLAIN=(empty abc one bin64 bin65 big 'with space')
printf 'standard input data\n' >"$T/stdin.txt"

# ---------------------------------------------------------------------------
# Hashing
# ---------------------------------------------------------------------------
s256 "empty file" empty
s256 "binary files around block boundaries" one bin55 bin56 bin63 bin64 bin65 bin119 bin120 bin127 bin128 bin1000
s256 "files spanning read buffers" buf-exact big
s256 "all names, text mode" "${NAMES[@]}"
s256 "all names, -b" -b "${NAMES[@]}"
s256 "all names, -t" -t "${NAMES[@]}"
s256 "all names, --tag" --tag "${NAMES[@]}"
s256 "all names, -z" -z "${NAMES[@]}"
s256 "all names, --tag -z" --tag -z "${NAMES[@]}"
s256 "all names, -b -z" -b -z "${NAMES[@]}"
s256 "--tag -b" --tag -b abc 'back\slash'
s256 "-t --tag (tag wins)" -t --tag abc
s256 "--binary --text long options" --binary --text abc
s256 "--b abbreviates --binary" --b abc
s256 "--zero long option" --zero abc
s256 "-- ends options" -- -dash abc
STDIN=$T/stdin.txt
s256 "stdin, no arguments"
s256 "stdin as -" -
s256 "stdin twice" - abc -
s256 "stdin with --tag" --tag -
s256 "stdin with -z -b" -z -b -
STDIN=/dev/null
s256 "missing file" nonexistent
s256 "missing file among others" abc nonexistent 'with space' 'no such'
s256 "missing files with odd names" $'miss\ning' "it's gone" 'a:b' '' '#x' $'\x01'
s256 "directory" adir
s256 "directory among files" abc adir empty
s256 "directory as stdin" -
STDIN=adir
s256 "directory as stdin" -
STDIN=/dev/null
s256 "duplicate file" abc abc

# ---------------------------------------------------------------------------
# Usage errors
# ---------------------------------------------------------------------------
for opts in "--tag -t" "-c -z" "-c --tag" "-c -b" "-c -t" "--quiet" "--status" "--warn" "-w" \
    "--strict" "--ignore-missing" "--quiet --status" "--strict --warn" "-c -z --tag" \
    "--tag -t --quiet" "-x" "--bogus" "--s" "--t" "--st" "--ch=x" "-cz"; do
    # shellcheck disable=SC2086
    s256 "usage: $opts" $opts abc
done

# ---------------------------------------------------------------------------
# --check
# ---------------------------------------------------------------------------
sha256sum -- "${NAMES[@]}" >all.sum
sha256sum --tag -- "${NAMES[@]}" >all.tag
sha256sum -b -- "${PLAIN[@]}" >binary.sum
cat all.sum all.tag >mixed.sum
s256 "check all names" -c all.sum
s256 "check BSD format" -c all.tag
s256 "check binary markers" -c binary.sum
s256 "check mixed GNU and BSD" -c mixed.sum
s256 "check several lists" -c all.sum all.tag binary.sum
for opt in --quiet --status --warn -w --strict --ignore-missing; do
    s256 "check good $opt" -c $opt all.sum
done
STDIN=all.sum
s256 "check list from stdin (no argument)" -c
s256 "check list from stdin (-)" -c -
STDIN=/dev/null

# A list with every kind of trouble, in one file.
H_EMPTY=$(sha256sum <empty | cut -c1-64)
H_ABC=$(sha256sum <abc | cut -c1-64)
H_WRONG=$(sha256sum <one | cut -c1-64)
{
    echo "# a comment line"
    echo ""
    echo "$H_EMPTY  empty"
    echo "$H_WRONG  abc"
    echo "not a checksum line"
    echo "$H_EMPTY  missing-file"
    echo "$H_EMPTY  adir"
    echo "SHA256 (abc) = $H_ABC"
    echo "SHA256 (empty) = $H_WRONG"
    echo "SHA256 (abc) = ${H_ABC:0:60}"
    echo "SHA224 (abc) = $H_ABC"
    echo "${H_ABC:0:63}  abc"
    echo "${H_ABC}0  abc"
    echo "$H_ABC"
    echo "$H_ABC "
    printf '\\%s  bad\\escape\n' "$H_ABC"
    echo "$H_ABC  abc"
    printf '%s  empty\r\n' "$H_EMPTY"
    printf '  \t%s  abc\n' "$H_ABC"
    echo "$H_ABC" | tr a-f A-F | sed 's/$/  abc/'
    printf '%s\t*abc\n' "$H_ABC"
    printf '%s  abc\0trailing\n' "$H_ABC"
    printf 'SHA256 (abc) = %s\0junk\n' "$H_ABC"
    printf '\0garbage\n'
    printf '\\SHA256 (back\\\\slash) = %s\n' "$(sha256sum <'back\slash' | cut -c1-64)"
    printf '\\%s  new\\nline\n' "$(sha256sum <$'new\nline' | cut -c1-64)"
    printf '\\%s  car\\rriage\n' "$(sha256sum <$'car\rriage' | cut -c1-64)"
    printf '%s  back\\slash\n' "$(sha256sum <'back\slash' | cut -c1-64)"
    printf 'SHA256 (paren)) = %s\n' "$(sha256sum <'paren)' | cut -c1-64)"
    printf 'SHA256(abc)=%s\n' "$H_ABC"
    printf 'SHA256  (abc) = %s\n' "$H_ABC"
    printf 'SHA256 (abc) = %s trailing\n' "$H_ABC"
    printf 'SHA256 (abc\n'
    printf 'SHA256\n'
    printf '%s  -\n' "$H_EMPTY"
    printf '%s  \n' "$H_EMPTY"
    printf '%s' "$H_ABC  abc"
} >trouble.sum
s256 "check troublesome list" -c trouble.sum
for opt in --quiet --status --warn --strict --ignore-missing "--ignore-missing --strict" \
    "--quiet --warn" "--warn --quiet" "--status --warn" "--warn --status" "--quiet --status" \
    "--ignore-missing --quiet"; do
    # shellcheck disable=SC2086
    s256 "check troublesome list $opt" -c $opt trouble.sum
done
STDIN=trouble.sum
s256 "check troublesome list from stdin (names '-' refused)" -c --warn
STDIN=/dev/null

# Single-space lines ("<hex> <name>"), which then bind the following lines.
printf '%s abc\n%s  abc\n%s *abc\n' "$H_ABC" "$H_ABC" "$H_ABC" >single.sum
printf '%s  abc\n%s abc\n' "$H_ABC" "$H_ABC" >double.sum
s256 "single-space format" -c --warn single.sum
s256 "two-space then single-space" -c --warn double.sum
s256 "format choice carries across lists" -c --warn double.sum single.sum

printf '%s  abc\n' "$H_WRONG" >bad.sum
printf '%s  gone\n%s  also-gone\n' "$H_ABC" "$H_ABC" >missing.sum
printf 'just garbage\nmore garbage\n' >garbage.sum
printf '%s  gone\n%s  abc\n' "$H_ABC" "$H_ABC" >some-missing.sum
printf '%s  gone\n%s  abc\n' "$H_ABC" "$H_WRONG" >missing-and-bad.sum
: >empty.sum
for opt in "" --quiet --status --warn --strict --ignore-missing; do
    for list in bad.sum missing.sum garbage.sum some-missing.sum missing-and-bad.sum empty.sum; do
        # shellcheck disable=SC2086
        s256 "check $list $opt" -c $opt $list
    done
done
s256 "check list that does not exist" -c nonexistent.sum
s256 "check list that does not exist, then a good one" -c nonexistent.sum bad.sum all.sum
s256 "check list that is a directory" -c adir
s256 "check list with odd name" -c "$W/garbage.sum" 'with space'
cp garbage.sum "it's a list"
s256 "check list with apostrophe in name" -c --warn "it's a list"
STDIN=garbage.sum
s256 "garbage on stdin" -c

# ---------------------------------------------------------------------------
# SHA-224: fastsha224sum (by name) and -a/--algorithm against sha224sum.
# ---------------------------------------------------------------------------
s224 "sha224 all names" "${NAMES[@]}"
s224 "sha224 --tag" --tag "${NAMES[@]}"
s224 "sha224 -z -b" -z -b "${NAMES[@]}"
same "sha224 via -a" sha224sum "fastsha256sum -a sha224" "${PLAIN[@]}"
same "sha224 via --algorithm" sha224sum "fastsha256sum --algorithm sha224" --tag "${PLAIN[@]}"
same "sha224 via --algorithm=" sha224sum "fastsha256sum --algorithm=sha224" missing-one abc
same "sha256 via --algorithm" sha256sum "fastsha224sum --algorithm sha256" "${PLAIN[@]}"
sha224sum -- "${NAMES[@]}" >all224.sum
sha224sum --tag -- "${NAMES[@]}" >all224.tag
s224 "sha224 check" -c all224.sum all224.tag
s224 "sha224 check rejects SHA256 lines" -c --warn all.sum all.tag
s256 "sha256 check rejects SHA224 lines" -c --warn all224.sum all224.tag
same "sha224 check via -a" sha224sum "fastsha256sum -a sha224" -c --strict all224.sum trouble.sum
STDIN=/dev/null
expect "unknown --algorithm exits 1" 1 "invalid argument 'md5'" fastsha256sum -a md5 abc

# ---------------------------------------------------------------------------
# Backends
# ---------------------------------------------------------------------------
expect "--list-backends" 0 "" fastsha256sum --list-backends
if grep -Eq '^\* [a-z0-9]+$' "$O/x.out" && grep -q '^Hex encoder: ' "$O/x.out"; then
    pass
else
    fail "--list-backends marks the active backend and names the hex encoder"
fi
mapfile -t BACKENDS < <(awk '/^Backends supported/ { on = 1; next } /^[A-Z]/ { on = 0 }
    on && /^[* ] [a-z0-9]+$/ { print substr($0, 3) }' "$O/x.out")
if [ ${#BACKENDS[@]} -ge 1 ] && [ "${BACKENDS[${#BACKENDS[@]} - 1]}" = scalar ]; then
    pass
else
    fail "--list-backends lists at least the scalar backend, last (got: ${BACKENDS[*]:-none})"
fi
echo "backends: ${BACKENDS[*]:-none}"

expect "--backend bogus exits 2" 2 "bogus.*(scalar)" fastsha256sum --backend bogus abc
holds "--backend bogus prints nothing on stdout" test ! -s "$O/x.out"
expect "--backend= bogus exits 2" 2 "scalar" fastsha256sum --backend=nope -c all.sum
expect "FASTSHA256_BACKEND=bogus fails with a warning" nonzero "FASTSHA256_BACKEND.*bogus" \
    env FASTSHA256_BACKEND=bogus fastsha256sum abc
holds "FASTSHA256_BACKEND=bogus prints no checksum" test ! -s "$O/x.out"
expect "FASTSHA256_BACKEND=bogus also fails with --backend scalar" nonzero "FASTSHA256_BACKEND" \
    env FASTSHA256_BACKEND=bogus fastsha256sum --backend scalar abc
expect "FASTSHA256_BACKEND= (empty) is not an error" 0 "" env FASTSHA256_BACKEND= fastsha256sum abc

for b in "${BACKENDS[@]}"; do
    same "--backend $b: hashing" sha256sum "fastsha256sum --backend $b" "${NAMES[@]}"
    same "--backend $b: --tag" sha256sum "fastsha256sum --backend=$b" --tag "${PLAIN[@]}"
    same "--backend $b: check" sha256sum "fastsha256sum --backend $b" -c all.sum all.tag trouble.sum
    same "--backend $b: sha224" sha224sum "fastsha224sum --backend $b" "${NAMES[@]}"
    same "FASTSHA256_BACKEND=$b" sha256sum "env FASTSHA256_BACKEND=$b fastsha256sum" "${PLAIN[@]}"
    expect "--backend $b --list-backends marks it" 0 "" fastsha256sum --backend "$b" --list-backends
    holds "--backend $b is shown as active" grep -qx "\* $b" "$O/x.out"
done

# A backend that is compiled in but hidden from CPU detection is refused.
if printf '%s\n' "${BACKENDS[@]}" | grep -qx shani; then
    expect "--backend shani with SHA hidden exits 2" 2 "shani" \
        env FASTSHA256_HIDE=sha fastsha256sum --backend shani abc
    expect "FASTSHA256_BACKEND=shani with SHA hidden fails" nonzero "FASTSHA256_BACKEND" \
        env FASTSHA256_HIDE=sha FASTSHA256_BACKEND=shani fastsha256sum abc
fi

# ---------------------------------------------------------------------------
# Locale-dependent quoting (UTF-8), when such a locale exists here.
# ---------------------------------------------------------------------------
utf8=$(locale -a 2>/dev/null | grep -Eix 'c\.utf-?8|en_US\.utf-?8' | head -n 1)
# An emulated big-endian target (ELF EI_DATA 2) cannot read the host's
# little-endian locale files, so it runs in the C locale whatever LC_ALL says.
if [ -n "$utf8" ] && [ ${#EMULATOR[@]} -gt 0 ] &&
   [ "$(od -An -tu1 -j5 -N1 "$BIN" | tr -d ' ')" = 2 ]; then
    echo "skipped: UTF-8 locale checks (big-endian target under an emulator)"
    utf8=
fi
if [ -n "$utf8" ]; then
    LC_ALL=$utf8 s256 "UTF-8 locale: odd missing names" $'\xc3\xbc' $'\xc3\xbc x' $'\xff' \
        $'\xe2\x82' $'a\'b\n' "a'b" $'\xc2\x85'
    LC_ALL=$utf8 s256 "UTF-8 locale: check" -c all.sum trouble.sum
fi

# ---------------------------------------------------------------------------
# Help, version, write errors
# ---------------------------------------------------------------------------
expect "--help" 0 "" fastsha256sum --help
holds "--help shows usage" grep -q '^Usage: fastsha256sum ' "$O/x.out"
expect "--version" 0 "" fastsha256sum --version
holds "--version names the program" grep -q 'fastsha256' "$O/x.out"
if [ -w /dev/full ]; then
    (cd "$W" && sha256sum abc >/dev/full 2>"$O/ref.err")
    ref_rc=$?
    (cd "$W" && fastsha256sum abc >/dev/full 2>"$O/our.raw")
    our_rc=$?
    sed 's/fastsha256sum/sha256sum/g' "$O/our.raw" >"$O/our.err"
    if [ $ref_rc = $our_rc ] && cmp -s "$O/ref.err" "$O/our.err"; then
        pass
    else
        fail "write error to /dev/full"
    fi
fi

# Standard output closed: an error when something had to be written.
for args in "abc" "-c --status all.sum" "nonexistent"; do
    # shellcheck disable=SC2086
    (cd "$W" && sha256sum $args >&- 2>"$O/ref.err")
    ref_rc=$?
    # shellcheck disable=SC2086
    (cd "$W" && fastsha256sum $args >&- 2>"$O/our.raw")
    our_rc=$?
    sed 's/fastsha256sum/sha256sum/g' "$O/our.raw" >"$O/our.err"
    if [ $ref_rc = $our_rc ] && cmp -s "$O/ref.err" "$O/our.err"; then
        pass
    else
        fail "closed standard output: $args"
    fi
done

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
