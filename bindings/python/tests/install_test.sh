#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# ctest python.install: runs the install commands of bindings/python/README.md
# exactly as written (the fenced block after the "python.install runs these
# commands" marker), from a clean copy of the tree (its tracked files, as a
# fresh clone has them) in a scratch folder, then imports the module from the
# venv they made. Once per python3 there is: the one on PATH and Debian's
# /usr/bin/python3 when that is another. pip gets no index (PIP_NO_INDEX):
# the install must work offline.
#   install_test.sh SOURCE_DIR
# Exit 77 (ctest: skipped) when no interpreter can make a venv (Debian:
# python3-venv) or has its C headers (python3-dev).
set -euo pipefail
src=$(cd "$1" && pwd)
readme=$src/bindings/python/README.md
commands=$(awk '/<!-- python.install runs these commands -->/ { marked = 1; next }
                marked && /^```/ { if (inside) exit; inside = 1; next }
                inside' "$readme")
if [ -z "$commands" ]; then
    echo "FAIL: no install commands after the python.install marker in $readme"
    exit 1
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/fastsha256-pyinstall.XXXXXX")
trap 'rm -rf "$work"' EXIT

# The tracked files only: no build folder, no venv, nothing a clone lacks.
mkdir "$work/clean"
if git -C "$src" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    (cd "$src" && git ls-files -z | tar --null --ignore-failed-read -T - -cf - 2>/dev/null) |
        tar -xf - -C "$work/clean"
else
    (cd "$src" && tar --exclude=./build --exclude=./venv --exclude=./bench/.runtimes \
        --exclude=node_modules -cf - .) | tar -xf - -C "$work/clean"
fi

# Real interpreters (pyenv's shim resolved), each once.
interpreters=()
for candidate in "$(command -v python3 || true)" /usr/bin/python3; do
    if [ -z "$candidate" ] || [ ! -x "$candidate" ]; then continue; fi
    real=$("$candidate" -c 'import os, sys; print(os.path.realpath(sys.executable))' 2>/dev/null) ||
        continue
    [[ " ${interpreters[*]} " == *" $real "* ]] || interpreters+=("$real")
done

ran=0 failed=0
for python in "${interpreters[@]}"; do
    version=$("$python" -c 'import sys; print("%d.%d.%d" % sys.version_info[:3])')
    if ! "$python" -c 'import ensurepip, venv' >/dev/null 2>&1; then
        echo "skipped: $python ($version) cannot make a venv (Debian: apt-get install python3-venv)"
        continue
    fi
    include=$("$python" -c 'import sysconfig; print(sysconfig.get_paths()["include"])')
    if [ ! -f "$include/Python.h" ]; then
        echo "skipped: $python ($version) has no C headers in $include (Debian: apt-get install python3-dev)"
        continue
    fi
    # "python3" in the commands is this interpreter.
    tree=$work/tree-$ran
    cp -a "$work/clean" "$tree"
    mkdir "$work/bin-$ran"
    ln -s "$python" "$work/bin-$ran/python3"
    echo "== $python ($version): the README's commands in a clean copy"
    log=$work/log-$ran
    if (cd "$tree" && env -u PYTHONPATH -u VIRTUAL_ENV PATH="$work/bin-$ran:$PATH" PIP_NO_INDEX=1 \
            PIP_DISABLE_PIP_VERSION_CHECK=1 bash -euo pipefail -c "$commands") >"$log" 2>&1 &&
       (cd "$work" && env -u PYTHONPATH "$tree/venv/bin/python" - "$tree/venv") <<'PY' >>"$log" 2>&1
import os, sys
import fastsha256
from fastsha256 import pbkdf2_hmac  # the second extension module is in the wheel too
venv = os.path.realpath(sys.argv[1])
assert os.path.realpath(fastsha256.__file__).startswith(venv + os.sep), fastsha256.__file__
want = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
assert fastsha256.sha256(b"abc").hexdigest() == want
print("imported from the venv:", fastsha256.__file__, "backend", fastsha256.backend())
PY
    then
        tail -n 2 "$log"
        echo "ok: $python ($version)"
    else
        cat "$log"
        echo "FAIL: $python ($version): the documented install did not work"
        failed=$((failed + 1))
    fi
    rm -rf "$tree"
    ran=$((ran + 1))
done
if [ $ran -eq 0 ]; then
    echo "skipped: no python3 here can make a venv and build the module"
    exit 77
fi
echo "$((ran - failed)) passed, $failed failed"
[ $failed -eq 0 ]
