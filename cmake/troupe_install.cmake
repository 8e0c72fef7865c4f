# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the troupe authors
include(CMakePackageConfigHelpers)
install(DIRECTORY include/troupe DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(EXPORT troupeTargets NAMESPACE troupe:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/troupe)
configure_package_config_file(cmake/troupeConfig.cmake.in
  ${CMAKE_CURRENT_BINARY_DIR}/troupeConfig.cmake
  INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/troupe)
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/troupeConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/troupeConfig.cmake
              ${CMAKE_CURRENT_BINARY_DIR}/troupeConfigVersion.cmake
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/troupe)

# troupe.pc for builds that do not use CMake: `pkg-config --cflags --libs troupe`.
# The prefix is taken from where the file lies (${pcfiledir}), so the file stays right
# for `cmake --install --prefix <anywhere>` and for a moved installation.
if(IS_ABSOLUTE "${CMAKE_INSTALL_LIBDIR}" OR IS_ABSOLUTE "${CMAKE_INSTALL_INCLUDEDIR}")
  set(troupe_pc_prefix "${CMAKE_INSTALL_PREFIX}")
  set(troupe_pc_libdir "${CMAKE_INSTALL_FULL_LIBDIR}")
  set(troupe_pc_includedir "${CMAKE_INSTALL_FULL_INCLUDEDIR}")
else()
  file(RELATIVE_PATH troupe_pc_up "/root/${CMAKE_INSTALL_LIBDIR}/pkgconfig" "/root")
  set(troupe_pc_prefix "\${pcfiledir}/${troupe_pc_up}")
  set(troupe_pc_libdir "\${prefix}/${CMAKE_INSTALL_LIBDIR}")
  set(troupe_pc_includedir "\${prefix}/${CMAKE_INSTALL_INCLUDEDIR}")
endif()
# A shared library brings its own dependency on the threads library; a static one
# leaves it to the program that links it.
get_target_property(troupe_pc_type troupe_core TYPE)
if(troupe_pc_type STREQUAL "SHARED_LIBRARY")
  set(troupe_pc_cflags " -DTROUPE_CORE_SHARED")
  set(troupe_pc_libs "")
  set(troupe_pc_libs_private " -pthread")
else()
  set(troupe_pc_cflags "")
  set(troupe_pc_libs " -pthread")
  set(troupe_pc_libs_private "")
endif()
configure_file(cmake/troupe.pc.in ${CMAKE_CURRENT_BINARY_DIR}/troupe.pc @ONLY)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/troupe.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
