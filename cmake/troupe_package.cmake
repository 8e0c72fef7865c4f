# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the troupe authors
# Debian packages of an installed build: `cpack -G DEB` in the build directory makes
#   libtroupe-dev  headers, libraries, the CMake package and the pkg-config files
#   troupe-tools   the programs in bin/ (made only once troupe installs a program)
# installed under /usr. The test troupe.deb builds and installs them with apt-get.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME troupe)
set(CPACK_PACKAGE_VENDOR "the troupe authors")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Native actors for C++20")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_PACKAGE_DIRECTORY ${PROJECT_BINARY_DIR}/packages)
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)

set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "the troupe authors <troupe@localhost>")
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)

set(CPACK_DEBIAN_DEV_PACKAGE_NAME libtroupe-dev)
set(CPACK_DEBIAN_DEV_PACKAGE_SECTION libdevel)
set(CPACK_COMPONENT_DEV_DESCRIPTION
    "Native actors for C++20: headers, libraries, CMake and pkg-config files\n"
    "troupe::core (actors, scheduler, messages, typed actors, serialization), troupe::net\n"
    "(remote actors), troupe::patterns, troupe::opencl and troupe::test (the deterministic\n"
    "test fixture), found with find_package(troupe) or pkg-config.")
# What a program that links the libraries needs on top of the headers: OpenSSL for
# troupe::net; GoogleTest and the OpenCL loader only for the parts that use them.
set(dev_depends "libc6-dev, libstdc++-12-dev | libstdc++-dev, libssl-dev (>= 3)")
set(dev_recommends "libgtest-dev, ocl-icd-opencl-dev | opencl-dev, pkg-config")
get_target_property(troupe_core_package_type troupe_core TYPE)
if(troupe_core_package_type STREQUAL "SHARED_LIBRARY")
  # The shared libraries' own run-time dependencies, read off the files by dpkg-shlibdeps.
  set(CPACK_DEBIAN_DEV_PACKAGE_SHLIBDEPS ON)
endif()
set(CPACK_DEBIAN_DEV_PACKAGE_DEPENDS "${dev_depends}")
set(CPACK_DEBIAN_DEV_PACKAGE_RECOMMENDS "${dev_recommends}")

set(CPACK_DEBIAN_TOOLS_PACKAGE_NAME troupe-tools)
set(CPACK_DEBIAN_TOOLS_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_TOOLS_PACKAGE_SHLIBDEPS ON)
set(CPACK_COMPONENT_TOOLS_DESCRIPTION "Programs of troupe, the C++20 actor framework")

set(CPACK_COMPONENTS_ALL dev)
get_property(troupe_programs GLOBAL PROPERTY TROUPE_INSTALLED_PROGRAMS)
if(troupe_programs)
  list(APPEND CPACK_COMPONENTS_ALL tools)
endif()
include(CPack)
