# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the troupe authors
# Install test, run by ctest as "troupe.install" (registered in the top-level
# CMakeLists.txt for non-sanitizer builds). It checks both kinds of library, each
# through both ways a user finds it, for every installed part:
#   1. cmake --install <build> --prefix <work>/<kind>/prefix (the build under test,
#      static or shared);
#   2. configure, build and run a consumer of every part (tests/install/consumer)
#      against that prefix only, with find_package(troupe COMPONENTS ...);
#   3. resolve each part's `pkg-config --cflags --libs troupe-<part>`, and compile and
#      run each consumer with them (for a shared build, the deepest part's only);
#   4. build the other kind of library (BUILD_SHARED_LIBS flipped) from the sources,
#      the libraries only, without optimisation and one batch per part, install it
#      and repeat 2 and 3.
# Any failing step fails the test. The other kind's build directory is kept
# (<build>/install-test-other) so that a rerun only recompiles what changed.
#
# cmake -DTROUPE_BUILD_DIR=<build> -DTROUPE_SOURCE_DIR=<src> -DCONSUMER_SOURCE_DIR=<src>
#       -DWORK_DIR=<scratch> -DPKG_CONFIG=<pkg-config> -DSHARED=<ON|OFF>
#       -DPARTS=<part|part|...> [-DPROGRAMS=<program|...>]
#       [-DTROUPE_CONFIG=<config>] [-DGENERATOR=<gen>] [-DMAKE_PROGRAM=<prog>]
#       [-DCXX_COMPILER=<c++>] [-DBUILD_TYPE=<type>] -P run_install_test.cmake
cmake_minimum_required(VERSION 3.25)
include("${CMAKE_CURRENT_LIST_DIR}/consumer_checks.cmake")

foreach(var IN ITEMS TROUPE_BUILD_DIR TROUPE_SOURCE_DIR SHARED)
  if(NOT DEFINED ${var} OR "${${var}}" STREQUAL "")
    message(FATAL_ERROR "run_install_test.cmake: -D${var}=... is required")
  endif()
endforeach()
troupe_install_test_setup()
string(TIMESTAMP test_start "%s")
cmake_host_system_information(RESULT cores QUERY NUMBER_OF_LOGICAL_CORES)

if(SHARED)
  set(tested_kind shared)
  set(other_kind static)
  set(other_shared OFF)
else()
  set(tested_kind static)
  set(other_kind shared)
  set(other_shared ON)
endif()

# 1-3: the build under test.
set(prefix "${WORK_DIR}/${tested_kind}/prefix")
run_step("${tested_kind}: cmake --install"
  "${CMAKE_COMMAND}" --install "${TROUPE_BUILD_DIR}" --prefix "${prefix}" ${config_args})
check_installed_libraries("${prefix}" ${SHARED})
set(build_type "")
if(DEFINED BUILD_TYPE)
  set(build_type "${BUILD_TYPE}")
endif()
check_consumers(${tested_kind} "${prefix}" ${SHARED} "${build_type}" OFF)

# 4: the other kind, the libraries alone, unoptimised and each part's sources in one
# batch (the point is what they export and install; -O0 and a unity build of one
# batch a part compile fastest: 118 s of CPU against 170 s in batches of eight).
# Single-config: the default configuration.
set(other_build "${TROUPE_BUILD_DIR}/install-test-other")
set(prefix "${WORK_DIR}/${other_kind}/prefix")
run_step("${other_kind}: configure the libraries"
  "${CMAKE_COMMAND}" -S "${TROUPE_SOURCE_DIR}" -B "${other_build}" ${generator_args}
  "-DBUILD_SHARED_LIBS=${other_shared}" -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG=-O0
  -DTROUPE_BUILD_TESTS=OFF -DTROUPE_BUILD_EXAMPLES=OFF -DTROUPE_BUILD_BENCHMARKS=OFF
  -DTROUPE_BUILD_FIXTURE=ON -DTROUPE_BUILD_FUZZERS=OFF -DTROUPE_SANITIZE= -DTROUPE_UNITY_BUILD=ON
  -DCMAKE_UNITY_BUILD_BATCH_SIZE=0)
run_step("${other_kind}: build the libraries"
  "${CMAKE_COMMAND}" --build "${other_build}" --config Debug --parallel ${cores})
run_step("${other_kind}: cmake --install"
  "${CMAKE_COMMAND}" --install "${other_build}" --prefix "${prefix}" --config Debug)
check_installed_libraries("${prefix}" ${other_shared})
check_consumers(${other_kind} "${prefix}" ${other_shared} Debug OFF)

string(TIMESTAMP test_end "%s")
math(EXPR seconds "${test_end} - ${test_start}")
message(STATUS "install test: passed in ${seconds} s (${PARTS}; static and shared, CMake and pkg-config)")
