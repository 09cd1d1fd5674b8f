#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
# ctest js.tarball: the package as `npm pack` makes it (scripts/pack.js; here
# with ctest's addon as prebuilds/linux-x64), installed into an empty folder
# by a process whose PATH has node, npm and sh but no compiler and no CMake,
# offline; then used from Node, Bun and Deno (native where the prebuilt
# addon loads, wasm with FASTSHA256_IMPL=wasm and in Deno without permissions).
#   tarball.sh ADDON
set -u
addon=$1
here=$(cd "$(dirname "$0")" && pwd)
pkg=$(cd "$here/.." && pwd)
repo=$(cd "$pkg/../.." && pwd)
command -v npm >/dev/null 2>&1 || { echo "skipped: npm not found"; exit 77; }
for f in wasm/fastsha256-simd.wasm wasm/fastsha256-mvp.wasm lib/wasm-simd.js lib/wasm-mvp.mjs; do
    [ -f "$pkg/$f" ] || { echo "skipped: $pkg/$f is not built (the CMake build makes it with clang-14 and lld-14: apt-get install clang-14 lld-14 llvm-14)"; exit 77; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# The package as scripts/pack.js stages it, with the addon as its prebuild.
stage="$work/stage"
node "$pkg/scripts/pack.js" --stage "$stage" --addon "$addon" || fail "pack.js --stage"
(cd "$stage" && npm pack --silent >/dev/null 2>&1) || fail "npm pack"
tgz=$(ls "$stage"/fastsha256-*.tgz) || fail "no tarball"
# What users get: no install script, nothing to build with, a README with no
# link into the repository.
node -e "const m=require('$stage/package.json'); if (m.scripts) throw new Error('scripts: ' + JSON.stringify(m.scripts))" ||
    fail "the packed package.json has scripts"
listing=$(tar -tzf "$tgz")
for stray in package/build/ package/src/ package/CMakeLists.txt package/scripts/; do
    ! printf '%s\n' "$listing" | grep -q "^$stray" || fail "the tarball carries $stray"
done
! grep -nE '\]\((\.\./|\.\./\.\./)' "$stage/README.md" || fail "README.md links outside the package"
echo "ok tarball: $(printf '%s\n' "$listing" | wc -l) files, no install script, no build files"

# PATH with node, npm and sh only.
bin="$work/bin"
mkdir -p "$bin"
for tool in node npm sh; do ln -s "$(command -v $tool)" "$bin/$tool"; done
for tool in cc gcc clang cmake make; do
    PATH="$bin" command -v "$tool" >/dev/null 2>&1 && fail "$tool on the restricted PATH"
done
proj="$work/project"
mkdir -p "$proj"
echo '{"name":"tarball-user","version":"1.0.0","private":true}' > "$proj/package.json"
(cd "$proj" && env -i PATH="$bin" HOME="$work/home" npm install --offline --no-audit --no-fund \
    "$tgz" > "$work/install.log" 2>&1) || { cat "$work/install.log"; fail "npm install of the tarball"; }
! grep -q 'fastsha256:' "$work/install.log" || fail "an install script ran"

cat > "$proj/use.mjs" <<'JS'
import f from 'fastsha256';
const want = 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad';
const got = [f.sha256('abc', 'hex'), f.sha256Many(['abc'], 'hex')[0], f.createHash('sha256').update('abc').digest('hex')];
if (got.some((x) => x !== want)) throw new Error(`wrong digests: ${got}`);
console.log(f.implementation);
JS
check() { # check WHAT WANT COMMAND...
    what=$1 want=$2; shift 2
    got=$(cd "$proj" && "$@" 2>&1 | tail -n 1)
    [ "$got" = "$want" ] || fail "$what: got '$got', want '$want'"
    echo "ok $what: $want"
}
native=native
[ "$(uname -s)-$(uname -m)" = Linux-x86_64 ] || native=wasm
check "node require" "$native" env -i PATH="$bin" node -e \
    "const f=require('fastsha256'); if (f.sha224('abc','hex')!=='23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7') throw 0; console.log(f.implementation)"
check "node import" "$native" env -i PATH="$bin" node use.mjs
check "node FASTSHA256_IMPL=wasm" wasm env -i PATH="$bin" FASTSHA256_IMPL=wasm node use.mjs
find_runtime() {
    for dir in ${FASTSHA256_JS_RUNTIMES:+"$FASTSHA256_JS_RUNTIMES/bin"} "$repo/bench/.runtimes/bin"; do
        [ -x "$dir/$1" ] && { echo "$dir/$1"; return; }
    done
    command -v "$1" 2>/dev/null || true
}
bun=$(find_runtime bun)
if [ -n "$bun" ]; then
    check "bun import" "$native" env -i PATH="$bin" "$bun" use.mjs
    check "bun FASTSHA256_IMPL=wasm" wasm env -i PATH="$bin" FASTSHA256_IMPL=wasm "$bun" use.mjs
else
    echo "skipped: bun not found"
fi
deno=$(find_runtime deno)
if [ -n "$deno" ]; then
    check "deno -A" "$native" env -i PATH="$bin" HOME="$work/home" DENO_NO_UPDATE_CHECK=1 "$deno" run -A use.mjs
    check "deno without permissions" wasm env -i PATH="$bin" HOME="$work/home" DENO_NO_UPDATE_CHECK=1 \
        "$deno" run use.mjs </dev/null
else
    echo "skipped: deno not found"
fi
