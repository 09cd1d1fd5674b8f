# The backend list, src/backends.def, as the build uses it: one
# FSHA256_BACKEND(name) line per backend, best first, the portable one last.
#
#   fastsha256_backend_list(<out> <portable_out>)
# sets <out> to the backends this build compiled (fastsha256_add_backend in
# fastsha256_built_backends), in the list's order, and <portable_out> to the
# list's last. It writes those lines to <binary dir>/src/fsha256_backends_built.def,
# which backends.c turns into the backend table, and checks that the docs
# that name every backend (the public header, the Node typings, the Python
# docstring) name the list's backends in its order.

# Every name in src/backends.def, in order.
function(fastsha256_read_backend_list out)
  set(def ${PROJECT_SOURCE_DIR}/src/backends.def)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${def})
  file(STRINGS ${def} lines REGEX "^FSHA256_BACKEND\\(")
  set(names "")
  foreach(line IN LISTS lines)
    if(NOT line MATCHES "^FSHA256_BACKEND\\(([a-z0-9_]+)\\)$")
      message(FATAL_ERROR "src/backends.def: not FSHA256_BACKEND(name): ${line}")
    endif()
    list(APPEND names ${CMAKE_MATCH_1})
  endforeach()
  if(NOT names)
    message(FATAL_ERROR "src/backends.def lists no backend")
  endif()
  set(${out} ${names} PARENT_SCOPE)
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
  fastsha256_read_backend_list(listed)
  foreach(name IN LISTS fastsha256_built_backends)
    if(NOT name IN_LIST listed)
      message(FATAL_ERROR "backend ${name} is built but not listed in src/backends.def")
    endif()
  endforeach()
  list(GET listed -1 portable)
  if(NOT portable IN_LIST fastsha256_built_backends)
    message(FATAL_ERROR "the portable backend ${portable} (last in src/backends.def) is not built")
  endif()
  set(built "")
  set(content "/* Generated from src/backends.def: the backends this build compiled, best first. */\n")
  foreach(name IN LISTS listed)
    if(name IN_LIST fastsha256_built_backends)
      list(APPEND built ${name})
      string(APPEND content "FSHA256_BACKEND(${name})\n")
    endif()
  endforeach()
  # Written only when it changes, so a reconfigure rebuilds nothing.
  set(generated ${PROJECT_BINARY_DIR}/src/fsha256_backends_built.def)
  file(WRITE ${generated}.tmp "${content}")
  configure_file(${generated}.tmp ${generated} COPYONLY)
  file(REMOVE ${generated}.tmp)

  fastsha256_check_backend_doc(include/fastsha256.h "^ \\* Names" "\"" "${listed}")
  fastsha256_check_backend_doc(bindings/node/index.d.ts "The active backend: " "\"" "${listed}")
  fastsha256_check_backend_doc(bindings/python/fastsha256/_backends.c
                               "Name of the active backend: " "'" "${listed}")
  set(${out} ${built} PARENT_SCOPE)
  set(${portable_out} ${portable} PARENT_SCOPE)
endfunction()
