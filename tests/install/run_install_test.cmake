# Install test, run by ctest as "troupe.install" (registered in the top-level
# CMakeLists.txt for non-sanitizer builds):
#   1. cmake --install <build> --prefix <work>/prefix
#   2. configure tests/install/consumer against that prefix only
#   3. build it and 4. run it; any failing step fails the test.
#
# cmake -DTROUPE_BUILD_DIR=<build> -DCONSUMER_SOURCE_DIR=<src> -DWORK_DIR=<scratch>
#       [-DTROUPE_CONFIG=<config>] [-DGENERATOR=<gen>] [-DMAKE_PROGRAM=<prog>]
#       [-DCXX_COMPILER=<c++>] [-DBUILD_TYPE=<type>] -P run_install_test.cmake
cmake_minimum_required(VERSION 3.25)

foreach(var IN ITEMS TROUPE_BUILD_DIR CONSUMER_SOURCE_DIR WORK_DIR)
  if(NOT DEFINED ${var} OR "${${var}}" STREQUAL "")
    message(FATAL_ERROR "run_install_test.cmake: -D${var}=... is required")
  endif()
endforeach()

set(prefix "${WORK_DIR}/prefix")
set(consumer_build "${WORK_DIR}/consumer-build")
file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")

# Runs one step; prints its output only when it fails.
function(run_step name)
  execute_process(COMMAND ${ARGN}
    RESULT_VARIABLE rc
    OUTPUT_VARIABLE out
    ERROR_VARIABLE out
    TIMEOUT 240)
  if(NOT rc STREQUAL "0")
    message(FATAL_ERROR "install test: step '${name}' failed (${rc})\n"
                        "command: ${ARGN}\n${out}")
  endif()
  message(STATUS "install test: ${name}: ok")
endfunction()

set(config_args)
if(DEFINED TROUPE_CONFIG AND NOT TROUPE_CONFIG STREQUAL "")
  set(config_args --config "${TROUPE_CONFIG}")
endif()

# 1. Install into a fresh prefix.
run_step("cmake --install"
  "${CMAKE_COMMAND}" --install "${TROUPE_BUILD_DIR}" --prefix "${prefix}" ${config_args})
file(GLOB_RECURSE package_config "${prefix}/*/troupeConfig.cmake")
if(NOT package_config)
  message(FATAL_ERROR "install test: no troupeConfig.cmake installed under ${prefix}")
endif()
if(NOT EXISTS "${prefix}/include/troupe")
  message(FATAL_ERROR "install test: headers not installed to ${prefix}/include/troupe")
endif()

# 2. Configure the consumer against the installed package only (no package registries).
set(configure_args
  -S "${CONSUMER_SOURCE_DIR}" -B "${consumer_build}"
  "-DCMAKE_PREFIX_PATH=${prefix}"
  -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF
  -DCMAKE_FIND_USE_SYSTEM_PACKAGE_REGISTRY=OFF)
if(DEFINED GENERATOR AND NOT GENERATOR STREQUAL "")
  list(APPEND configure_args -G "${GENERATOR}")
endif()
if(DEFINED MAKE_PROGRAM AND NOT MAKE_PROGRAM STREQUAL "")
  list(APPEND configure_args "-DCMAKE_MAKE_PROGRAM=${MAKE_PROGRAM}")
endif()
if(DEFINED CXX_COMPILER AND NOT CXX_COMPILER STREQUAL "")
  list(APPEND configure_args "-DCMAKE_CXX_COMPILER=${CXX_COMPILER}")
endif()
if(DEFINED BUILD_TYPE AND NOT BUILD_TYPE STREQUAL "")
  list(APPEND configure_args "-DCMAKE_BUILD_TYPE=${BUILD_TYPE}")
endif()
run_step("configure consumer" "${CMAKE_COMMAND}" ${configure_args})

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

# 3. Build it.
run_step("build consumer" "${CMAKE_COMMAND}" --build "${consumer_build}" ${config_args})

# 4. Run it (single- or multi-config layout).
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
run_step("run consumer" "${exe}")

# 5. The troupe::test consumer, when GoogleTest let the consumer build it.
foreach(candidate IN ITEMS "${consumer_build}/troupe_test_consumer"
                           "${consumer_build}/${TROUPE_CONFIG}/troupe_test_consumer")
  if(EXISTS "${candidate}" AND NOT IS_DIRECTORY "${candidate}")
    run_step("run test consumer" "${candidate}")
    break()
  endif()
endforeach()
message(STATUS "install test: passed (installed to ${prefix})")
