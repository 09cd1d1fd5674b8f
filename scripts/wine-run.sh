#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
# wine-run.sh PREFIX PROGRAM.exe [ARGS...]: runs a Windows program under wine
# in the wine prefix PREFIX (made on first use), without wine's debug output
# and without a display; its exit status is the program's. The emulator of
# the Windows build's tests (cmake/x86_64-w64-mingw32.cmake).
set -eu
prefix=$1
shift
export WINEPREFIX="$prefix" WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml=" WINEARCH=win64
unset DISPLAY WAYLAND_DISPLAY
# ctest starts programs in parallel: one of them makes the prefix.
if [ ! -f "$prefix/system.reg" ]; then
    mkdir -p "$(dirname "$prefix")"
    flock "$prefix.lock" sh -c '[ -f "$WINEPREFIX/system.reg" ] || { wineboot -i && wineserver -w; }' \
        >/dev/null 2>&1
fi
exec wine "$@"
