# SPDX-License-Identifier: Apache-2.0 OR MIT
# Shared by the cross toolchain files: Debian's cross compilers and sysroot
# for FASTSHA256_CROSS_TRIPLE (set by the including file).
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_C_COMPILER ${FASTSHA256_CROSS_TRIPLE}-gcc)
set(CMAKE_CXX_COMPILER ${FASTSHA256_CROSS_TRIPLE}-g++)

set(CMAKE_FIND_ROOT_PATH /usr/${FASTSHA256_CROSS_TRIPLE})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
# pkg-config must not hand the host's (x86-64) libraries to the target.
set(ENV{PKG_CONFIG_LIBDIR} /usr/${FASTSHA256_CROSS_TRIPLE}/lib/pkgconfig)
set(ENV{PKG_CONFIG_PATH} "")
