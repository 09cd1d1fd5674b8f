# SPDX-License-Identifier: Apache-2.0 OR MIT
# The Debian package: `cmake --build build --target package` makes
# fastsha256_<version>_<arch>.deb (CPack's DEB generator) from what
# `cmake --install` installs: the shared and static libraries, the header,
# fastsha256.pc, the CMake package, fastsha256sum with its fastsha224sum
# link, fastsha256-tree, the manual pages and the licence files with a
# machine-readable copyright file. Installed under /usr; the dependencies
# come from dpkg-shlibdeps, not from this file.
# The copyright file, beside the licence texts (cmake/copyright.in less its
# leading comment lines).
file(READ ${CMAKE_CURRENT_LIST_DIR}/copyright.in fastsha256_copyright)
string(REGEX REPLACE "^(#[^\n]*\n)+" "" fastsha256_copyright "${fastsha256_copyright}")
file(GENERATE OUTPUT ${PROJECT_BINARY_DIR}/copyright CONTENT "${fastsha256_copyright}")
install(FILES ${PROJECT_BINARY_DIR}/copyright DESTINATION ${CMAKE_INSTALL_DOCDIR})
# CHANGELOG.md as changelog.gz (Debian's policy: every package has one),
# compressed as the manual pages are (man/CMakeLists.txt).
if(FASTSHA256_GZIP)
  add_custom_command(OUTPUT ${PROJECT_BINARY_DIR}/changelog.gz
    COMMAND ${CMAKE_COMMAND} -E copy ${PROJECT_SOURCE_DIR}/CHANGELOG.md changelog
    COMMAND ${FASTSHA256_GZIP} -9nf changelog
    WORKING_DIRECTORY ${PROJECT_BINARY_DIR}
    DEPENDS ${PROJECT_SOURCE_DIR}/CHANGELOG.md VERBATIM)
  add_custom_target(fastsha256_changelog ALL DEPENDS ${PROJECT_BINARY_DIR}/changelog.gz)
  install(FILES ${PROJECT_BINARY_DIR}/changelog.gz DESTINATION ${CMAKE_INSTALL_DOCDIR})
endif()

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME fastsha256)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_VENDOR "The fastsha256 authors")
# A placeholder address until the project has one: set it when packaging.
set(FASTSHA256_PACKAGE_MAINTAINER "The fastsha256 authors <fastsha256@example.org>" CACHE STRING
    "The Debian package's Maintainer field")
set(CPACK_PACKAGE_CONTACT "${FASTSHA256_PACKAGE_MAINTAINER}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "fast SHA-256 and SHA-224 library and checksum tools")
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
"SHA-256 and SHA-224 with hand-written backends for x86 SHA-NI, AVX2,
AVX-512 and ARMv8 and a portable one, chosen at run time after a
self-test; batches of many messages through SIMD lanes; HMAC, PBKDF2,
HKDF and hash trees (fs-verity, dm-verity, BitTorrent v2, Glacier,
RFC 6962).
.
This package holds the shared and static libraries, the header, the
pkg-config and CMake files, fastsha256sum and fastsha224sum (drop-in
replacements for sha256sum and sha224sum), fastsha256-tree and the
manual pages.")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION libs)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
# Dependencies computed by dpkg-shlibdeps from the installed binaries; a
# shlibs file and the ldconfig trigger for the shared library.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS ON)
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS_POLICY "=")
# ldconfig runs through a trigger (cmake/deb/triggers); CPack also writes
# postinst/postrm scripts calling it, which lintian warns about.
set(CPACK_DEBIAN_PACKAGE_CONTROL_EXTRA ${CMAKE_CURRENT_LIST_DIR}/deb/triggers)
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
set(CPACK_STRIP_FILES ON)
set(CPACK_SOURCE_GENERATOR "")
include(CPack)
