# Cross build for IBM Z (s390x, big-endian) Linux with Debian's cross toolchain:
#   apt-get install gcc-s390x-linux-gnu libc6-dev-s390x-cross qemu-user
#   cmake -S . -B build-s390x -DCMAKE_TOOLCHAIN_FILE=cmake/s390x-linux-gnu.cmake
# ctest runs every test under qemu-s390x (user mode): only the portable code,
# so this build checks it on a big-endian target.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR s390x)

set(FASTSHA256_CROSS_TRIPLE s390x-linux-gnu)
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

set(CMAKE_CROSSCOMPILING_EMULATOR qemu-s390x;-L;/usr/${FASTSHA256_CROSS_TRIPLE})
