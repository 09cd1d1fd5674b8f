# SPDX-License-Identifier: Apache-2.0 OR MIT
# Cross build for 64-bit Windows with Debian's MinGW-w64 (the posix flavour,
# whose winpthreads gives the tools and tests their threads); run under wine:
#   apt-get install gcc-mingw-w64-x86-64 wine64 wine
#   cmake -S . -B build-windows -DCMAKE_TOOLCHAIN_FILE=cmake/x86_64-w64-mingw32.cmake
# ctest runs every test program under wine (scripts/wine-run.sh: a
# wine prefix of the build's own, no debug output, no display).
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)
set(FASTSHA256_CROSS_TRIPLE x86_64-w64-mingw32)
set(CMAKE_C_COMPILER ${FASTSHA256_CROSS_TRIPLE}-gcc-posix)
set(CMAKE_RC_COMPILER ${FASTSHA256_CROSS_TRIPLE}-windres)

set(CMAKE_FIND_ROOT_PATH /usr/${FASTSHA256_CROSS_TRIPLE})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
set(ENV{PKG_CONFIG_LIBDIR} /usr/${FASTSHA256_CROSS_TRIPLE}/lib/pkgconfig)
set(ENV{PKG_CONFIG_PATH} "")

# The tests' emulator: wine, in a prefix under the build folder.
set(CMAKE_CROSSCOMPILING_EMULATOR
    sh;${CMAKE_CURRENT_LIST_DIR}/../scripts/wine-run.sh;${CMAKE_BINARY_DIR}/wine-prefix)
