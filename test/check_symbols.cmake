# SPDX-License-Identifier: Apache-2.0 OR MIT
# cmake -DNM=<nm> -DSTATIC_LIB=<libfastsha256.a> [-DSHARED_LIB=<.so>] -P check_symbols.cmake
# Every defined global symbol of the static library is fastsha256, fastsha224
# (the one-shot calls) or starts with fastsha256_,
# fastsha224_ (public) or fsha256_ (internal); the shared library's dynamic
# symbol table defines only public ones.
function(check_lib lib nm_flags allowed)
  execute_process(COMMAND ${NM} ${nm_flags} ${lib} RESULT_VARIABLE rc OUTPUT_VARIABLE out
                  ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${NM} ${nm_flags} ${lib} failed: ${err}")
  endif()
  string(REPLACE "\n" ";" lines "${out}")
  set(count 0)
  set(bad "")
  foreach(line IN LISTS lines)
    # "address type name" (nm -P would differ between binutils and llvm-nm).
    if(line MATCHES "^[0-9a-fA-F]* *[A-Za-z] ([^ ]+)$")
      set(sym "${CMAKE_MATCH_1}")
      math(EXPR count "${count} + 1")
      if(NOT sym MATCHES "${allowed}")
        list(APPEND bad "${sym}")
      endif()
    endif()
  endforeach()
  if(count EQUAL 0)
    message(FATAL_ERROR "no symbols found in ${lib}")
  endif()
  if(bad)
    string(REPLACE ";" "\n  " bad "${bad}")
    message(FATAL_ERROR "${lib}: symbols outside the allowed prefixes:\n  ${bad}")
  endif()
  message(STATUS "${lib}: ${count} defined global symbols, all prefixed")
endfunction()

# 32-bit x86 PIC code also carries GCC's hidden __x86.get_pc_thunk.<reg>.
check_lib("${STATIC_LIB}" "-g;--defined-only"
          "^((fastsha256|fastsha224)(_|$)|fsha256_|__x86\\.get_pc_thunk\\.[a-z]+$)")
if(SHARED_LIB)
  # Public API only; fastsha256 and fastsha224 (the one-shot calls) themselves.
  check_lib("${SHARED_LIB}" "-D;--defined-only" "^(fastsha256|fastsha224)(_|$)")
endif()
