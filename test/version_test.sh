#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
# ctest release.version: one version, in include/fastsha256.h; everything
# else derives from it or must agree with it: the CMake project, the
# pkg-config file, the npm package, the Python module's metadata and
# fastsha256sum --version.
#   version_test.sh SOURCE_DIR CMAKE_VERSION PC_FILE [FASTSHA256SUM]
set -u
src=$1 cmake_version=$2 pc=$3 tool=${4:-}
part() { sed -n "s/^#define FASTSHA256_VERSION_$1 \\([0-9][0-9]*\\)$/\\1/p" "$src/include/fastsha256.h"; }
want="$(part MAJOR).$(part MINOR).$(part PATCH)"
status=0
check() { # check WHAT GOT
    if [ "$2" = "$want" ]; then echo "ok $1: $2"; else echo "FAIL $1: $2, the header says $want"; status=1; fi
}
check "CMake project" "$cmake_version"
check "fastsha256.pc" "$(sed -n 's/^Version: //p' "$pc")"
check "bindings/node/package.json" "$(sed -n 's/^  "version": "\(.*\)",$/\1/p' "$src/bindings/node/package.json")"
check "the Python module's metadata" "$(cd "$src/bindings/python" && python3 -c 'import build_backend; print(build_backend.read_version())')"
if [ -n "$tool" ]; then
    check "fastsha256sum --version" "$("$tool" --version | sed -n '1s/.* \([0-9][0-9.]*\)$/\1/p')"
fi
exit $status
