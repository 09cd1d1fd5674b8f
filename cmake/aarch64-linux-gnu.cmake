# SPDX-License-Identifier: Apache-2.0 OR MIT
# Cross build for 64-bit ARM Linux with Debian's cross toolchain:
#   apt-get install gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user
#   cmake -S . -B build-aarch64 -DCMAKE_TOOLCHAIN_FILE=cmake/aarch64-linux-gnu.cmake
# ctest runs every test under qemu-aarch64 (user mode); every CPU model of
# qemu 7.2 has the SHA-2 instructions (QEMU_CPU=cortex-a53 etc. picks one).
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(FASTSHA256_CROSS_TRIPLE aarch64-linux-gnu)
include(${CMAKE_CURRENT_LIST_DIR}/debian-cross.cmake)

set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64;-L;/usr/${FASTSHA256_CROSS_TRIPLE})
