#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# ctest python.wheel: the wheel as the README makes it
# (python3 -m pip wheel ./bindings/python -w dist, offline, in a clean copy of
# the tracked files), installed into a fresh venv by a process whose PATH has
# no compiler and no CMake, then the module's own test suite run against the
# installed wheel. Once per python3 there is: the one on PATH and Debian's
# /usr/bin/python3. pytest comes from Debian's python3-pytest (its folder is
# put on the path of the interpreters that lack it).
#   wheel_test.sh SOURCE_DIR
# Exit 77 (skipped) when no interpreter can make a venv and build the module.
set -euo pipefail
src=$(cd "$1" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/fastsha256-wheel.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir "$work/clean"
(cd "$src" && git ls-files -z | tar --null -T - -cf - 2>/dev/null) | tar -xf - -C "$work/clean"

# A PATH with the interpreter's venv and sh only: no cc, gcc, clang, cmake or make.
nocompiler=$work/nocompiler
mkdir "$nocompiler"
for tool in sh bash env uname cat rm mkdir; do ln -s "$(command -v $tool)" "$nocompiler/$tool"; done

interpreters=()
for candidate in "$(command -v python3 || true)" /usr/bin/python3; do
    [ -n "$candidate" ] && [ -x "$candidate" ] || continue
    real=$("$candidate" -c 'import os, sys; print(os.path.realpath(sys.executable))' 2>/dev/null) || continue
    [[ " ${interpreters[*]} " == *" $real "* ]] || interpreters+=("$real")
done
ran=0 failed=0
for python in "${interpreters[@]}"; do
    version=$("$python" -c 'import sys; print("%d.%d.%d" % sys.version_info[:3])')
    if ! "$python" -c 'import ensurepip, venv' >/dev/null 2>&1; then
        echo "skipped: $python ($version) cannot make a venv (apt-get install python3-venv)"; continue
    fi
    if [ ! -f "$("$python" -c 'import sysconfig; print(sysconfig.get_paths()["include"])')/Python.h" ]; then
        echo "skipped: $python ($version) has no C headers (apt-get install python3-dev)"; continue
    fi
    log=$work/log-$ran dist=$work/dist-$ran venv=$work/venv-$ran
    echo "== $python ($version)"
    if (cd "$work/clean" && env -u PYTHONPATH PIP_NO_INDEX=1 PIP_DISABLE_PIP_VERSION_CHECK=1 \
            "$python" -m pip wheel ./bindings/python -w "$dist" --no-deps) >"$log" 2>&1 &&
       "$python" -m venv "$venv" >>"$log" 2>&1 &&
       env -i PATH="$venv/bin:$nocompiler" HOME="$work" PIP_NO_INDEX=1 PIP_DISABLE_PIP_VERSION_CHECK=1 \
            "$venv/bin/python" -m pip install "$dist"/fastsha256-*.whl >>"$log" 2>&1 &&
       (cd "$work" && env -i PATH="$venv/bin:$nocompiler" "$venv/bin/python" -c \
            'import fastsha256, sys; assert fastsha256.__file__.startswith(sys.prefix), fastsha256.__file__') \
            >>"$log" 2>&1 &&
       (cd "$work" && env -i PATH="$venv/bin:$nocompiler" HOME="$work" \
            PYTHONPATH="$("$venv/bin/python" -c 'import pytest' 2>/dev/null || echo /usr/lib/python3/dist-packages)" \
            FASTSHA256_VECTORS_DIR="$work/clean/test/vectors" \
            "$venv/bin/python" -m pytest -q -p no:cacheprovider "$work/clean/bindings/python/tests") >>"$log" 2>&1
    then
        echo "ok: $(ls "$dist"), $(tail -n 1 "$log")"
    else
        tail -n 30 "$log"
        echo "FAIL: $python ($version)"
        failed=$((failed + 1))
    fi
    ran=$((ran + 1))
done
[ $ran -gt 0 ] || { echo "skipped: no python3 here can make a venv and build the module"; exit 77; }
echo "$((ran - failed)) passed, $failed failed"
[ $failed -eq 0 ]
