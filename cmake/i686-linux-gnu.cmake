# SPDX-License-Identifier: Apache-2.0 OR MIT
# 32-bit x86 build with Debian's i686 cross toolchain (gcc-multilib conflicts
# with the other cross compilers, this does not):
#   apt-get install gcc-i686-linux-gnu libc6-dev-i386-cross
#   cmake -S . -B build-i686 -DCMAKE_TOOLCHAIN_FILE=cmake/i686-linux-gnu.cmake
# Programs are linked statically, so an x86-64 kernel runs them natively on
# the real CPU: the shani, avx2 and hex kernels run in 32-bit mode too.
set(CMAKE_SYSTEM_PROCESSOR i686)
set(FASTSHA256_CROSS_TRIPLE i686-linux-gnu)
include(${CMAKE_CURRENT_LIST_DIR}/debian-cross.cmake)

set(CMAKE_EXE_LINKER_FLAGS_INIT -static)
