# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the troupe authors
# Debian package test, run by ctest as "troupe.deb" (registered in the top-level
# CMakeLists.txt for non-sanitizer builds). What a Debian user does:
#   1. `cpack -G DEB` in the build under test makes libtroupe-dev (and troupe-tools
#      once troupe installs programs);
#   2. the packages hold what they should (headers, every part's library, the CMake
#      package, the pkg-config files, the programs in /usr/bin);
#   3. `apt-get install ./libtroupe-dev_*.deb` installs them system-wide;
#   4. a consumer of every part is built and run against /usr through find_package;
#      pkg-config resolves every part's flags on its default path, and the consumer of
#      the deepest part (inspection, on net, on core) is built and run with them (the
#      install test compiles every part's with pkg-config already);
#   5. `apt-get purge` removes the packages again, whatever step 4 gave.
# It changes the system, so it runs only as root with apt-get and dpkg, and only where
# no libtroupe-dev is installed already; otherwise it reports itself skipped.
#
# cmake -DTROUPE_BUILD_DIR=<build> -DCONSUMER_SOURCE_DIR=<src> -DWORK_DIR=<scratch>
#       -DPKG_CONFIG=<pkg-config> -DSHARED=<ON|OFF> -DPARTS=<part|...> [-DPROGRAMS=...]
#       [-DGENERATOR=<gen>] [-DMAKE_PROGRAM=<prog>] [-DCXX_COMPILER=<c++>]
#       [-DBUILD_TYPE=<type>] -P run_deb_test.cmake
cmake_minimum_required(VERSION 3.25)
include("${CMAKE_CURRENT_LIST_DIR}/consumer_checks.cmake")

# Step 4 runs in a child process (PHASE=consumers) so that a failure there still
# reaches step 5.
if(DEFINED PHASE AND PHASE STREQUAL "consumers")
  troupe_install_test_setup()
  check_consumers(deb /usr ${SHARED} "${BUILD_TYPE}" ON)
  return()
endif()

function(skip why)
  message(STATUS "deb test: skipped: ${why}")
  # Nothing else may run after a skip.
  cmake_language(EXIT 0)
endfunction()

foreach(var IN ITEMS TROUPE_BUILD_DIR SHARED)
  if(NOT DEFINED ${var} OR "${${var}}" STREQUAL "")
    message(FATAL_ERROR "run_deb_test.cmake: -D${var}=... is required")
  endif()
endforeach()
execute_process(COMMAND id -u OUTPUT_VARIABLE uid OUTPUT_STRIP_TRAILING_WHITESPACE)
if(NOT uid STREQUAL "0")
  skip("installing packages needs root")
endif()
find_program(APT_GET apt-get)
find_program(DPKG dpkg)
find_program(DPKG_DEB dpkg-deb)
find_program(DPKG_QUERY dpkg-query)
if(NOT APT_GET OR NOT DPKG OR NOT DPKG_DEB OR NOT DPKG_QUERY)
  skip("no apt-get and dpkg on this machine")
endif()
execute_process(COMMAND "${DPKG_QUERY}" -W -f=\${Status} libtroupe-dev
  OUTPUT_VARIABLE status ERROR_QUIET)
if(status MATCHES "installed")
  skip("libtroupe-dev is installed already; 'apt-get purge libtroupe-dev' lets this test run")
endif()

troupe_install_test_setup()
get_filename_component(CPACK_COMMAND "${CMAKE_COMMAND}" DIRECTORY)
set(CPACK_COMMAND "${CPACK_COMMAND}/cpack")

# 1. The packages.
set(package_dir "${WORK_DIR}/packages")
run_step("deb: cpack -G DEB" "${CPACK_COMMAND}" -G DEB --config "${TROUPE_BUILD_DIR}/CPackConfig.cmake"
  -B "${package_dir}")
file(GLOB dev_deb "${package_dir}/libtroupe-dev_*.deb")
if(NOT dev_deb)
  message(FATAL_ERROR "deb test: cpack made no libtroupe-dev_*.deb in ${package_dir}")
endif()
set(debs ${dev_deb})
set(packages libtroupe-dev)
if(PROGRAMS)
  file(GLOB tools_deb "${package_dir}/troupe-tools_*.deb")
  if(NOT tools_deb)
    message(FATAL_ERROR "deb test: cpack made no troupe-tools_*.deb in ${package_dir}")
  endif()
  list(APPEND debs ${tools_deb})
  list(APPEND packages troupe-tools)
endif()

# 2. Their contents.
execute_process(COMMAND "${DPKG_DEB}" --contents ${dev_deb} OUTPUT_VARIABLE contents RESULT_VARIABLE rc)
if(NOT rc STREQUAL "0")
  message(FATAL_ERROR "deb test: dpkg-deb --contents ${dev_deb} failed")
endif()
set(expected "./usr/include/troupe/troupe.hpp" "/troupeConfig.cmake" "/pkgconfig/troupe.pc")
foreach(part IN LISTS PARTS)
  if(SHARED)
    list(APPEND expected "/libtroupe_${part}.so")
  else()
    list(APPEND expected "/libtroupe_${part}.a")
  endif()
  if(NOT part STREQUAL "core")
    list(APPEND expected "/pkgconfig/troupe-${part}.pc")
  endif()
endforeach()
foreach(path IN LISTS expected)
  string(FIND "${contents}" "${path}" pos)
  if(pos EQUAL -1)
    message(FATAL_ERROR "deb test: ${dev_deb} has no ${path}:\n${contents}")
  endif()
endforeach()
if(PROGRAMS)
  execute_process(COMMAND "${DPKG_DEB}" --contents ${tools_deb} OUTPUT_VARIABLE contents)
  foreach(program IN LISTS PROGRAMS)
    string(FIND "${contents}" "./usr/bin/${program}" pos)
    if(pos EQUAL -1)
      message(FATAL_ERROR "deb test: ${tools_deb} has no /usr/bin/${program}:\n${contents}")
    endif()
  endforeach()
endif()
message(STATUS "deb test: ${debs} hold the headers, the libraries of ${PARTS}, the CMake and pkg-config files")

# 3. Installed as a Debian user installs a downloaded package.
set(apt_env DEBIAN_FRONTEND=noninteractive)
run_step("deb: apt-get install" "${CMAKE_COMMAND}" -E env ${apt_env}
  "${APT_GET}" install -y --no-install-recommends ${debs})

# 4. The consumers, against /usr; 5. removed again in any case.
string(REPLACE ";" "|" parts_arg "${PARTS}")
string(REPLACE ";" "|" programs_arg "${PROGRAMS}")
execute_process(COMMAND "${CMAKE_COMMAND}" -DPHASE=consumers
    "-DCONSUMER_SOURCE_DIR=${CONSUMER_SOURCE_DIR}" "-DWORK_DIR=${WORK_DIR}/system"
    "-DPKG_CONFIG=${PKG_CONFIG}" "-DSHARED=${SHARED}" "-DPARTS=${parts_arg}" "-DPROGRAMS=${programs_arg}"
    "-DGENERATOR=${GENERATOR}" "-DMAKE_PROGRAM=${MAKE_PROGRAM}" "-DCXX_COMPILER=${CXX_COMPILER}"
    "-DBUILD_TYPE=${BUILD_TYPE}" -P "${CMAKE_CURRENT_LIST_FILE}"
  RESULT_VARIABLE consumers_rc OUTPUT_VARIABLE consumers_out ERROR_VARIABLE consumers_out)
message("${consumers_out}")
run_step("deb: apt-get purge" "${CMAKE_COMMAND}" -E env ${apt_env} "${APT_GET}" purge -y ${packages})
foreach(path IN ITEMS /usr/include/troupe /usr/lib/cmake/troupe)
  if(EXISTS "${path}")
    message(FATAL_ERROR "deb test: ${path} is still there after apt-get purge")
  endif()
endforeach()
if(NOT consumers_rc STREQUAL "0")
  message(FATAL_ERROR "deb test: the consumers against /usr failed (${consumers_rc})")
endif()
message(STATUS "deb test: passed (${PARTS} against /usr, CMake and pkg-config)")
