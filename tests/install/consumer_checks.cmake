# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the troupe authors
# What the install test and the Debian package test check of one installed troupe:
# included by run_install_test.cmake and run_deb_test.cmake. Expects WORK_DIR,
# CONSUMER_SOURCE_DIR, PKG_CONFIG, PARTS (the installed parts) and the generator_args,
# config_args and cxx variables set by the including script.

# Runs one step; prints its output only when it fails. The library build of the install
# test shares the machine with the rest of a parallel ctest run, so the limit leaves
# room for a slow machine.
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

# Runs a consumer program: 0 passes, 77 is a skip (the OpenCL consumer without any
# OpenCL device), anything else fails.
function(run_consumer name exe)
  execute_process(COMMAND "${exe}" RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out TIMEOUT 120)
  if(rc STREQUAL "77")
    message(STATUS "install test: ${name}: skipped (${out})")
  elseif(NOT rc STREQUAL "0")
    message(FATAL_ERROR "install test: ${name} failed (${rc})\ncommand: ${exe}\n${out}")
  else()
    message(STATUS "install test: ${name}: ok")
  endif()
endfunction()

# The installed library files of a prefix: libtroupe_<part>.so.<version> (and its
# link) or libtroupe_<part>.a for every part, and the headers.
function(check_installed_libraries prefix shared)
  foreach(part IN LISTS PARTS)
    if(shared)
      file(GLOB_RECURSE libs "${prefix}/*/libtroupe_${part}.so.*.*.*")
      file(GLOB_RECURSE links "${prefix}/*/libtroupe_${part}.so")
      if(NOT libs OR NOT links)
        message(FATAL_ERROR "install test: no versioned libtroupe_${part}.so (and its link) under ${prefix}")
      endif()
    else()
      file(GLOB_RECURSE libs "${prefix}/*/libtroupe_${part}.a")
      if(NOT libs)
        message(FATAL_ERROR "install test: no libtroupe_${part}.a under ${prefix}")
      endif()
    endif()
  endforeach()
  foreach(file IN ITEMS include/troupe/troupe.hpp include/troupe/detail/export.hpp)
    if(NOT EXISTS "${prefix}/${file}")
      message(FATAL_ERROR "install test: ${file} not installed to ${prefix}")
    endif()
  endforeach()
  foreach(program IN LISTS PROGRAMS)
    if(NOT EXISTS "${prefix}/bin/${program}")
      message(FATAL_ERROR "install test: the program ${program} is not installed to ${prefix}/bin")
    endif()
  endforeach()
endfunction()

# A shared build's consumer of a part must load the installed libtroupe_core.so and
# libtroupe_<part>.so, not carry copies; a static build's consumer loads none.
function(check_links_shared exe part prefix shared)
  file(GET_RUNTIME_DEPENDENCIES EXECUTABLES "${exe}"
    RESOLVED_DEPENDENCIES_VAR resolved
    UNRESOLVED_DEPENDENCIES_VAR unresolved
    PRE_INCLUDE_REGEXES "troupe_"
    PRE_EXCLUDE_REGEXES ".*")
  if(shared)
    file(REAL_PATH "${prefix}" real_prefix)
    foreach(lib IN ITEMS core ${part})
      set(found "${resolved}")
      list(FILTER found INCLUDE REGEX "libtroupe_${lib}\\.so")
      if(NOT found)
        message(FATAL_ERROR "install test: ${exe} does not load libtroupe_${lib}.so (unresolved: ${unresolved})")
      endif()
      file(REAL_PATH "${found}" real_lib)
      string(FIND "${real_lib}" "${real_prefix}/" pos)
      if(NOT pos EQUAL 0)
        message(FATAL_ERROR "install test: ${exe} loads ${found}, not the one under ${prefix}")
      endif()
    endforeach()
  elseif(resolved OR unresolved)
    message(FATAL_ERROR "install test: ${exe} depends on a shared troupe library (${resolved}${unresolved})")
  endif()
endfunction()

# Builds and runs a consumer of every part against an installed troupe, through
# find_package and through pkg-config. <prefix> is where it is installed; for a
# system-wide installation (/usr) nothing points the consumers at it.
function(check_consumers kind prefix shared build_type system_wide)
  set(consumer_build "${WORK_DIR}/${kind}/consumer-build")
  # A list cannot travel through a command line as one argument: commas instead.
  string(REPLACE ";" "," parts_arg "${PARTS}")
  set(configure_args
    -S "${CONSUMER_SOURCE_DIR}" -B "${consumer_build}" ${generator_args}
    "-DTROUPE_PARTS=${parts_arg}"
    -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF
    -DCMAKE_FIND_USE_SYSTEM_PACKAGE_REGISTRY=OFF)
  if(NOT system_wide)
    list(APPEND configure_args "-DCMAKE_PREFIX_PATH=${prefix}")
  endif()
  # The consumers test finding, compiling against and linking the package, not
  # optimised code: whatever the configuration, they compile without
  # optimisation or debug information, in about half the time.
  foreach(config IN ITEMS DEBUG RELEASE RELWITHDEBINFO MINSIZEREL)
    list(APPEND configure_args "-DCMAKE_CXX_FLAGS_${config}=-O0")
  endforeach()
  if(NOT build_type STREQUAL "")
    list(APPEND configure_args "-DCMAKE_BUILD_TYPE=${build_type}")
  endif()
  run_step("${kind}: configure the CMake consumers" "${CMAKE_COMMAND}" ${configure_args})

  # The package must come from the prefix, not from the build tree.
  file(STRINGS "${consumer_build}/CMakeCache.txt" troupe_dir_line REGEX "^troupe_DIR:")
  string(REGEX REPLACE "^troupe_DIR:[A-Z]*=" "" troupe_dir "${troupe_dir_line}")
  file(REAL_PATH "${prefix}" real_prefix)
  file(REAL_PATH "${troupe_dir}" real_troupe_dir)
  string(FIND "${real_troupe_dir}/" "${real_prefix}/" pos)
  if(NOT pos EQUAL 0)
    message(FATAL_ERROR "install test: the consumers found troupe in '${troupe_dir}', "
                        "not under '${prefix}'")
  endif()

  run_step("${kind}: build the CMake consumers" "${CMAKE_COMMAND}" --build "${consumer_build}" ${config_args})
  foreach(part IN LISTS PARTS)
    set(exe "")
    foreach(candidate IN ITEMS "${consumer_build}/consumer_${part}"
                               "${consumer_build}/${TROUPE_CONFIG}/consumer_${part}")
      if(EXISTS "${candidate}" AND NOT IS_DIRECTORY "${candidate}")
        set(exe "${candidate}")
        break()
      endif()
    endforeach()
    if(exe STREQUAL "")
      message(FATAL_ERROR "install test: consumer_${part} not found in ${consumer_build}")
    endif()
    check_links_shared("${exe}" ${part} "${prefix}" ${shared})
    run_consumer("${kind}: run the CMake consumer of troupe::${part}" "${exe}")
  endforeach()

  # pkg-config, the way a Makefile would use it. For a prefix, only PKG_CONFIG_PATH
  # points at troupe; a system-wide installation is found on the default path.
  set(pc_env)
  set(rpath_flags)
  if(NOT system_wide)
    file(GLOB_RECURSE pc_files "${prefix}/*/pkgconfig/troupe.pc")
    if(NOT pc_files)
      message(FATAL_ERROR "install test: no pkgconfig/troupe.pc installed under ${prefix}")
    endif()
    list(GET pc_files 0 pc_file)
    get_filename_component(pc_dir "${pc_file}" DIRECTORY)
    get_filename_component(libdir "${pc_dir}" DIRECTORY)
    set(pc_env "PKG_CONFIG_PATH=${pc_dir}")
    # The library's directory as RPATH, as a user would pass it (or set LD_LIBRARY_PATH).
    set(rpath_flags "-Wl,-rpath,${libdir}")
  endif()
  list(GET PARTS 0 pc_sample_part)
  if("inspection" IN_LIST PARTS)
    set(pc_sample_part inspection)
  endif()
  foreach(part IN LISTS PARTS)
    if(part STREQUAL "core")
      set(modules troupe)
    elseif(part STREQUAL "test")
      set(modules troupe-test gtest_main)
    else()
      set(modules troupe-${part})
    endif()
    execute_process(
      COMMAND "${CMAKE_COMMAND}" -E env ${pc_env} "${PKG_CONFIG}" --cflags --libs ${modules}
      RESULT_VARIABLE rc OUTPUT_VARIABLE pc_flags ERROR_VARIABLE pc_err
      OUTPUT_STRIP_TRAILING_WHITESPACE)
    if(NOT rc STREQUAL "0")
      message(FATAL_ERROR "install test: pkg-config --cflags --libs ${modules} failed: ${pc_err}")
    endif()
    message(STATUS "install test: ${kind}: pkg-config --cflags --libs ${modules}: ${pc_flags}")
    # For the static libraries in a prefix, every part's consumer is built and
    # run with these flags. For the shared ones and system-wide, the flags of
    # every part are resolved, and one consumer, of the part with the longest
    # chain of parts below it, is built and run with them: the CMake consumers
    # build every part's either way.
    if((shared OR system_wide) AND NOT part STREQUAL pc_sample_part)
      continue()
    endif()
    separate_arguments(pc_flags UNIX_COMMAND "${pc_flags}")
    set(pc_exe "${WORK_DIR}/${kind}/pkg_config_consumer_${part}")
    run_step("${kind}: build the pkg-config consumer of troupe::${part}"
      "${cxx}" "${CONSUMER_SOURCE_DIR}/${part}_main.cpp" -o "${pc_exe}" ${pc_flags} ${rpath_flags})
    check_links_shared("${pc_exe}" ${part} "${prefix}" ${shared})
    run_consumer("${kind}: run the pkg-config consumer of troupe::${part}" "${pc_exe}")
  endforeach()
endfunction()

# The generator, compiler and configuration of the build under test, for every build
# the including script makes.
macro(troupe_install_test_setup)
  foreach(var IN ITEMS CONSUMER_SOURCE_DIR WORK_DIR PKG_CONFIG PARTS)
    if(NOT DEFINED ${var} OR "${${var}}" STREQUAL "")
      message(FATAL_ERROR "-D${var}=... is required")
    endif()
  endforeach()
  # Lists travel on the command line with '|' between their items.
  string(REPLACE "|" ";" PARTS "${PARTS}")
  if(DEFINED PROGRAMS)
    string(REPLACE "|" ";" PROGRAMS "${PROGRAMS}")
  endif()
  set(config_args)
  if(DEFINED TROUPE_CONFIG AND NOT TROUPE_CONFIG STREQUAL "")
    set(config_args --config "${TROUPE_CONFIG}")
  endif()
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
  file(REMOVE_RECURSE "${WORK_DIR}")
  file(MAKE_DIRECTORY "${WORK_DIR}")
endmacro()
