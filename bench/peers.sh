#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
# The peers of fastsha256-bench, found and run: node, bun and deno on the
# programs of bench/js, python3 on those of bench/python. Every program prints
# its rows as JSON lines (bench/js/harness.mjs describes them); this script
# passes them on as they come, each row after a line naming it,
#   {"who":"node + fastsha256","label":"sha256(m, \"hex\") per call"}
# and fastsha256-bench reads them (bench_peer.c), one command per group:
#
#   peers.sh versions              a line per runtime: {"runtime","version","path"}, or
#                                  {"runtime","missing"} with how to install it
#   peers.sh GROUP COUNT REPS      runs GROUP's rows: createhash, webcrypto, builtin,
#                                  from_js, npm (every runtime found), python (seed.py),
#                                  kdf-node, kdf-python (COUNT iterations: kdf.mjs, kdf.py)
#   peers.sh tree FORMAT FILE SALT TOOL JOBS
#                                  python/tree.py: FORMAT's own tool on FILE (JOBS 0),
#                                  or TOOL (fastsha256-tree) -j JOBS; one run
#   peers.sh --list GROUP          the naming lines of GROUP's rows, nothing run
#
# Runtimes: $FASTSHA256_JS_RUNTIMES (DIR/bin/NAME or DIR/NAME), bench/.runtimes,
# then PATH. Snippets: $FASTSHA256_BENCH_JS_DIR, else js/ here. The "+ fastsha256"
# rows load bindings/node/index.js with the addon $FASTSHA256_NODE_ADDON (left out
# without it); Python runs $FASTSHA256_PYTHON (else /usr/bin/python3) with
# $FASTSHA256_PYTHONPATH, pinned as this script is. Each program may run
# $FASTSHA256_BENCH_TIMEOUT seconds (900).
set -u
here=$(cd "$(dirname "$0")" && pwd)
js=${FASTSHA256_BENCH_JS_DIR:-$here/js}
index_js=$here/../bindings/node/index.js
addon=${FASTSHA256_NODE_ADDON:-}
python=${FASTSHA256_PYTHON:-/usr/bin/python3}
export DENO_NO_UPDATE_CHECK=1

runtime_path() { # NAME: its path, or nothing
    for dir in "${FASTSHA256_JS_RUNTIMES:-}" "$here/.runtimes"; do
        [ -n "$dir" ] || continue
        for p in "$dir/bin/$1" "$dir/$1"; do
            [ -f "$p" ] && [ -x "$p" ] && { echo "$p"; return; }
        done
    done
    p=$(command -v "$1" 2>/dev/null) && [ -x "$p" ] && echo "$p"
}

run() { # PROGRAM ARGS...: output and errors on stdout, no input, a time limit
    timeout -k 5 "${FASTSHA256_BENCH_TIMEOUT:-900}" "$@" </dev/null 2>&1
}

run_js() { # RUNTIME-PATH SCRIPT ARGS...: on the CPUs $FASTSHA256_BENCH_CPUS (the runtimes
    rt=$1   # run as users run them, with their JIT and GC threads); deno needs `run`
    shift
    case $rt in
    *deno) set -- "$rt" run --quiet --no-config -A "$@" ;;
    *) set -- "$rt" "$@" ;;
    esac
    if [ -n "${FASTSHA256_BENCH_CPUS:-}" ]; then
        run taskset -c "$FASTSHA256_BENCH_CPUS" "$@"
    else
        run "$@"
    fi
}

versions() {
    for name in node bun deno; do
        p=$(runtime_path $name)
        if [ -z "$p" ]; then
            how="bench/install-js-runtimes.sh"
            [ $name = node ] && how="apt-get install nodejs"
            echo "{\"runtime\":\"$name\",\"missing\":\"$name not found: install with $how\"}"
            continue
        fi
        v=$("$p" --version 2>/dev/null | head -1 | sed 's/^[^0-9]*//; s/[ (].*//')
        echo "{\"runtime\":\"$name\",\"version\":\"${v:-?}\",\"path\":\"$p\"}"
    done
}

# A group's rows: file|style|label|only this runtime|needs (addon, index)|after the runtime
rows() {
    case $1 in
    createhash) echo 'createhash.mjs||createHash(\"sha256\").update(m).digest(\"hex\")|||' ;;
    webcrypto) echo 'webcrypto.mjs||await crypto.subtle.digest + Array.from(..).map(padStart).join|||' ;;
    builtin) cat <<'EOF'
builtin.mjs|crypto.hash|crypto.hash(\"sha256\", m)|||
builtin.mjs|Bun.SHA256.hash|Bun.SHA256.hash(m, \"hex\")|bun||
builtin.mjs|Bun.CryptoHasher|new Bun.CryptoHasher(\"sha256\").update(m).digest(\"hex\")|bun||
EOF
    ;;
    from_js) cat <<'EOF'
fastsha256.mjs|sha256|sha256(m, \"hex\") per call||addon| + fastsha256
fastsha256.mjs|many|sha256Many(array of 1024, \"hex\")||addon| + fastsha256
fastsha256.mjs|packed|sha256Packed(buf, 14, 14, \"hex\") x1024||addon| + fastsha256
fastsha256.mjs|wasm-sha256|sha256(m, \"hex\") per call||index| + fastsha256 (wasm)
fastsha256.mjs|wasm-many|sha256Many(array of 1024, \"hex\")||index| + fastsha256 (wasm)
fastsha256.mjs|wasm-packed|sha256Packed(buf, 14, 14, \"hex\") x1024||index| + fastsha256 (wasm)
EOF
    ;;
    npm) cat <<'EOF'
peers.mjs|hash-wasm|createSHA256() sync: init, update, digest||| + hash-wasm
peers.mjs|noble|bytesToHex(sha256(utf8ToBytes(m)))||| + @noble/hashes
peers.mjs|aws-crypto|new Sha256(), update, digestSync + hex||| + @aws-crypto/sha256-js
peers.mjs|js-sha256|sha256(m) (build/sha256.js, pure JS)||| + js-sha256
EOF
    ;;
    esac
}

js_group() { # GROUP COUNT REPS LIST: each row on every runtime that has it
    rows "$1" | while IFS='|' read -r file style label only needs who; do
        for name in node bun deno; do
            [ -z "$only" ] || [ "$only" = $name ] || continue
            x1='' x2=''
            case $needs in
            addon) [ -f "$index_js" ] && [ -f "$addon" ] || continue; x1=$index_js x2=$addon ;;
            index) [ -f "$index_js" ] || continue; x1=$index_js ;;
            esac
            p=$(runtime_path $name)
            [ -n "$p" ] || continue
            echo "{\"who\":\"$name$who\",\"label\":\"$label\"}"
            [ "$4" = 1 ] && continue
            run_js "$p" "$js/$file" "$2" "$3" ${style:+"$style"} ${x1:+"$x1"} ${x2:+"$x2"}
        done
    done
}

python_group() { # COUNT REPS LIST: bench/python/seed.py, its rows named by their styles
    echo '{"who":"python"}'
    [ "$3" = 1 ] && return
    [ -x "$python" ] || { echo "{\"missing\":\"$python not found (apt-get install python3)\"}"; return; }
    PYTHONPATH=${FASTSHA256_PYTHONPATH:-${PYTHONPATH:-}} run "$python" "$here/python/seed.py" "$1" "$2"
}

tree_group() { # FORMAT FILE SALT TOOL JOBS: bench/python/tree.py, one run (JOBS > 0: TOOL -j JOBS)
    [ -x "$python" ] || { echo "{\"missing\":\"$python not found (apt-get install python3)\"}"; return; }
    if [ "$5" -gt 0 ]; then
        run "$python" "$here/python/tree.py" "$1" "$2" --salt "$3" --tree "$4" --jobs "$5"
    else
        run "$python" "$here/python/tree.py" "$1" "$2" --salt "$3"
    fi
}

kdf_group() { # node|python ITERATIONS REPS: its PBKDF2 against fastsha256's
    if [ "$1" = python ]; then
        PYTHONPATH=${FASTSHA256_PYTHONPATH:-${PYTHONPATH:-}} run "$python" "$here/python/kdf.py" "$2" "$3"
        return
    fi
    p=$(runtime_path node)
    if [ -n "$p" ] && [ -f "$addon" ]; then
        run "$p" "$js/kdf.mjs" "$2" "$3" "$index_js" "$addon"
    else
        echo "fastsha256-bench-kdf	missing	node or this build's addon not found"
    fi
}

list=0
[ "${1:-}" = --list ] && { list=1; shift; }
case ${1:-} in
versions) versions ;;
python) python_group "${2:-}" "${3:-}" $list ;;
kdf-node | kdf-python) kdf_group "${1#kdf-}" "${2:-}" "${3:-}" ;;
tree) tree_group "${2:-}" "${3:-}" "${4:-}" "${5:-}" "${6:-0}" ;;
createhash | webcrypto | builtin | from_js | npm) js_group "$1" "${2:-}" "${3:-}" $list ;;
*)
    echo "usage: peers.sh versions | [--list] GROUP COUNT REPS (GROUP: createhash webcrypto builtin from_js npm python kdf-node kdf-python) | tree FORMAT FILE SALT TOOL JOBS" >&2
    exit 2
    ;;
esac
