#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# Installs the Bun and Deno binaries from the npm registry into a local folder
# so that fastsha256-bench can time them next to Node.
#
#   bench/install-js-runtimes.sh [DIR]        (default: bench/.runtimes)
#
# Result: DIR/bin/bun and DIR/bin/deno. fastsha256-bench looks on PATH, in
# $FASTSHA256_JS_RUNTIMES/bin, in bench/.runtimes/bin next to its sources and
# in .runtimes/bin next to the binary. Needs npm (Debian: apt-get install npm)
# and tar; nothing is installed globally. Versions can be pinned with
# BUN_VERSION=1.x.y / DENO_VERSION=2.x.y (default: the registry's latest).
#
# The packages are the platform packages that the official `bun` and `deno`
# npm packages depend on; each holds one prebuilt, self-contained binary:
#   @oven/bun-linux-x64 (or -baseline on CPUs without AVX2)   -> package/bin/bun
#   @deno/linux-x64-glibc                                     -> package/deno
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
dest=${1:-$here/.runtimes}

if ! command -v npm >/dev/null 2>&1; then
  echo "install-js-runtimes: npm not found (apt-get install npm)" >&2
  exit 1
fi
case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) ;;
  *) echo "install-js-runtimes: only Linux x86-64 is handled here" >&2; exit 1 ;;
esac

bun_pkg=@oven/bun-linux-x64
if ! grep -qw avx2 /proc/cpuinfo 2>/dev/null; then
  bun_pkg=@oven/bun-linux-x64-baseline
fi
deno_pkg=@deno/linux-x64-glibc
if ldd --version 2>&1 | grep -qi musl; then
  echo "install-js-runtimes: musl libc: Deno's glibc build will not run here" >&2
fi

mkdir -p "$dest/bin"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# fetch PKG VERSION PATH-IN-TARBALL NAME
fetch() {
  local pkg=$1 version=$2 inner=$3 name=$4 spec tgz
  spec=$pkg${version:+@$version}
  echo "install-js-runtimes: fetching $spec" >&2
  (cd "$work" && npm pack --silent "$spec" >"$work/$name.list")
  tgz=$work/$(tail -n1 "$work/$name.list")
  mkdir -p "$work/$name"
  tar -xzf "$tgz" -C "$work/$name"
  install -m 0755 "$work/$name/package/$inner" "$dest/bin/$name"
  echo "install-js-runtimes: $dest/bin/$name: $("$dest/bin/$name" --version | head -n1)" >&2
}

status=0
fetch "$bun_pkg" "${BUN_VERSION:-}" bin/bun bun || { echo "install-js-runtimes: bun failed" >&2; status=1; }
fetch "$deno_pkg" "${DENO_VERSION:-}" deno deno || { echo "install-js-runtimes: deno failed" >&2; status=1; }
echo "$dest/bin"
exit $status
