# SPDX-License-Identifier: Apache-2.0 OR MIT
# Cross build for IBM Z (s390x, big-endian) Linux with Debian's cross toolchain:
#   apt-get install gcc-s390x-linux-gnu libc6-dev-s390x-cross qemu-user
#   cmake -S . -B build-s390x -DCMAKE_TOOLCHAIN_FILE=cmake/s390x-linux-gnu.cmake
# ctest runs every test under qemu-s390x (user mode): only the portable code,
# so this build checks it on a big-endian target.
set(CMAKE_SYSTEM_PROCESSOR s390x)
set(FASTSHA256_CROSS_TRIPLE s390x-linux-gnu)
include(${CMAKE_CURRENT_LIST_DIR}/debian-cross.cmake)

set(CMAKE_CROSSCOMPILING_EMULATOR qemu-s390x;-L;/usr/${FASTSHA256_CROSS_TRIPLE})
