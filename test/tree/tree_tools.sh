#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# fastsha256-tree against the formats' real tools, byte for byte:
#   tree_tools.sh fsverity|dmverity|bt2|glacier|errors|large TOOL
# fsverity digest (fsverity), veritysetup format --no-superblock
# (cryptsetup-bin), libtorrent (python3-libtorrent) and botocore
# (python3-botocore), the last two through Debian's /usr/bin/python3. A
# missing tool: exit 77 (skipped) with the reason. Every case runs under each
# backend forced (FASTSHA256_BACKEND) and with CPU features hidden.
set -u
mode=$1 tree=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fails=0 cases=0
PY=/usr/bin/python3
envs=("" "FASTSHA256_BACKEND=scalar" "FASTSHA256_BACKEND=shani" "FASTSHA256_BACKEND=avx2"
      "FASTSHA256_BACKEND=avx512" "FASTSHA256_HIDE=avx512,avx512batch"
      "FASTSHA256_BACKEND=shani FASTSHA256_HIDE=avx2" "FASTSHA256_HIDE=sha,avx2,avx512"
      "FASTSHA256_BACKEND=shani FASTSHA256_HIDE=shanix4")

skip() { echo "SKIP: $*"; exit 77; }
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
run_tree() { local e=$1; shift; env $e "$tree" "$@"; }

# Random files at the formats' boundaries.
mkfile() { head -c "$2" /dev/urandom > "$work/$1"; }
sizes_common() {
    mkfile empty 0; mkfile one 1; mkfile b4095 4095; mkfile b4096 4096; mkfile b4097 4097
    mkfile k16m 16383; mkfile k16 16384; mkfile k16p 16385
    mkfile m1m $((1048576 - 1)); mkfile m1 1048576; mkfile m1p $((1048576 + 1))
    mkfile lvl3 $((4096 * 128 * 3 + 5)); mkfile big $((9 * 1048576 + 4097))
}

check_fsverity() {
    command -v fsverity >/dev/null || skip "fsverity not installed (Debian package fsverity)"
    sizes_common
    local salts=("" "ab" "$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')")
    local files=(empty one b4095 b4096 b4097 k16 m1p lvl3)
    for e in "${envs[@]}"; do
        (cd "$work" && run_tree "$e" fsverity "${files[@]}") > "$work/got" || fail "$e exit"
        (cd "$work" && fsverity digest --hash-alg=sha256 "${files[@]}") > "$work/want"
        cmp -s "$work/got" "$work/want" || fail "fsverity default under '$e'"
        cases=$((cases + 1))
    done
    # Many 4 MiB pieces through 1 to 5 threads (the pieces' digests added in
    # file order by whichever thread finishes the next one).
    mkfile pieces $((4 * 1048576 * 5 + 4097))
    (cd "$work" && fsverity digest --hash-alg=sha256 --salt=ab pieces) > "$work/want"
    for j in 1 2 3 5; do
        (cd "$work" && run_tree "" fsverity -j $j --salt=ab pieces) > "$work/got"
        cmp -s "$work/got" "$work/want" || fail "fsverity -j $j"
        cases=$((cases + 1))
    done
    for bs in 1024 2048 4096 8192 16384 32768 65536; do
        for s in "${salts[@]}"; do
            local f=(one b4097 lvl3)
            [ "$bs" = 1024 ] && f+=(m1p)
            (cd "$work" && run_tree "" fsverity --block-size=$bs --salt="$s" "${f[@]}") > "$work/got"
            (cd "$work" && fsverity digest --block-size=$bs --salt="$s" "${f[@]}") > "$work/want"
            cmp -s "$work/got" "$work/want" || fail "fsverity bs $bs salt '$s'"
            cases=$((cases + 1))
        done
    done
}

# One dm-verity case: the hash file and the Root hash line.
dm_case() {
    local e=$1 file=$2; shift 2
    rm -f "$work/ha" "$work/hb"
    run_tree "$e" dmverity "$@" "$work/$file" "$work/ha" > "$work/got" || fail "$e $* $file exit"
    veritysetup format --no-superblock "$@" "$work/$file" "$work/hb" 2>/dev/null |
        grep '^Root hash:' > "$work/want"
    cases=$((cases + 1))
    cmp -s "$work/got" "$work/want" && cmp -s "$work/ha" "$work/hb" ||
        fail "dmverity $* $file under '$e'"
}

check_dmverity() {
    command -v veritysetup >/dev/null || skip "veritysetup not installed (Debian package cryptsetup-bin)"
    sizes_common
    local s1=ab s256
    s256=$(head -c 256 /dev/urandom | od -An -tx1 | tr -d ' \n')
    for e in "${envs[@]}"; do
        for f in b4096 b4097 lvl3; do
            for fmt in 0 1; do
                for s in - $s1 "$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')" $s256; do
                    dm_case "$e" $f --format=$fmt --salt=$s
                done
            done
        done
    done
    for d in 512 1024 2048 4096 8192 16384 32768 65536 131072 262144 524288; do
        for h in 512 4096 524288; do
            dm_case "" big --data-block-size=$d --hash-block-size=$h --salt=$s1
        done
    done
    mkfile tiny 600; dm_case "" tiny --data-block-size=512 --hash-block-size=512 --salt=-
    mkfile many $((512 * 16 * 16 * 16 + 512)) # four levels of 512-byte hash blocks
    dm_case "" many --data-block-size=512 --hash-block-size=512 --salt=$s1 --format=0
}

check_python_ref() { # $1 module, $2 package, $3 script, $4 subcommand, files...
    local mod=$1 pkg=$2 script=$3 sub=$4; shift 4
    [ -x $PY ] && $PY -c "import $mod" 2>/dev/null ||
        skip "$PY cannot import $mod (Debian package $pkg)"
    sizes_common
    (cd "$work" && $PY "$here/$script" "$@") > "$work/want" || fail "$script"
    for e in "${envs[@]}"; do
        (cd "$work" && run_tree "$e" $sub "$@") > "$work/got" || fail "$sub exit under '$e'"
        cmp -s "$work/got" "$work/want" || fail "$sub under '$e'"
        cases=$((cases + 1))
    done
    # Several pieces (4 MiB; Glacier's: 16 leaves, read in slices), the
    # last one short, and a tail, through 1 to 3 threads.
    local piece=$((4 * 1048576))
    [ "$sub" = glacier ] && piece=$((16 * 1048576))
    mkfile pieces $((2 * piece + 5 * 1048576 + 12345))
    (cd "$work" && $PY "$here/$script" pieces) > "$work/want" || fail "$script pieces"
    for e in "" "FASTSHA256_BACKEND=shani FASTSHA256_HIDE=shanix4"; do
        for j in 1 2 3; do
            (cd "$work" && run_tree "$e" $sub -j $j pieces) > "$work/got" || fail "$sub -j $j exit"
            cmp -s "$work/got" "$work/want" || fail "$sub -j $j under '$e'"
            cases=$((cases + 1))
        done
    done
}

# Each bad input: a message naming it, the other files still done, exit 1,
# and no hash file left behind.
expect_error() { # $1 text the message must hold, then the command
    local text=$1; shift
    "$@" > "$work/out" 2> "$work/err"
    local rc=$?
    cases=$((cases + 1))
    [ $rc = 1 ] && grep -q -- "$text" "$work/err" || fail "'$*': rc $rc, $(cat "$work/err")"
}

check_errors() {
    mkfile good 5000; mkdir "$work/dir"
    expect_error "dir: Is a directory" "$tree" fsverity "$work/dir" "$work/good"
    grep -q "good$" "$work/out" || fail "the other file was not done"
    expect_error "nothere: No such file" "$tree" glacier "$work/nothere" "$work/good"
    grep -q "good$" "$work/out" || fail "the other file was not done"
    if [ "$(id -u)" != 0 ]; then
        mkfile locked 10; chmod 000 "$work/locked"
        expect_error "locked: Permission denied" "$tree" bt2 "$work/locked" "$work/good"
    fi
    expect_error "invalid salt" "$tree" fsverity --salt=zz "$work/good"
    expect_error "invalid salt" "$tree" fsverity --salt="$(printf '%066d' 0)" "$work/good"
    expect_error "invalid salt" "$tree" dmverity --salt="$(printf '%514d' 0)" "$work/good" "$work/h1"
    expect_error "invalid block size" "$tree" fsverity --block-size=3000 "$work/good"
    expect_error "invalid block size" "$tree" dmverity --data-block-size=3000 "$work/good" "$work/h2"
    expect_error "invalid block size" "$tree" dmverity --hash-block-size=3000 "$work/good" "$work/h3"
    expect_error "dir: Is a directory" "$tree" dmverity --salt=- "$work/dir" "$work/h4"
    mkfile small 4095
    expect_error "smaller than one data block" "$tree" dmverity --salt=- "$work/small" "$work/h5"
    expect_error "Is a directory" "$tree" dmverity --salt=- "$work/good" "$work/dir"
    mkfile empty 0
    expect_error "no pieces root" "$tree" bt2 "$work/empty"
    for h in h1 h2 h3 h4 h5; do [ -e "$work/$h" ] && fail "$h was written"; done
    [ -s "$work/out" ] && fail "output for a bad hash file: $(cat "$work/out")"
    return 0
}

# A 16 GiB sparse file: the right digest, with a bounded peak RSS.
check_large() {
    command -v fsverity >/dev/null || skip "fsverity not installed (Debian package fsverity)"
    truncate -s 16G "$work/sparse"
    /usr/bin/time -f "%M" -o "$work/rss" "$tree" fsverity -j 2 "$work/sparse" > "$work/got" ||
        fail "exit"
    fsverity digest --hash-alg=sha256 "$work/sparse" > "$work/want"
    cmp -s "$work/got" "$work/want" || fail "16 GiB digest"
    local kib; kib=$(tail -1 "$work/rss")
    echo "peak RSS: $kib KiB"
    [ "$kib" -lt 131072 ] || fail "peak RSS $kib KiB"
    cases=$((cases + 1))
}

case $mode in
    fsverity) check_fsverity ;;
    dmverity) check_dmverity ;;
    bt2) check_python_ref libtorrent python3-libtorrent ref_bt2.py bt2 one b4097 k16m k16 k16p m1 big lvl3 ;;
    glacier) check_python_ref botocore python3-botocore ref_glacier.py glacier empty one m1m m1 m1p big ;;
    errors) check_errors ;;
    large) [ -x /usr/bin/time ] || skip "/usr/bin/time not installed"; check_large ;;
    *) echo "unknown mode $mode"; exit 2 ;;
esac
echo "$mode: $cases cases, $fails failed"
[ $fails = 0 ]
