# SPDX-License-Identifier: Apache-2.0 OR MIT
# The X-macro lists of src/ as the build uses them: src/backends.def (one
# FSHA256_BACKEND(name) line per backend) and src/hex/hex_encoders.def (one
# FSHA256_HEX_ENCODER(name) line per hex encoder), each best first, the
# portable one last.
#
#   fastsha256_backend_list(<out> <portable_out>)
# sets <out> to the backends this build compiled (fastsha256_add_backend in
# fastsha256_built_backends), in the list's order, and <portable_out> to the
# list's last. It writes those lines to <binary dir>/src/fsha256_backends_built.def,
# which backends.c turns into the backend table, and checks that the docs
# that name every backend (the public header, the Node typings, the Python
# docstring) name the list's backends in its order.
#
#   fastsha256_hex_encoder_list(<out>)
# does the same for the hex encoders (fastsha256_add_hex_encoder in
# fastsha256_built_hex_encoders): <binary dir>/src/fsha256_hex_built.def,
# which hex/hex_list.c turns into the encoder table.

# Every name of the list src/<def>, in order: its <macro>(name) lines.
function(fastsha256_read_def_list def macro out)
  set(path ${PROJECT_SOURCE_DIR}/src/${def})
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${path})
  file(STRINGS ${path} lines REGEX "^${macro}\\(")
  set(names "")
  foreach(line IN LISTS lines)
    if(NOT line MATCHES "^${macro}\\(([a-z0-9_]+)\\)$")
      message(FATAL_ERROR "src/${def}: not ${macro}(name): ${line}")
    endif()
    list(APPEND names ${CMAKE_MATCH_1})
  endforeach()
  if(NOT names)
    message(FATAL_ERROR "src/${def} lists nothing")
  endif()
  set(${out} ${names} PARENT_SCOPE)
endfunction()

# The lines of src/<def> whose entries this build compiled (the names in
# `built`), in the list's order, written to <binary dir>/src/<generated>;
# <what> names an entry in messages. Every built entry must be listed and
# the list's last (the portable one, which needs no CPU feature) built.
# Sets <out> to the built names in order and <listed_out> to every name.
function(fastsha256_write_built_list def macro what built generated out listed_out)
  fastsha256_read_def_list(${def} ${macro} listed)
  foreach(name IN LISTS built)
    if(NOT name IN_LIST listed)
      message(FATAL_ERROR "${what} ${name} is built but not listed in src/${def}")
    endif()
  endforeach()
  list(GET listed -1 portable)
  if(NOT portable IN_LIST built)
    message(FATAL_ERROR "the portable ${what} ${portable} (last in src/${def}) is not built")
  endif()
  set(in_order "")
  set(content "/* Generated from src/${def}: the ${what}s this build compiled, best first. */\n")
  foreach(name IN LISTS listed)
    if(name IN_LIST built)
      list(APPEND in_order ${name})
      string(APPEND content "${macro}(${name})\n")
    endif()
  endforeach()
  # Written only when it changes, so a reconfigure rebuilds nothing.
  set(path ${PROJECT_BINARY_DIR}/src/${generated})
  file(WRITE ${path}.tmp "${content}")
  configure_file(${path}.tmp ${path} COPYONLY)
  file(REMOVE ${path}.tmp)
  set(${out} ${in_order} PARENT_SCOPE)
  set(${listed_out} ${listed} PARENT_SCOPE)
endfunction()

# The quoted names on the first line of file that matches regex, compared
# with the list: a FATAL_ERROR with FASTSHA256_WERROR (tests and CI), else a
# warning (a parent project or a pip build is not stopped by a doc).
function(fastsha256_check_backend_doc file regex quote names)
  set(path ${PROJECT_SOURCE_DIR}/${file})
  if(NOT EXISTS ${path})
    return()
  endif()
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${path})
  file(STRINGS ${path} lines REGEX "${regex}")
  list(GET lines 0 line)
  string(REGEX MATCHALL "${quote}[a-z0-9_]+${quote}" quoted "${line}")
  string(REPLACE "${quote}" "" documented "${quoted}")
  if(NOT documented STREQUAL names)
    set(level WARNING)
    if(FASTSHA256_WERROR)
      set(level FATAL_ERROR)
    endif()
    message(${level} "${file} names the backends \"${documented}\", but src/backends.def "
            "lists \"${names}\" (best first): update the line matching \"${regex}\"")
  endif()
endfunction()

function(fastsha256_backend_list out portable_out)
  fastsha256_write_built_list(backends.def FSHA256_BACKEND backend "${fastsha256_built_backends}"
                              fsha256_backends_built.def built listed)
  list(GET listed -1 portable)
  fastsha256_check_backend_doc(include/fastsha256.h "^ \\* Names" "\"" "${listed}")
  fastsha256_check_backend_doc(bindings/node/index.d.ts "The active backend: " "\"" "${listed}")
  fastsha256_check_backend_doc(bindings/python/fastsha256/_backends.c
                               "Name of the active backend: " "'" "${listed}")
  set(${out} ${built} PARENT_SCOPE)
  set(${portable_out} ${portable} PARENT_SCOPE)
endfunction()

function(fastsha256_hex_encoder_list out)
  fastsha256_write_built_list(hex/hex_encoders.def FSHA256_HEX_ENCODER "hex encoder"
                              "${fastsha256_built_hex_encoders}" fsha256_hex_built.def built listed)
  set(${out} ${built} PARENT_SCOPE)
endfunction()
