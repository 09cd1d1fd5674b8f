#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# Reproducible command-line comparison: fastsha256sum (default jobs and -j 1)
# against GNU sha256sum, `openssl dgst -sha256 -r` and GNU sha256sum under
# `xargs -P 2`, on four workloads in a temporary directory, page cache warm:
#   (a) one 1 GiB file   (b) 4 x 256 MiB   (c) 100,000 files of 1 KiB
#   (d) 10,000 files of random sizes 0-64 KiB
# Every tool's output is checked byte for byte against GNU's (xargs and
# openssl lines are sorted / normalised to GNU's format first). Prints the
# median wall time of REPEATS runs per row (the tools take turns in each
# repeat) and the speedup against GNU.
#
# Usage: bench/cli-bench.sh FASTSHA256SUM [OLD_FASTSHA256SUM] [REPEATS=5] [WORKDIR]
#   OLD_FASTSHA256SUM  an older build to compare -j 1 against ("-" for none)
# Writes a table to stdout and, with CLI_BENCH_DAT=FILE, gnuplot data.
# CLI_BENCH_BARE=PROGRAM adds a row `bare`: fastsha256-bench-bare-read, the
# same files opened, fstat'ed, read and closed on as many threads as
# fastsha256sum's default jobs, and nothing else (its output is not checked).
# CLI_BENCH_CPUS=LIST pins every timed command to those CPUs (taskset -c;
# fastsha256sum's default jobs is then their count).
set -euo pipefail
export LC_ALL=C

FAST=${1:?usage: cli-bench.sh FASTSHA256SUM [OLD] [REPEATS] [WORKDIR]}
OLD=${2:--}
REPEATS=${3:-5}
BASE=${4:-${TMPDIR:-/tmp}}
case $FAST in /*) ;; *) FAST=$PWD/$FAST ;; esac
[ "$OLD" = - ] || case $OLD in /*) ;; *) OLD=$PWD/$OLD ;; esac
# Each program is checked here: the timed commands run from the work folder,
# where a missing one would only print to stderr and time as a fast row.
if [ -n "${CLI_BENCH_BARE:-}" ]; then
    case $CLI_BENCH_BARE in /*) ;; *) CLI_BENCH_BARE=$PWD/$CLI_BENCH_BARE ;; esac
fi
for prog in "$FAST" ${OLD#-} ${CLI_BENCH_BARE:-}; do
    [ -x "$prog" ] || { echo "cli-bench.sh: $prog is not an executable file" >&2; exit 2; }
done

# About 2.4 GB of files: check the room first.
need_kb=$((2600 * 1024))
avail_kb=$(df -Pk "$BASE" | awk 'NR == 2 { print $4 }')
if [ "$avail_kb" -lt "$need_kb" ]; then
    echo "not enough free space in $BASE: ${avail_kb} KiB, need ${need_kb} KiB" >&2
    exit 1
fi
# CLI_BENCH_KEEP=DIR: generate into DIR once and keep it for later runs.
if [ -n "${CLI_BENCH_KEEP:-}" ]; then
    W=$CLI_BENCH_KEEP
    mkdir -p "$W"
else
    W=$(mktemp -d "$BASE/cli-bench.XXXXXX")
    trap 'rm -rf "$W"' EXIT
fi
if [ ! -f "$W/d.list" ]; then
echo "== generating files in $W" >&2
rm -rf "$W/a" "$W/b" "$W/c" "$W/d" "$W/out"
mkdir "$W/a" "$W/b" "$W/c" "$W/d"
head -c $((1 << 30)) /dev/urandom > "$W/a/big.bin"
for i in 1 2 3 4; do head -c $((256 << 20)) /dev/urandom > "$W/b/part$i.bin"; done
/usr/bin/python3 - "$W" <<'PY'
import os, random, sys
w = sys.argv[1]
rng = random.Random(12)
blob = os.urandom(1 << 20)
for i in range(100000):
    d = os.path.join(w, "c", "%02d" % (i % 100))
    os.makedirs(d, exist_ok=True)
    off = rng.randrange(0, len(blob) - 1024)
    with open(os.path.join(d, "f%06d" % i), "wb") as f:
        f.write(blob[off:off + 1024])
for i in range(10000):
    n = rng.randrange(0, 65537)
    off = rng.randrange(0, len(blob) - n)
    with open(os.path.join(w, "d", "r%05d" % i), "wb") as f:
        f.write(blob[off:off + n])
PY
# File lists in a fixed order (the tools get the same argument lists).
for s in a b c d; do
    (cd "$W" && find "$s" -type f | sort > "$W/$s.list")
done
fi
mkdir -p "$W/out"

# run NAME WORKLOAD CMD: runs CMD (a shell snippet, files from $LIST via
# xargs so 100,000 names fit) REPEATS times; prints the median seconds.
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
time_cmd() { # CMD -> seconds, output in $W/out/last
    local t0 t1
    t0=$(date +%s.%N)
    ${CLI_BENCH_CPUS:+taskset -c "$CLI_BENCH_CPUS"} bash -c "$1" > "$W/out/last"
    t1=$(date +%s.%N)
    echo "$t1 - $t0" | bc -l
}

declare -A TOOLS
order=(gnu fast fast_j1)
# One invocation per workload where the names fit (-s: up to ~2 MB of names).
X='xargs -s 2000000 -d "\n" -a "$LIST"'
TOOLS[gnu]="$X sha256sum"
TOOLS[fast]="$X \"\$FAST\""
TOOLS[fast_j1]="$X \"\$FAST\" -j 1"
if [ "$OLD" != - ]; then
    order+=(old)
    TOOLS[old]="$X \"\$OLD\""
fi
order+=(openssl xargs_p2)
if [ -n "${CLI_BENCH_BARE:-}" ]; then
    order+=(bare)
    TOOLS[bare]="$X \"\$CLI_BENCH_BARE\""
    export CLI_BENCH_BARE
fi
# openssl prints "<hex> *<name>": rewritten to GNU's "<hex>  <name>".
TOOLS[openssl]="$X openssl dgst -sha256 -r | sed 's/ \\*/  /'"
# Two GNU processes at once, about 8 chunks of names per workload so both
# stay busy: lines come in any order, sorted for the check.
TOOLS[xargs_p2]='xargs -d "\n" -a "$LIST" -P 2 -n "$CHUNK" sha256sum'

export FAST OLD
printf '%-10s' workload
for t in "${order[@]}"; do printf ' %10s' "$t"; done
printf '   %s\n' "speedup vs gnu (fast, fast_j1, old, openssl, xargs_p2, bare)"
[ -n "${CLI_BENCH_DAT:-}" ] && echo "# workload ${order[*]}" > "$CLI_BENCH_DAT"
for s in ${CLI_BENCH_WORKLOADS:-a b c d}; do
    export LIST="$W/$s.list"
    count=$(wc -l < "$LIST")
    export CHUNK=$(((count + 7) / 8))
    cd "$W"
    # Warm the page cache and take GNU's output as the reference.
    bash -c "${TOOLS[gnu]}" > "$W/out/ref"
    sort "$W/out/ref" > "$W/out/ref.sorted"
    # The tools take turns within each repeat, so a busy moment of the
    # shared machine slows every row alike instead of one row's five runs.
    declare -A med=() times=()
    for ((r = 0; r < REPEATS; r++)); do
        for t in "${order[@]}"; do
            times[$t]+="$(time_cmd "${TOOLS[$t]}") "
            if [ "$t" = bare ]; then
                :
            elif [ "$t" = xargs_p2 ]; then
                sort "$W/out/last" | cmp -s - "$W/out/ref.sorted" || { echo "output of $t differs on $s" >&2; exit 1; }
            else
                cmp -s "$W/out/last" "$W/out/ref" || { echo "output of $t differs on $s" >&2; exit 1; }
            fi
        done
    done
    for t in "${order[@]}"; do
        med[$t]=$(printf '%s\n' ${times[$t]} | median)
    done
    printf '%-10s' "$s"
    for t in "${order[@]}"; do printf ' %10.3f' "${med[$t]}"; done
    printf '  '
    line="$s"
    for t in "${order[@]}"; do
        line="$line ${med[$t]}"
        [ "$t" = gnu ] && continue
        printf ' %s=%.2fx' "$t" "$(echo "${med[gnu]} / ${med[$t]}" | bc -l)"
    done
    printf '\n'
    [ -n "${CLI_BENCH_DAT:-}" ] && echo "$line" >> "$CLI_BENCH_DAT"
    unset med times
done
echo "(median of $REPEATS runs, seconds; outputs identical to GNU sha256sum's)"
