# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the troupe authors
# Install test, run by ctest as "troupe.install" (registered in the top-level
# CMakeLists.txt for non-sanitizer builds). It checks both kinds of library, each
# through both ways a user finds it:
#   1. cmake --install <build> --prefix <work>/<kind>/prefix (the build under test,
#      static or shared);
#   2. configure, build and run tests/install/consumer against that prefix only, with
#      find_package(troupe);
#   3. compile and run the consumer's main.cpp with `pkg-config --cflags --libs troupe`;
#   4. build the other kind of library (BUILD_SHARED_LIBS flipped) from the sources,
#      the library only and without optimisation, install it and repeat 2 and 3.
# Any failing step fails the test. The other kind's build directory is kept
# (<build>/install-test-other) so that a rerun only recompiles what changed.
#
# cmake -DTROUPE_BUILD_DIR=<build> -DTROUPE_SOURCE_DIR=<src> -DCONSUMER_SOURCE_DIR=<src>
#       -DWORK_DIR=<scratch> -DPKG_CONFIG=<pkg-config> -DSHARED=<ON|OFF>
#       [-DTROUPE_CONFIG=<config>] [-DGENERATOR=<gen>] [-DMAKE_PROGRAM=<prog>]
#       [-DCXX_COMPILER=<c++>] [-DBUILD_TYPE=<type>] -P run_install_test.cmake
cmake_minimum_required(VERSION 3.25)

foreach(var IN ITEMS TROUPE_BUILD_DIR TROUPE_SOURCE_DIR CONSUMER_SOURCE_DIR WORK_DIR PKG_CONFIG SHARED)
  if(NOT DEFINED ${var} OR "${${var}}" STREQUAL "")
    message(FATAL_ERROR "run_install_test.cmake: -D${var}=... is required")
  endif()
endforeach()

file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")
string(TIMESTAMP test_start "%s")

# Runs one step; prints its output only when it fails. The library build of step 4
# shares the machine with the rest of a parallel ctest run: about 140 s on two busy
# cores, so the limit leaves room for a slower machine.
function(run_step name)
  string(TIMESTAMP step_start "%s")
  execute_process(COMMAND ${ARGN}
    RESULT_VARIABLE rc
    OUTPUT_VARIABLE out
    ERROR_VARIABLE out
    TIMEOUT 600)
  if(NOT rc STREQUAL "0")
    message(FATAL_ERROR "install test: step '${name}' failed (${rc})\n"
                        "command: ${ARGN}\n${out}")
  endif()
  string(TIMESTAMP step_end "%s")
  math(EXPR seconds "${step_end} - ${step_start}")
  message(STATUS "install test: ${name}: ok (${seconds} s)")
endfunction()

set(config_args)
if(DEFINED TROUPE_CONFIG AND NOT TROUPE_CONFIG STREQUAL "")
  set(config_args --config "${TROUPE_CONFIG}")
endif()
# Generator and compiler of the build under test, for every build made here.
set(generator_args)
if(DEFINED GENERATOR AND NOT GENERATOR STREQUAL "")
  list(APPEND generator_args -G "${GENERATOR}")
endif()
if(DEFINED MAKE_PROGRAM AND NOT MAKE_PROGRAM STREQUAL "")
  list(APPEND generator_args "-DCMAKE_MAKE_PROGRAM=${MAKE_PROGRAM}")
endif()
if(DEFINED CXX_COMPILER AND NOT CXX_COMPILER STREQUAL "")
  list(APPEND generator_args "-DCMAKE_CXX_COMPILER=${CXX_COMPILER}")
  set(cxx "${CXX_COMPILER}")
else()
  set(cxx c++)
endif()
cmake_host_system_information(RESULT cores QUERY NUMBER_OF_LOGICAL_CORES)

# The installed library file of a prefix: libtroupe_core.so.<version> or libtroupe_core.a.
function(check_installed_library prefix shared)
  if(shared)
    file(GLOB_RECURSE libs "${prefix}/*/libtroupe_core.so.*.*.*")
    file(GLOB_RECURSE links "${prefix}/*/libtroupe_core.so")
    if(NOT libs OR NOT links)
      message(FATAL_ERROR "install test: no versioned libtroupe_core.so (and its link) under ${prefix}")
    endif()
  else()
    file(GLOB_RECURSE libs "${prefix}/*/libtroupe_core.a")
    if(NOT libs)
      message(FATAL_ERROR "install test: no libtroupe_core.a under ${prefix}")
    endif()
  endif()
  foreach(file IN ITEMS include/troupe/troupe.hpp include/troupe/detail/export.hpp)
    if(NOT EXISTS "${prefix}/${file}")
      message(FATAL_ERROR "install test: ${file} not installed to ${prefix}")
    endif()
  endforeach()
endfunction()

# A shared build's consumer must load the installed libtroupe_core.so, not carry a copy.
function(check_links_shared exe prefix shared)
  file(GET_RUNTIME_DEPENDENCIES EXECUTABLES "${exe}"
    RESOLVED_DEPENDENCIES_VAR resolved
    UNRESOLVED_DEPENDENCIES_VAR unresolved
    PRE_INCLUDE_REGEXES "troupe_core"
    PRE_EXCLUDE_REGEXES ".*")
  if(shared)
    list(FILTER resolved INCLUDE REGEX "libtroupe_core\\.so")
    if(NOT resolved)
      message(FATAL_ERROR "install test: ${exe} does not load libtroupe_core.so (unresolved: ${unresolved})")
    endif()
    file(REAL_PATH "${prefix}" real_prefix)
    file(REAL_PATH "${resolved}" real_lib)
    string(FIND "${real_lib}" "${real_prefix}/" pos)
    if(NOT pos EQUAL 0)
      message(FATAL_ERROR "install test: ${exe} loads ${resolved}, not the one under ${prefix}")
    endif()
  elseif(resolved OR unresolved)
    message(FATAL_ERROR "install test: ${exe} depends on a shared troupe_core (${resolved}${unresolved})")
  endif()
endfunction()

# Steps 2 and 3 for one installed prefix.
function(check_consumers kind prefix shared build_type)
  set(consumer_build "${WORK_DIR}/${kind}/consumer-build")
  set(configure_args
    -S "${CONSUMER_SOURCE_DIR}" -B "${consumer_build}" ${generator_args}
    "-DCMAKE_PREFIX_PATH=${prefix}"
    -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF
    -DCMAKE_FIND_USE_SYSTEM_PACKAGE_REGISTRY=OFF)
  if(NOT build_type STREQUAL "")
    list(APPEND configure_args "-DCMAKE_BUILD_TYPE=${build_type}")
  endif()
  run_step("${kind}: configure the CMake consumer" "${CMAKE_COMMAND}" ${configure_args})

  # The package must come from the install prefix, not from the build tree.
  file(STRINGS "${consumer_build}/CMakeCache.txt" troupe_dir_line REGEX "^troupe_DIR:")
  string(REGEX REPLACE "^troupe_DIR:[A-Z]*=" "" troupe_dir "${troupe_dir_line}")
  file(REAL_PATH "${prefix}" real_prefix)
  file(REAL_PATH "${troupe_dir}" real_troupe_dir)
  string(FIND "${real_troupe_dir}/" "${real_prefix}/" pos)
  if(NOT pos EQUAL 0)
    message(FATAL_ERROR "install test: consumer found troupe in '${troupe_dir}', "
                        "not under the install prefix '${prefix}'")
  endif()

  run_step("${kind}: build the CMake consumer" "${CMAKE_COMMAND}" --build "${consumer_build}" ${config_args})
  set(exe "")
  foreach(candidate IN ITEMS "${consumer_build}/troupe_consumer"
                             "${consumer_build}/${TROUPE_CONFIG}/troupe_consumer")
    if(EXISTS "${candidate}" AND NOT IS_DIRECTORY "${candidate}")
      set(exe "${candidate}")
      break()
    endif()
  endforeach()
  if(exe STREQUAL "")
    message(FATAL_ERROR "install test: consumer executable not found in ${consumer_build}")
  endif()
  check_links_shared("${exe}" "${prefix}" ${shared})
  run_step("${kind}: run the CMake consumer" "${exe}")
  # The troupe::test consumer, when GoogleTest let the consumer build it.
  foreach(candidate IN ITEMS "${consumer_build}/troupe_test_consumer"
                             "${consumer_build}/${TROUPE_CONFIG}/troupe_test_consumer")
    if(EXISTS "${candidate}" AND NOT IS_DIRECTORY "${candidate}")
      run_step("${kind}: run the troupe::test consumer" "${candidate}")
      break()
    endif()
  endforeach()

  # pkg-config, the way a Makefile would use it: only PKG_CONFIG_PATH points at troupe.
  file(GLOB_RECURSE pc_files "${prefix}/*/pkgconfig/troupe.pc")
  if(NOT pc_files)
    message(FATAL_ERROR "install test: no pkgconfig/troupe.pc installed under ${prefix}")
  endif()
  list(GET pc_files 0 pc_file)
  get_filename_component(pc_dir "${pc_file}" DIRECTORY)
  execute_process(
    COMMAND "${CMAKE_COMMAND}" -E env "PKG_CONFIG_PATH=${pc_dir}"
            "${PKG_CONFIG}" --cflags --libs troupe
    RESULT_VARIABLE rc OUTPUT_VARIABLE pc_flags ERROR_VARIABLE pc_err
    OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(NOT rc STREQUAL "0")
    message(FATAL_ERROR "install test: pkg-config --cflags --libs troupe failed: ${pc_err}")
  endif()
  message(STATUS "install test: ${kind}: pkg-config --cflags --libs troupe: ${pc_flags}")
  separate_arguments(pc_flags UNIX_COMMAND "${pc_flags}")
  get_filename_component(libdir "${pc_dir}" DIRECTORY)
  set(pc_exe "${WORK_DIR}/${kind}/troupe_consumer_pkg_config")
  # The library's directory as RPATH, as a user would pass it (or set LD_LIBRARY_PATH).
  run_step("${kind}: build the pkg-config consumer"
    "${cxx}" "${CONSUMER_SOURCE_DIR}/main.cpp" -o "${pc_exe}" ${pc_flags} "-Wl,-rpath,${libdir}")
  check_links_shared("${pc_exe}" "${prefix}" ${shared})
  run_step("${kind}: run the pkg-config consumer" "${pc_exe}")
endfunction()

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
check_installed_library("${prefix}" ${SHARED})
set(build_type "")
if(DEFINED BUILD_TYPE)
  set(build_type "${BUILD_TYPE}")
endif()
check_consumers(${tested_kind} "${prefix}" ${SHARED} "${build_type}")

# 4: the other kind, the library alone, unoptimised (the point is what it exports and
# installs, and -O0 compiles fastest). Single-config: the default configuration.
set(other_build "${TROUPE_BUILD_DIR}/install-test-other")
set(prefix "${WORK_DIR}/${other_kind}/prefix")
run_step("${other_kind}: configure the library"
  "${CMAKE_COMMAND}" -S "${TROUPE_SOURCE_DIR}" -B "${other_build}" ${generator_args}
  "-DBUILD_SHARED_LIBS=${other_shared}" -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG=-O0
  -DTROUPE_BUILD_TESTS=OFF -DTROUPE_BUILD_EXAMPLES=OFF -DTROUPE_BUILD_BENCHMARKS=OFF
  -DTROUPE_BUILD_FUZZERS=OFF -DTROUPE_SANITIZE=)
run_step("${other_kind}: build the library"
  "${CMAKE_COMMAND}" --build "${other_build}" --config Debug --parallel ${cores})
run_step("${other_kind}: cmake --install"
  "${CMAKE_COMMAND}" --install "${other_build}" --prefix "${prefix}" --config Debug)
check_installed_library("${prefix}" ${other_shared})
check_consumers(${other_kind} "${prefix}" ${other_shared} Debug)

string(TIMESTAMP test_end "%s")
math(EXPR seconds "${test_end} - ${test_start}")
message(STATUS "install test: passed in ${seconds} s (static and shared, CMake and pkg-config)")
