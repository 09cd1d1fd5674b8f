#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# ctest deb.package: a plain configure (what a user builds) makes the Debian
# package with `--target package`; it is installed with dpkg into a
# throwaway root of its own, a consumer is built against it through
# pkg-config and through find_package(fastsha256) and run, fastsha256sum and
# fastsha224sum run from it, an installed manual page renders, lintian finds
# no error (where it is installed), and `dpkg -r` leaves the root as it was.
#   deb_test.sh SOURCE_DIR WORK_DIR
# WORK_DIR keeps the package's build between runs; the root is made anew.
# 77: no dpkg, dpkg-deb or dpkg-shlibdeps (apt-get install dpkg-dev).
set -euo pipefail
src=$(cd "$1" && pwd)
mkdir -p "$2"
work=$(cd "$2" && pwd)
for tool in dpkg dpkg-deb dpkg-shlibdeps pkg-config cc; do
    command -v "$tool" >/dev/null || { echo "SKIP: $tool not found (apt-get install dpkg-dev)"; exit 77; }
done
passed=0 failed=0
check() { # check DESC CMD...
    local desc=$1; shift
    if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: $desc"; fi
}

build=$work/build
cmake -S "$src" -B "$build" -DFASTSHA256_WERROR=ON >"$work/configure.log" 2>&1 ||
    { cat "$work/configure.log"; exit 1; }
cmake --build "$build" -j 2 --target package >"$work/package.log" 2>&1 ||
    { tail -n 40 "$work/package.log"; exit 1; }
version=$(sed -n 's/^Version: //p' "$build/fastsha256.pc")
arch=$(dpkg --print-architecture)
deb=$build/fastsha256_${version}_${arch}.deb
check "the package is named fastsha256_<version>_<arch>.deb" test -f "$deb"
echo "package: $(basename "$deb"), $(stat -c %s "$deb") bytes"

# What it holds.
dpkg-deb -c "$deb" | awk '{print $6}' | sed 's|^\./|/|' >"$work/files"
for f in /usr/include/fastsha256.h /usr/lib/libfastsha256.a /usr/lib/libfastsha256.so \
    /usr/lib/pkgconfig/fastsha256.pc /usr/lib/cmake/fastsha256/fastsha256Config.cmake \
    /usr/bin/fastsha256sum /usr/bin/fastsha224sum /usr/bin/fastsha256-tree \
    /usr/share/man/man1/fastsha256sum.1.gz /usr/share/man/man1/fastsha224sum.1.gz \
    /usr/share/man/man1/fastsha256-tree.1.gz /usr/share/man/man3/fastsha256.3.gz \
    /usr/share/doc/fastsha256/copyright /usr/share/doc/fastsha256/LICENSE-APACHE \
    /usr/share/doc/fastsha256/LICENSE-MIT; do
    check "the package holds $f" grep -qx "$f" "$work/files"
done
check "the package holds the shared library's SONAME file" grep -q '^/usr/lib/libfastsha256\.so\.0\.' "$work/files"
check "the package has no benchmark" bash -c "! grep -q bench '$work/files'"
control=$(dpkg-deb -f "$deb")
check "Depends computed (libc6)" grep -q '^Depends: .*libc6' <<<"$control"
check "a Section" grep -Eq '^Section: (libs|utils)$' <<<"$control"
check "a Maintainer" grep -q '^Maintainer: .*<.*@.*>' <<<"$control"
copyright=$(dpkg-deb --fsys-tarfile "$deb" | tar -xO ./usr/share/doc/fastsha256/copyright)
check "copyright is machine-readable" grep -q '^Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/' <<<"$copyright"
check "copyright: Apache-2.0 or MIT" grep -qx 'License: Apache-2.0 or MIT' <<<"$copyright"

# A throwaway root with its own dpkg database.
root=$work/root
rm -rf "$root"
mkdir -p "$root/var/lib/dpkg/info" "$root/var/lib/dpkg/updates"
: >"$root/var/lib/dpkg/status"
listing() { (cd "$root" && find . -path ./var/lib/dpkg -prune -o -print | sort); }
listing >"$work/before"
# --force-depends: the root has no libc6 of its own; --force-script-chrootless
# and --instdir/--admindir through --root: the maintainer scripts (ldconfig)
# run without a chroot.
dpkg_root() {
    dpkg --root="$root" --force-depends --force-not-root --force-script-chrootless \
        --log=/dev/null "$@"
}
check "dpkg --root installs it" dpkg_root -i "$deb" >"$work/dpkg-install.log" 2>&1 ||
    cat "$work/dpkg-install.log"
check "dpkg knows it installed" bash -c \
    "dpkg-query --admindir='$root/var/lib/dpkg' -W -f='\${Status}' fastsha256 | grep -qx 'install ok installed'"
usr=$root/usr

# The tools, from the root (statically linked to the library: no search path).
printf 'abc' >"$work/abc"
check "fastsha256sum runs from the root" bash -c \
    "'$usr/bin/fastsha256sum' '$work/abc' | grep -q '^ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad '"
check "fastsha224sum (the link) runs" bash -c \
    "'$usr/bin/fastsha224sum' '$work/abc' | grep -q '^23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7 '"
check "fastsha256sum --version" bash -c "'$usr/bin/fastsha256sum' --version | head -n 1 | grep -qx 'fastsha256sum (fastsha256) $version'"
check "fastsha256-tree --version" bash -c "'$usr/bin/fastsha256-tree' --version | head -n 1 | grep -qx 'fastsha256-tree (fastsha256) $version'"
check "fastsha256sum needs no libfastsha256.so" bash -c "! ldd '$usr/bin/fastsha256sum' | grep -q libfastsha256"

# A consumer through pkg-config: the .pc file finds its prefix from its own
# place (pcfiledir), so PKG_CONFIG_LIBDIR alone points it into the root (a
# PKG_CONFIG_SYSROOT_DIR would prefix the root twice).
pc() { PKG_CONFIG_LIBDIR=$usr/lib/pkgconfig PKG_CONFIG_PATH= pkg-config "$@"; }
check "pkg-config finds $version in the root" test "$(pc --modversion fastsha256)" = "$version"
check "pkg-config's flags point into the root" bash -c "[[ '$(pc --cflags --libs fastsha256)' == *'$root/usr/'* ]]"
# shellcheck disable=SC2046
check "a program links through pkg-config" cc "$src/test/consumer/main.c" -o "$work/pc_consumer" \
    $(pc --cflags --libs fastsha256)
check "it runs against the root's shared library" env LD_LIBRARY_PATH="$usr/lib" "$work/pc_consumer"
check "it loads the root's libfastsha256.so" bash -c \
    "LD_LIBRARY_PATH='$usr/lib' ldd '$work/pc_consumer' | grep -q '$usr/lib/libfastsha256.so'"
# shellcheck disable=SC2046
check "a program links statically through pkg-config" cc "$src/test/consumer/main.c" \
    -o "$work/pc_consumer_static" $(pc --cflags fastsha256) "$usr/lib/libfastsha256.a"
check "it runs" "$work/pc_consumer_static"

# A consumer through find_package(fastsha256).
rm -rf "$work/consumer"
check "find_package(fastsha256) in the root" cmake -S "$src/test/consumer" -B "$work/consumer" \
    -DCMAKE_PREFIX_PATH="$usr" -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF >"$work/consumer.log" 2>&1 ||
    cat "$work/consumer.log"
check "the consumer builds" cmake --build "$work/consumer" >>"$work/consumer.log" 2>&1 ||
    cat "$work/consumer.log"
check "fastsha256::fastsha256 (static) runs" "$work/consumer/consumer_static"
check "fastsha256::shared runs" env LD_LIBRARY_PATH="$usr/lib" "$work/consumer/consumer_shared"

# An installed page and the link page render.
if command -v man >/dev/null; then
    for page in man1/fastsha256sum.1.gz man1/fastsha224sum.1.gz man3/fastsha256.3.gz; do
        check "man -l $page renders without warnings" bash -c \
            "out=\$(LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -l '$usr/share/man/$page' 2>&1 >/dev/null) && [ -z \"\$out\" ]"
    done
fi

# lintian: no error; the warnings are printed (README, "Install").
if command -v lintian >/dev/null; then
    lintian --allow-root "$deb" >"$work/lintian.log" 2>&1 || true
    cat "$work/lintian.log"
    check "lintian finds no error" bash -c "! grep -q '^E:' '$work/lintian.log'"
else
    echo "lintian not found: not run (apt-get install lintian)"
fi

# Removed, nothing is left behind.
check "dpkg -r removes it" dpkg_root -r fastsha256 >"$work/dpkg-remove.log" 2>&1 ||
    cat "$work/dpkg-remove.log"
listing >"$work/after"
check "the root is as it was before" diff "$work/before" "$work/after"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
