# SPDX-License-Identifier: Apache-2.0 OR MIT
# Toolchain for the WebAssembly modules (bindings/node/wasm/): Debian's
# clang-14 and wasm-ld-14, no emscripten and no C library (src/wasm/ has the
# few functions the library calls). Use:
#   cmake -S . -B build/wasm -DCMAKE_TOOLCHAIN_FILE=cmake/wasm32.cmake
# or bindings/node/scripts/build-wasm.sh, which also copies the modules.
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR wasm32)
set(CMAKE_C_COMPILER clang-14)
set(CMAKE_C_COMPILER_TARGET wasm32)
set(CMAKE_AR llvm-ar-14 CACHE FILEPATH "Archiver")
set(CMAKE_RANLIB llvm-ranlib-14 CACHE FILEPATH "Ranlib")
find_program(FASTSHA256_WASM_LD NAMES wasm-ld-14 wasm-ld REQUIRED)
# Linked by wasm-ld itself, not through clang's driver: the driver would run
# binaryen's wasm-opt when it is installed, and the modules must not depend
# on what else the build machine has (they are committed, byte for byte).
set(CMAKE_C_LINK_EXECUTABLE
    "${FASTSHA256_WASM_LD} <LINK_FLAGS> <OBJECTS> -o <TARGET> <LINK_LIBRARIES>")
# No host headers, ever: only clang's own (stddef.h, stdint.h, stdatomic.h,
# wasm_simd128.h) and the declaration-only ones in src/wasm/include.
set(CMAKE_C_FLAGS_INIT "-nostdlibinc")
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)
