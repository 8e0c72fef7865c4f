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
