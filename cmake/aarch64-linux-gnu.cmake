# Cross build for 64-bit ARM Linux with Debian's cross toolchain:
#   apt-get install gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user
#   cmake -S . -B build-aarch64 -DCMAKE_TOOLCHAIN_FILE=cmake/aarch64-linux-gnu.cmake
# ctest runs every test under qemu-aarch64 (user mode); every CPU model of
# qemu 7.2 has the SHA-2 instructions (QEMU_CPU=cortex-a53 etc. picks one).
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)

set(FASTSHA256_CROSS_TRIPLE aarch64-linux-gnu)
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

set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64;-L;/usr/${FASTSHA256_CROSS_TRIPLE})
