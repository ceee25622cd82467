# The installed layout, which the build tree mirrors: bin/gradgen finds its
# data in ../share (InstallLayout.h), so that the prefix can move; the CMake
# package (find_package(gradgen)) and the Debian package (cpack -G DEB).
include(CMakePackageConfigHelpers)

set(GRADGEN_INSTALL_TEMPLATESDIR share/gradgen/templates)
set(GRADGEN_INSTALL_PRELUDEDIR share/gradgen/prelude)
set(GRADGEN_INSTALL_DOCDIR share/doc/gradgen)
set(GRADGEN_INSTALL_CMAKEDIR lib/cmake/gradgen)
# Clang's resource directory, of which gradgen needs the builtin headers.
set(GRADGEN_INSTALL_CLANGDIR share/gradgen/clang)

# The build tree: its share/ links to the source tree, so that edits of the
# templates are live.
file(MAKE_DIRECTORY ${PROJECT_BINARY_DIR}/share/gradgen
                    ${PROJECT_BINARY_DIR}/${GRADGEN_INSTALL_DOCDIR})
file(CREATE_LINK ${PROJECT_SOURCE_DIR}/templates
     ${PROJECT_BINARY_DIR}/${GRADGEN_INSTALL_TEMPLATESDIR} SYMBOLIC)
file(CREATE_LINK ${PROJECT_SOURCE_DIR}/lib/Formula/Prelude
     ${PROJECT_BINARY_DIR}/${GRADGEN_INSTALL_PRELUDEDIR} SYMBOLIC)
file(CREATE_LINK ${PROJECT_SOURCE_DIR}/docs/diagnostics.md
     ${PROJECT_BINARY_DIR}/${GRADGEN_INSTALL_DOCDIR}/diagnostics.md SYMBOLIC)
file(MAKE_DIRECTORY ${PROJECT_BINARY_DIR}/${GRADGEN_INSTALL_CLANGDIR})
file(CREATE_LINK ${GRADGEN_CLANG_RESOURCE_DIR}/include
     ${PROJECT_BINARY_DIR}/${GRADGEN_INSTALL_CLANGDIR}/include SYMBOLIC)

# gradgen_generate() for a project that builds gradgen itself.
set_property(GLOBAL PROPERTY GRADGEN_TEMPLATES_DIR ${PROJECT_SOURCE_DIR}/templates)
set_property(GLOBAL PROPERTY GRADGEN_DEFAULT_PROFILE ${GRADGEN_DEFAULT_PROFILE})
include(${PROJECT_SOURCE_DIR}/cmake/GradgenGenerate.cmake)

install(TARGETS gradgen EXPORT gradgenTargets RUNTIME DESTINATION bin)
install(DIRECTORY templates/ DESTINATION ${GRADGEN_INSTALL_TEMPLATESDIR})
# The prelude is compiled into gradgen; installed for --prelude and reading.
install(DIRECTORY lib/Formula/Prelude/ DESTINATION ${GRADGEN_INSTALL_PRELUDEDIR}
        FILES_MATCHING PATTERN "*.h")
install(FILES docs/diagnostics.md DESTINATION ${GRADGEN_INSTALL_DOCDIR})
# gradgen's license, and the notice of what it carries: Clang's builtin
# headers (Apache-2.0 WITH LLVM-exception).
install(FILES LICENSE DESTINATION ${GRADGEN_INSTALL_DOCDIR})
install(FILES cmake/NOTICE-clang-headers.txt DESTINATION ${GRADGEN_INSTALL_DOCDIR})
install(DIRECTORY ${GRADGEN_CLANG_RESOURCE_DIR}/include
        DESTINATION ${GRADGEN_INSTALL_CLANGDIR})
# The precompiled base of the built-in prelude (tools/gradgen).
get_property(GRADGEN_PCH_FILES GLOBAL PROPERTY GRADGEN_PCH_FILES)
install(FILES ${GRADGEN_PCH_FILES} DESTINATION share/gradgen/pch)

install(EXPORT gradgenTargets NAMESPACE gradgen::
        DESTINATION ${GRADGEN_INSTALL_CMAKEDIR})
configure_package_config_file(cmake/gradgenConfig.cmake.in
  ${PROJECT_BINARY_DIR}/cmake/gradgenConfig.cmake
  INSTALL_DESTINATION ${GRADGEN_INSTALL_CMAKEDIR}
  PATH_VARS GRADGEN_INSTALL_TEMPLATESDIR)
write_basic_package_version_file(
  ${PROJECT_BINARY_DIR}/cmake/gradgenConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/cmake/gradgenConfig.cmake
              ${PROJECT_BINARY_DIR}/cmake/gradgenConfigVersion.cmake
              cmake/GradgenGenerate.cmake
        DESTINATION ${GRADGEN_INSTALL_CMAKEDIR})

# cpack -G DEB: a package for Debian 12. gradgen links LLVM and Clang
# statically and carries Clang's builtin headers; dpkg-shlibdeps finds the
# shared libraries.
set(CPACK_PACKAGE_NAME gradgen)
set(CPACK_PACKAGE_VENDOR "gradgen")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "PyTorch autograd code generator on Clang LibTooling")
set(CPACK_PACKAGE_CONTACT "gradgen developers <gradgen@localhost>")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_COMPRESSION_TYPE gzip)
include(CPack)
