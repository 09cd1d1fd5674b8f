# SPDX-License-Identifier: Apache-2.0 OR MIT
# Windows (MinGW-w64): the DLL is fastsha256.dll with its import library
# libfastsha256.dll.a beside the static libfastsha256.a. PE has no hidden
# visibility, and GNU ld exports every global symbol of a DLL that names no
# exports; so a module-definition file, made here from the FASTSHA256_API
# declarations of the public header (the one list of the API), names them,
# and the internal fsha256_* symbols stay inside.
file(STRINGS ${PROJECT_SOURCE_DIR}/include/fastsha256.h fastsha256_api_lines
     REGEX "^FASTSHA256_API ")
set(fastsha256_def "LIBRARY fastsha256.dll\nEXPORTS\n")
foreach(line IN LISTS fastsha256_api_lines)
  if(NOT line MATCHES "[ *](fastsha2(56|24)[a-z0-9_]*)\\(")
    message(FATAL_ERROR "fastsha256.h: no function name in: ${line}")
  endif()
  string(APPEND fastsha256_def "    ${CMAKE_MATCH_1}\n")
endforeach()
file(CONFIGURE OUTPUT ${PROJECT_BINARY_DIR}/fastsha256.def CONTENT "${fastsha256_def}")
target_sources(fastsha256_shared PRIVATE ${PROJECT_BINARY_DIR}/fastsha256.def)
set_target_properties(fastsha256_shared PROPERTIES PREFIX "" IMPORT_PREFIX lib)

# The tools and tests print size_t and 64-bit values with %zu and %llu: MinGW's
# own C99 printf family, not msvcrt's (fastsha256_apply_defaults adds it to
# every target; the library prints nothing).
list(APPEND fastsha256_c_options -D__USE_MINGW_ANSI_STDIO=1)

# The programs and the DLL carry libgcc and winpthreads (static), so they run
# without MinGW's DLLs beside them.
list(APPEND fastsha256_link_options -static)
