# 32-bit x86 build with Debian's i686 cross toolchain (gcc-multilib conflicts
# with the other cross compilers, this does not):
#   apt-get install gcc-i686-linux-gnu libc6-dev-i386-cross
#   cmake -S . -B build-i686 -DCMAKE_TOOLCHAIN_FILE=cmake/i686-linux-gnu.cmake
# Programs are linked statically, so an x86-64 kernel runs them natively on
# the real CPU: the shani, avx2 and hex kernels run in 32-bit mode too.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR i686)

set(FASTSHA256_CROSS_TRIPLE i686-linux-gnu)
set(CMAKE_C_COMPILER ${FASTSHA256_CROSS_TRIPLE}-gcc)
set(CMAKE_CXX_COMPILER ${FASTSHA256_CROSS_TRIPLE}-g++)
set(CMAKE_EXE_LINKER_FLAGS_INIT -static)

set(CMAKE_FIND_ROOT_PATH /usr/${FASTSHA256_CROSS_TRIPLE})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
# pkg-config must not hand the host's (x86-64) libraries to the target.
set(ENV{PKG_CONFIG_LIBDIR} /usr/${FASTSHA256_CROSS_TRIPLE}/lib/pkgconfig)
set(ENV{PKG_CONFIG_PATH} "")
