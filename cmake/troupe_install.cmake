# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the troupe authors
# The installed package: headers, one export set per part, troupeConfig.cmake with
# components, one pkg-config file per part, and the programs in bin/. Everything a
# library user needs is in the install component "dev", the programs in "tools";
# cmake/troupe_package.cmake turns the two into Debian packages.
include(CMakePackageConfigHelpers)
install(DIRECTORY include/troupe DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} COMPONENT dev)

get_property(TROUPE_INSTALLED_PARTS GLOBAL PROPERTY TROUPE_INSTALLED_PARTS)
troupe_config_part_table(TROUPE_CONFIG_PART_TABLE)

# One export set per part, so that the package can offer a part only where its own
# dependencies are found (troupeConfig.cmake.in).
foreach(part IN LISTS TROUPE_INSTALLED_PARTS)
  troupe_part_export_name(${part} export_name)
  install(EXPORT ${export_name} NAMESPACE troupe:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/troupe COMPONENT dev)
endforeach()
configure_package_config_file(cmake/troupeConfig.cmake.in
  ${CMAKE_CURRENT_BINARY_DIR}/troupeConfig.cmake
  INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/troupe)
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/troupeConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/troupeConfig.cmake
              ${CMAKE_CURRENT_BINARY_DIR}/troupeConfigVersion.cmake
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/troupe COMPONENT dev)

# pkg-config files for builds that do not use CMake: `pkg-config --cflags --libs troupe`
# for the core, troupe-<part> for every other part. The prefix is taken from where the
# file lies (${pcfiledir}), so the file stays right for `cmake --install --prefix
# <anywhere>` and for a moved installation.
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
# A shared library brings its own dependencies; a static one leaves them to the program
# that links it, so they are public requirements there and private ones here.
get_target_property(troupe_pc_type troupe_core TYPE)
if(troupe_pc_type STREQUAL "SHARED_LIBRARY")
  set(troupe_pc_shared ON)
  set(troupe_pc_cflags " -DTROUPE_CORE_SHARED")
else()
  set(troupe_pc_shared OFF)
  set(troupe_pc_cflags "")
endif()
foreach(part IN LISTS TROUPE_INSTALLED_PARTS)
  get_property(pc_requires GLOBAL PROPERTY TROUPE_PART_${part}_PC_REQUIRES)
  get_property(pc_parts GLOBAL PROPERTY TROUPE_PART_${part}_PARTS)
  get_property(pc_libs GLOBAL PROPERTY TROUPE_PART_${part}_PC_LIBS)
  get_property(pc_description GLOBAL PROPERTY TROUPE_PART_${part}_DESCRIPTION)
  set(troupe_pc_description "${pc_description}")
  set(troupe_pc_lib "-ltroupe_${part}")
  if(part STREQUAL "core")
    set(troupe_pc_name troupe)
    set(troupe_pc_cflags_line "Cflags: -std=c++20 -I\${includedir}${troupe_pc_cflags}")
    set(pc_public_requires "")
  else()
    set(troupe_pc_name troupe-${part})
    # The core's .pc brings the include directory and -std=c++20.
    set(troupe_pc_cflags_line "Cflags:")
    set(pc_public_requires troupe)
    foreach(used IN LISTS pc_parts) # its users use these parts too, shared or static
      list(APPEND pc_public_requires troupe-${used})
    endforeach()
  endif()
  if(troupe_pc_shared)
    set(pc_private_requires ${pc_requires})
    set(troupe_pc_libs_private "${pc_libs}")
    set(troupe_pc_libs_public "")
  else()
    list(APPEND pc_public_requires ${pc_requires})
    set(pc_private_requires "")
    set(troupe_pc_libs_private "")
    set(troupe_pc_libs_public "${pc_libs}")
  endif()
  list(JOIN pc_public_requires " " troupe_pc_requires)
  list(JOIN pc_private_requires " " troupe_pc_requires_private)
  configure_file(cmake/troupe.pc.in ${CMAKE_CURRENT_BINARY_DIR}/pkgconfig/${troupe_pc_name}.pc @ONLY)
  install(FILES ${CMAKE_CURRENT_BINARY_DIR}/pkgconfig/${troupe_pc_name}.pc
          DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig COMPONENT dev)
endforeach()

include(cmake/troupe_package.cmake)
