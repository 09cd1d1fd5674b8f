# SPDX-License-Identifier: Apache-2.0 OR MIT
# cmake -DNM=<nm> -DSTATIC_LIB=<libfastsha256.a> [-DSHARED_LIB=<.so>] -P check_symbols.cmake
# cmake -DNM=<nm> -DSTATIC_LIB=<libfastsha256.a> -DOBJDUMP=<objdump> -DDLL=<fastsha256.dll>
#       -DHEADER=<fastsha256.h> -P check_symbols.cmake           (Windows)
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

# 32-bit x86 PIC code also carries GCC's hidden __x86.get_pc_thunk.<reg>;
# x86-64 MinGW code .refptr.<name>, its pointers to the internal data.
check_lib("${STATIC_LIB}" "-g;--defined-only"
          "^((fastsha256|fastsha224)(_|$)|fsha256_|__x86\\.get_pc_thunk\\.[a-z]+$|\\.refptr\\.fsha256_)")
if(SHARED_LIB)
  # Public API only; fastsha256 and fastsha224 (the one-shot calls) themselves.
  check_lib("${SHARED_LIB}" "-D;--defined-only" "^(fastsha256|fastsha224)(_|$)")
endif()

# A DLL's export table (objdump -p) names exactly the header's FASTSHA256_API
# functions: none missing, nothing more.
if(DLL)
  execute_process(COMMAND ${OBJDUMP} -p ${DLL} RESULT_VARIABLE rc OUTPUT_VARIABLE out)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${OBJDUMP} -p ${DLL} failed")
  endif()
  # The name table: from its heading to the first empty line.
  string(FIND "${out}" "[Ordinal/Name Pointer] Table" at)
  string(SUBSTRING "${out}" ${at} -1 table)
  string(FIND "${table}" "\n\n" end)
  string(SUBSTRING "${table}" 0 ${end} table)
  string(REGEX MATCHALL "\\[ *[0-9]+\\] [A-Za-z0-9_]+" rows "${table}")
  set(exported "")
  foreach(row IN LISTS rows)
    string(REGEX REPLACE ".* " "" name "${row}")
    list(APPEND exported ${name})
  endforeach()
  file(STRINGS ${HEADER} api_lines REGEX "^FASTSHA256_API ")
  set(api "")
  foreach(line IN LISTS api_lines)
    string(REGEX MATCH "[ *](fastsha2(56|24)[a-z0-9_]*)\\(" _ "${line}")
    list(APPEND api ${CMAKE_MATCH_1})
  endforeach()
  list(SORT exported)
  list(SORT api)
  list(LENGTH exported n)
  list(LENGTH api n_api)
  if(NOT exported STREQUAL api)
    set(extra ${exported})
    list(REMOVE_ITEM extra ${api})
    set(missing ${api})
    list(REMOVE_ITEM missing ${exported})
    message(FATAL_ERROR "${DLL}: ${n} exports against ${n_api} public calls; not public: ${extra};"
                        " not exported: ${missing}")
  endif()
  message(STATUS "${DLL}: exports exactly the ${n} public calls of ${HEADER}")
endif()
