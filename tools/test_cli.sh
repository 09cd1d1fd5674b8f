#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
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
# install_as DIR NAME: make DIR/NAME run the program with argv[0] = NAME,
# through the emulator when there is one (a foreign binary cannot be exec'd).
install_as() {
    if [ ${#EMULATOR[@]} -eq 0 ]; then
        ln -s "$BIN" "$1/$2"
    else
        printf '#!/bin/sh\nexec %s -0 %s %q "$@"\n' "$(printf '%q ' "${EMULATOR[@]}")" "$2" \
            "$BIN" >"$1/$2"
        chmod +x "$1/$2"
    fi
}
for name in fastsha256sum fastsha224sum; do
    install_as "$T/bin" "$name"
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
# Threads (-j), batches and streams: the output never depends on N
# ---------------------------------------------------------------------------
mkdir -p "$W/tree/sub/deeper" "$W/tree/adir"
rnd=7
for i in $(seq 1 120); do
    rnd=$(( (rnd * 1103515245 + 12345) % 2147483648 ))
    case $((i % 6)) in
    0) size=0 ;;
    1) size=$((rnd % 100)) ;;
    2) size=$((rnd % 5000)) ;;
    3) size=$((rnd % 70000)) ;;                 # around the small-file limit
    4) size=$((65536 + i)) ;;
    *) size=$((rnd % 400000)) ;;                # streamed through update_many
    esac
    d=$W/tree
    [ $((i % 3)) = 0 ] && d=$W/tree/sub
    [ $((i % 5)) = 0 ] && d=$W/tree/sub/deeper
    head -c "$size" /dev/urandom >"$d/f$i"
done
head -c $((3 * 1024 * 1024 + 5)) /dev/urandom >"$W/tree/large1"
head -c $((2 * 1024 * 1024)) /dev/urandom >"$W/tree/large2"
ln -s nowhere "$W/tree/dangling"
printf 'secret' >"$W/tree/unreadable"
chmod 000 "$W/tree/unreadable"    # unreadable unless we are root
# Reading /proc/self/mem at offset 0 fails (EIO) even for root.
[ -r /proc/self/mem ] && ln -s /proc/self/mem "$W/tree/read-error"
# Names in a fixed order, directories and failures mixed in among files.
tree_args=()
while IFS= read -r f; do tree_args+=("$f"); done < <(cd "$W" && find tree -mindepth 1 | LC_ALL=C sort)
tree_args+=(nonexistent tree/large1 abc tree/adir)
for j in 1 2 8; do
    same "-j $j on a mixed tree" sha256sum "fastsha256sum -j $j" "${tree_args[@]}"
    same "-j $j --tag" sha256sum "fastsha256sum --jobs=$j" --tag "${tree_args[@]}"
    same "-j $j -z" sha256sum "fastsha256sum --jobs $j" -z "${tree_args[@]}"
    same "-j $j sha224" sha224sum "fastsha224sum -j $j" "${tree_args[@]}"
done
# st_size 0 but content (/proc), a character device: read to the end.
for f in /proc/version /proc/filesystems /dev/null; do
    [ -r "$f" ] && same "special file $f" sha256sum "fastsha256sum -j 2" "$f" abc "$f"
done
same "default jobs on a mixed tree" sha256sum fastsha256sum "${tree_args[@]}"
# Fewer large files than jobs: idle and spare threads read ahead (pread at
# piece offsets); sizes around the piece size (64 KiB) and its multiples.
mkdir -p "$W/ahead"
for size in 65537 131072 131073 327680 $((8 * 65536 - 1)) $((9 * 65536)) $((17 * 65536 + 3)); do
    head -c "$size" /dev/urandom >"$W/ahead/s$size"
done
ahead_args=()
while IFS= read -r f; do ahead_args+=("$f"); done < <(cd "$W" && find ahead -type f | LC_ALL=C sort)
for j in 2 3 8; do
    same "-j $j, one large file" sha256sum "fastsha256sum -j $j" tree/large1
    same "-j $j, large files only" sha256sum "fastsha256sum -j $j" "${ahead_args[@]}"
    same "-j $j, large files between others" sha256sum "fastsha256sum -j $j" \
        abc ahead/s327680 nonexistent tree/large2 bin64 ahead/s65537 tree/adir ahead/s131073
    same "-j $j sha224, large files" sha224sum "fastsha224sum -j $j" "${ahead_args[@]}" tree/large1
done
# Standard input twice among files: read in order, the second time empty.
STDIN=$W/abc
same "-j 2 with - twice" sha256sum "fastsha256sum -j 2" bin64 - big - abc
STDIN=/dev/null

# Check mode: mismatches, missing and unreadable files, improper lines.
(cd "$W" && sha256sum tree/f* tree/sub/f* tree/large1 abc big 2>/dev/null) >"$W/tree.sum"
(cd "$W" && sha256sum bin55 | sed 's/^./0/'; echo 'garbage line'
 echo "$(sha256sum <abc | cut -c1-64)  tree/nope"; echo "$(sha256sum <abc | cut -c1-64)  tree/adir"
 [ -L "$W/tree/read-error" ] && echo "$(sha256sum <abc | cut -c1-64)  tree/read-error"
 echo "0123  short"; sha256sum tree/sub/deeper/f*) >>"$W/tree.sum"
for j in 1 2 8; do
    same "-c -j $j" sha256sum "fastsha256sum -j $j" -c tree.sum
    same "-c -w -j $j" sha256sum "fastsha256sum -j $j" -c -w tree.sum
    same "-c --quiet -j $j" sha256sum "fastsha256sum -j $j" -c --quiet tree.sum
    same "-c --ignore-missing -j $j" sha256sum "fastsha256sum -j $j" -c --ignore-missing tree.sum
    same "-c --status -j $j" sha256sum "fastsha256sum -j $j" -c --status tree.sum
done

expect "-j 0 is refused" 1 "invalid number of jobs" fastsha256sum -j 0 abc
expect "-j x is refused" 1 "invalid number of jobs" fastsha256sum --jobs=x abc
expect "-j needs a value" 1 "requires an argument" fastsha256sum abc --jobs

# ---------------------------------------------------------------------------
# GNU differences removed
# ---------------------------------------------------------------------------
# Closed standard input: a check list must not be opened as descriptor 0
# (its "-" entry is then standard input, which is closed).
(cd "$W" && sha256sum abc - <abc) >"$W/dash.sum"
for args in "-c dash.sum" "abc -" "-c --status dash.sum" "-c -" "" "abc - big"; do
    # shellcheck disable=SC2086
    (cd "$W" && sha256sum $args <&- >"$O/ref.out" 2>"$O/ref.err")
    ref_rc=$?
    # shellcheck disable=SC2086
    for j in 1 2; do
        # shellcheck disable=SC2086
        (cd "$W" && fastsha256sum -j $j $args <&- >"$O/our.out" 2>"$O/our.raw")
        our_rc=$?
        sed 's/fastsha256sum/sha256sum/g' "$O/our.raw" >"$O/our.err"
        if [ $ref_rc = $our_rc ] && cmp -s "$O/ref.out" "$O/our.out" && cmp -s "$O/ref.err" "$O/our.err"; then
            pass
        else
            fail "closed standard input: -j $j $args"
        fi
    done
done
# Standard error closed too: the check list still is not standard input.
(cd "$W" && sha256sum -c dash.sum <&- 2>&- >"$O/ref.out")
ref_rc=$?
(cd "$W" && fastsha256sum -c dash.sum <&- 2>&- >"$O/our.out")
our_rc=$?
holds "closed stdin and stderr" test "$ref_rc" = "$our_rc" -a "$(cat "$O/ref.out")" = "$(cat "$O/our.out")"

# Any name ending in sha224sum computes SHA-224.
mkdir -p "$T/alt"
install_as "$T/alt" sha224sum
install_as "$T/alt" my-sha224sum
for prog in sha224sum my-sha224sum; do
    (cd "$W" && "$T/alt/$prog" abc big >"$O/our.out")
    (cd "$W" && sha224sum abc big >"$O/ref.out")
    holds "a link named $prog computes SHA-224" cmp -s "$O/ref.out" "$O/our.out"
done

# Abbreviations mean what they mean in sha256sum, --backend or not.
for opt in --b --b=1 --bi --ba --s --st --sta --str --t --ta --te --q --w --z --c --i \
           --a --al --ba=scalar --bac --j --jo --p --pro --l --li --hx --vx; do
    same "abbreviation $opt" sha256sum fastsha256sum "$opt" abc
done
same "abbreviation --b with -c" sha256sum fastsha256sum --c --s all.sum
for opt in --h --he --hel; do
    expect "abbreviation $opt is --help" 0 "" fastsha256sum "$opt"
    holds "abbreviation $opt shows the usage" grep -q '^Usage: fastsha256sum ' "$O/x.out"
done
for opt in --v --ve --vers; do
    expect "abbreviation $opt is --version" 0 "" fastsha256sum "$opt"
    holds "abbreviation $opt shows the version" grep -q '(fastsha256)' "$O/x.out"
done
expect "--backend by its full name" 0 "" fastsha256sum --backend scalar abc
expect "--backend=NAME" 0 "" fastsha256sum --backend=scalar abc
expect "--list-backends=x is refused" 1 "doesn't allow an argument" fastsha256sum --list-backends=x

# ---------------------------------------------------------------------------
# --progress: standard error only
# ---------------------------------------------------------------------------
(cd "$W" && sha256sum big tree/large1 nonexistent abc >"$O/ref.out" 2>"$O/ref.err")
(cd "$W" && fastsha256sum --progress big tree/large1 nonexistent abc >"$O/our.out" 2>"$O/our.raw")
holds "--progress leaves stdout alone" cmp -s "$O/ref.out" "$O/our.out"
holds "--progress reports bytes" grep -q 'fastsha256sum: .*B / .*B, .*B/s, ETA' "$O/our.raw"
holds "--progress keeps the error messages" grep -q 'nonexistent: No such file or directory' "$O/our.raw"
(cd "$W" && fastsha256sum --progress -c tree.sum >"$O/our.out" 2>"$O/our.raw")
(cd "$W" && sha256sum -c tree.sum >"$O/ref.out" 2>/dev/null)
holds "--progress with -c leaves stdout alone" cmp -s "$O/ref.out" "$O/our.out"
if command -v script >/dev/null; then
    # On a terminal the line is redrawn in place (carriage return, clear).
    (cd "$W" && script -qec "head -c 800000000 /dev/zero | fastsha256sum --progress - >/dev/null" /dev/null >"$O/tty.out" 2>&1)
    holds "--progress draws on a tty" grep -q 'fastsha256sum: .*B/s' "$O/tty.out"
    holds "--progress redraws in place on a tty" grep -q $'\r' "$O/tty.out"
fi
(cd "$W" && fastsha256sum big 2>"$O/our.raw" >/dev/null)
holds "no progress by default" test ! -s "$O/our.raw"

# ---------------------------------------------------------------------------
# Output leaves line by line (stdout line-buffered, as in sha256sum)
# ---------------------------------------------------------------------------
# first_line_then_close SIGPIPE_ACTION TAG PROG [OPTION...] -- ARG...: runs
# PROG in $W with standard input from a fifo that the reader of its output
# holds open for writing, SIGPIPE left alone ("default") or ignored
# ("ignore"). The reader takes one line while standard input is still open
# (a program that holds its lines back sends none; the reader gives up
# after 30 s), closes its end of the pipe, then the fifo: the program reads
# the end of its input and its next line goes to a closed pipe. Leaves the
# line, exit status and stderr in $O/first.TAG, rc.TAG and err.TAG.
first_line_then_close() {
    local action=$1 tag=$2
    shift 2
    rm -f "$T/fifo"
    mkfifo "$T/fifo" || return
    (cd "$W" || exit
     [ "$action" = ignore ] && trap '' PIPE
     "$@" <"$T/fifo" 2>"$O/err.$tag" | {
        exec 3>"$T/fifo"
        line=
        IFS= read -r -t 30 line
        printf '%s\n' "$line" >"$O/first.$tag"
        # Two commands: bash may keep a copy of each descriptor it closes
        # until the end of the command, and the pipe must go first.
        exec 0<&-
        exec 3>&-
        :
     }
     echo "${PIPESTATUS[0]}" >"$O/rc.$tag")
}
# same_first_line DESC SIGPIPE_ACTION REF "OURS [OPTION...]" ARG...: the
# reference and ours give the same first line (non-empty), exit status and
# stderr (program name substituted) under first_line_then_close.
same_first_line() {
    local desc=$1 action=$2 ref=$3 ours=$4
    shift 4
    local ours_prog=${ours%% *} same=no
    # Two tries: once in a full CI run the program's write after the close
    # succeeded (exit 0, no "write error"), not reproduced since (docs/cli.md);
    # the likely cause is when bash lets go of the pipe, not the tool.
    for _ in 1 2; do
        first_line_then_close "$action" ref "$ref" "$@"
        # shellcheck disable=SC2086 # $ours is a program name and options
        first_line_then_close "$action" ours $ours "$@"
        sed "s/$ours_prog/$ref/g" "$O/err.ours" >"$O/err.ours.sub"
        if [ -n "$(cat "$O/first.ref")" ] && cmp -s "$O/first.ref" "$O/first.ours" &&
           cmp -s "$O/rc.ref" "$O/rc.ours" && cmp -s "$O/err.ref" "$O/err.ours.sub"; then
            same=yes
            break
        fi
    done
    if [ "$same" = yes ]; then
        pass
    else
        fail "$desc: $ours $* gave '$(cat "$O/first.ours")', exit $(cat "$O/rc.ours"),"\
" stderr '$(cat "$O/err.ours.sub")'; want '$(cat "$O/first.ref")', exit $(cat "$O/rc.ref"),"\
" stderr '$(cat "$O/err.ref")'"
    fi
}
printf '%s  abc\n%s  -\n' "$H_ABC" "$H_EMPTY" >"$W/abc-then-stdin.sum"
for args in "abc -" "big tree/large1 -" "--tag abc -" "-c abc-then-stdin.sum"; do
    for action in default ignore; do
        # shellcheck disable=SC2086
        same_first_line "first line before standard input ends, SIGPIPE $action" $action \
            sha256sum fastsha256sum $args
        # shellcheck disable=SC2086
        same_first_line "-j 1: first line before standard input ends, SIGPIPE $action" $action \
            sha256sum "fastsha256sum -j 1" $args
    done
done
same_first_line "sha224: first line before standard input ends" default sha224sum fastsha224sum \
    abc -

# Into a regular file the lines that are ready together leave in one write,
# but still at once: the first line is in the file while standard input is
# still open. line_in_file_before_stdin_ends DESC WANT PROG [OPTION...] ARG...
line_in_file_before_stdin_ends() {
    local desc=$1 want=$2 i=0 seen
    shift 2
    rm -f "$T/fifo" "$O/file.out"
    mkfifo "$T/fifo" || return
    (cd "$W" && exec "$@" <"$T/fifo" >"$O/file.out" 2>/dev/null) &
    local pid=$!
    exec 3>"$T/fifo"
    while [ ! -s "$O/file.out" ] && [ $i -lt 300 ]; do sleep 0.1; i=$((i + 1)); done
    seen=$(head -n 1 "$O/file.out")
    exec 3>&-
    wait "$pid"
    if [ "$seen" = "$want" ]; then pass; else fail "$desc: '$seen' before standard input ended"; fi
}
line_in_file_before_stdin_ends "into a file: the first line before standard input ends" \
    "$H_ABC  abc" fastsha256sum abc -
line_in_file_before_stdin_ends "-j 1, into a file: the first line before standard input ends" \
    "$H_ABC  abc" fastsha256sum -j 1 abc -
line_in_file_before_stdin_ends "-c into a file: the first line before standard input ends" \
    "abc: OK" fastsha256sum -c abc-then-stdin.sum

# ---------------------------------------------------------------------------
# POSIXLY_CORRECT: options end at the first operand, the extras' too
# ---------------------------------------------------------------------------
for name in --progress --jobs --backend --algorithm --list-backends --tag -b 2 sha224; do
    printf '%s' "$name" >"$W/$name"
done
for opts in "--progress" "--jobs 2" "--jobs=2" "--backend scalar" "--backend=scalar" \
    "--algorithm sha224" "--algorithm=sha224" "--list-backends" "-a sha224" "-j 2" \
    "--tag" "-b" "--help" "--version" "--bogus" "--" "-c" "--list-backends=x" "--jobs"; do
    # shellcheck disable=SC2086
    POSIXLY_CORRECT=1 s256 "POSIXLY_CORRECT: $opts after an operand" abc $opts
    # shellcheck disable=SC2086
    POSIXLY_CORRECT=1 s256 "POSIXLY_CORRECT: $opts after -" - $opts
done
POSIXLY_CORRECT=1 s256 "POSIXLY_CORRECT: --progress after -- and an operand" -- abc --progress
POSIXLY_CORRECT=1 same "POSIXLY_CORRECT: extras before the first operand still count" sha224sum \
    "fastsha256sum --algorithm sha224 -j 2 --backend=scalar" --tag abc --progress
POSIXLY_CORRECT=1 same "POSIXLY_CORRECT: -a VALUE, then an operand" sha224sum \
    "fastsha256sum -a sha224" abc --jobs 2
for name in --progress --jobs --backend --algorithm --list-backends --tag -b 2 sha224; do
    rm -f "$W/$name"
done

# ---------------------------------------------------------------------------
# Help, version, write errors
# ---------------------------------------------------------------------------
expect "--help" 0 "" fastsha256sum --help
holds "--help shows usage" grep -q '^Usage: fastsha256sum ' "$O/x.out"
expect "--version" 0 "" fastsha256sum --version
holds "--version names the program" grep -q 'fastsha256' "$O/x.out"
# As GNU's first line ("sha256sum (GNU coreutils) 9.1"): a fixed name, not the
# path the program was run by, then the licence.
expect "--version by path" 0 "" "$T/bin/fastsha256sum" --version
holds "--version's first line is fixed" \
    grep -Eqx 'fastsha256sum \(fastsha256\) [0-9]+[.][0-9]+[.][0-9]+' <(head -n 1 "$O/x.out")
holds "--version states the licence" grep -qx 'License: Apache-2.0 OR MIT, at your choice.' "$O/x.out"
expect "fastsha224sum --version by path" 0 "" "$T/bin/fastsha224sum" --version
holds "fastsha224sum --version's first line" \
    grep -Eqx 'fastsha224sum \(fastsha256\) [0-9]+[.][0-9]+[.][0-9]+' <(head -n 1 "$O/x.out")
# on_bad_stdout full|closed CMD...: runs CMD in $W with standard output on
# /dev/full or closed.
on_bad_stdout() {
    local stdout=$1
    shift
    if [ "$stdout" = full ]; then
        (cd "$W" && "$@" >/dev/full)
    else
        (cd "$W" && "$@" >&-)
    fi
}
# same_write_error DESC full|closed ARG...: sha256sum and fastsha256sum fail
# alike (exit status and message) when their standard output fails.
same_write_error() {
    local desc=$1 stdout=$2 ref_rc our_rc
    shift 2
    on_bad_stdout "$stdout" sha256sum "$@" 2>"$O/ref.err"
    ref_rc=$?
    on_bad_stdout "$stdout" fastsha256sum "$@" 2>"$O/our.raw"
    our_rc=$?
    sed 's/fastsha256sum/sha256sum/g' "$O/our.raw" >"$O/our.err"
    if [ $ref_rc = $our_rc ] && cmp -s "$O/ref.err" "$O/our.err"; then
        pass
    else
        fail "$desc: $*"
    fi
}
# "write error", with the reason only when fclose fails (sha256sum's
# close_stdout): a -z record has no newline to flush it, so it is still
# pending at fclose and the message ends in ": No space left on device";
# lines that left (and failed) before do not give one.
(cd "$W" && sha256sum "${PLAIN[@]}") >"$W/plain.sum"
for args in "abc" "-z abc" "--tag abc" "--tag -z abc" "-b -z abc big" "-c plain.sum" \
    "-c --quiet plain.sum" "--help" "--version"; do
    # shellcheck disable=SC2086
    [ -w /dev/full ] && same_write_error "write error to /dev/full" full $args
    # shellcheck disable=SC2086
    same_write_error "closed standard output" closed $args
done
# More than a buffer's worth: a write fails on the way, the rest at fclose.
for z in "" -z; do
    # shellcheck disable=SC2086
    [ -w /dev/full ] && same_write_error "write error to /dev/full, many names" full $z \
        "${NAMES[@]}" "${NAMES[@]}" "${NAMES[@]}" "${NAMES[@]}"
done
# Standard output closed: an error when something had to be written.
same_write_error "closed standard output" closed abc
same_write_error "closed standard output" closed -c --status all.sum
same_write_error "closed standard output" closed nonexistent

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
