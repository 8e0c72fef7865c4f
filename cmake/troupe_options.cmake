# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the troupe authors
# Warnings and sanitizer flags shared by every troupe target.
add_library(troupe_warnings INTERFACE)
# troupe's own code (library, examples, benchmarks) uses only the canonical spellings:
# a classic one (TROUPE_DEPRECATED) is an error there. The tests of the classic forms
# silence the warning (tests/support).
target_compile_options(troupe_warnings INTERFACE -Wall -Wextra -Wpedantic -Werror=deprecated-declarations)

if(TROUPE_SANITIZE STREQUAL "thread")
  add_compile_options(-fsanitize=thread -fno-omit-frame-pointer)
  add_link_options(-fsanitize=thread)
elseif(TROUPE_SANITIZE STREQUAL "address")
  add_compile_options(-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
  add_link_options(-fsanitize=address,undefined)
elseif(NOT TROUPE_SANITIZE STREQUAL "")
  message(FATAL_ERROR "TROUPE_SANITIZE must be '', 'thread' or 'address'")
endif()

# Fuzzing: everything gets libFuzzer's coverage instrumentation (the code under test is
# in the library) and ASan+UBSan; only the fuzz targets link libFuzzer's main().
if(TROUPE_BUILD_FUZZERS)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "TROUPE_BUILD_FUZZERS needs clang (libFuzzer), not ${CMAKE_CXX_COMPILER_ID}")
  endif()
  if(NOT TROUPE_SANITIZE STREQUAL "")
    message(FATAL_ERROR "TROUPE_BUILD_FUZZERS brings its own sanitizers: leave TROUPE_SANITIZE empty")
  endif()
  add_compile_options(-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined
                      -fno-omit-frame-pointer)
  add_link_options(-fsanitize=address,undefined)
endif()

# TROUPE_LINKER: a faster linker where the compiler can use it (linking is a second per
# program, and a build links a few hundred).
if(TROUPE_LINKER)
  include(CheckLinkerFlag)
  check_linker_flag(CXX "-fuse-ld=${TROUPE_LINKER}" TROUPE_LINKER_WORKS)
  if(TROUPE_LINKER_WORKS)
    add_link_options("-fuse-ld=${TROUPE_LINKER}")
  else()
    message(WARNING "troupe: -fuse-ld=${TROUPE_LINKER} does not work here; the default linker is used")
  endif()
endif()

# troupe_defines_troupe_macro(<target> <dir> <out-var>): whether a source of the target
# defines a TROUPE_ macro (TROUPE_NO_CLASSIC_NAMES, a log floor ...) for troupe's
# headers to read; a precompiled header, read before the source, would ignore it.
function(troupe_defines_troupe_macro target dir out_var)
  set(found OFF)
  get_target_property(sources ${target} SOURCES)
  foreach(src IN LISTS sources)
    if(NOT IS_ABSOLUTE "${src}")
      set(src "${dir}/${src}")
    endif()
    if(EXISTS "${src}")
      file(STRINGS "${src}" defines REGEX "^#[ \t]*define[ \t]+TROUPE_")
      if(defines)
        set(found ON)
      endif()
    endif()
  endforeach()
  set(${out_var} ${found} PARENT_SCOPE)
endfunction()

# troupe_precompile_programs(<dir>...): every program in those directories that links a
# troupe library reuses one precompiled <troupe/troupe.hpp> (the examples with
# TROUPE_PRECOMPILED_EXAMPLES, the benchmark programs with TROUPE_PRECOMPILED_HEADERS).
# Most of such a program's compile time is parsing the standard library and troupe's
# headers. Programs of the peer systems (std::thread, OpenMP, CAF ...) are left alone.
function(troupe_precompile_programs)
  if(NOT TARGET troupe_program_pch)
    set(pch_source "${PROJECT_BINARY_DIR}/troupe_program_pch.cpp")
    file(WRITE "${pch_source}" "// the precompiled header's own translation unit\n")
    add_library(troupe_program_pch OBJECT "${pch_source}")
    target_link_libraries(troupe_program_pch PRIVATE troupe::core troupe_warnings)
    target_precompile_headers(troupe_program_pch PRIVATE <troupe/troupe.hpp>)
  endif()
  foreach(dir IN LISTS ARGN)
    get_property(targets DIRECTORY "${PROJECT_SOURCE_DIR}/${dir}" PROPERTY BUILDSYSTEM_TARGETS)
    foreach(t IN LISTS targets)
      get_target_property(type ${t} TYPE)
      get_target_property(libraries ${t} LINK_LIBRARIES)
      if(type STREQUAL "EXECUTABLE" AND libraries MATCHES "troupe::")
        troupe_defines_troupe_macro(${t} "${PROJECT_SOURCE_DIR}/${dir}" defines)
        if(NOT defines)
          target_precompile_headers(${t} REUSE_FROM troupe_program_pch)
        endif()
      endif()
    endforeach()
  endforeach()
endfunction()

# troupe_add_test(name source...) adds a GoogleTest executable run by ctest,
# with the shared helpers of tests/support (troupe_test_support). Every test program
# reuses one precompiled <troupe/troupe.hpp> and <gtest/gtest.h> (tests/support, with
# TROUPE_PRECOMPILED_HEADERS): parsing them is a large part of compiling a test.
# Each part has one test program of many files; with TROUPE_UNITY_BUILD they compile in
# batches, which is why every test file keeps its code in a namespace named after it.
# ENVIRONMENT var=value... sets the environment of every test of the program.
function(troupe_add_test name)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "" "ENVIRONMENT")
  add_executable(${name} ${arg_UNPARSED_ARGUMENTS})
  target_link_libraries(${name} PRIVATE troupe::core troupe_test_support GTest::gtest GTest::gtest_main
                                        troupe_warnings)
  if(TARGET troupe_test_pch)
    target_precompile_headers(${name} REUSE_FROM troupe_test_pch)
  endif()
  if(TROUPE_UNITY_BUILD)
    # Six files a batch: most of a test file's time is its own templates, so larger
    # batches gain little and leave one core idle at the end of the build.
    set_target_properties(${name} PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE 6)
    # g++ takes a source file included by the batch for a header, and warns about
    # every test class whose fixture lives in the file's anonymous namespace.
    if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
      target_compile_options(${name} PRIVATE -Wno-subobject-linkage)
    endif()
  endif()
  set(properties TIMEOUT 120)
  if(arg_ENVIRONMENT)
    list(APPEND properties ENVIRONMENT "${arg_ENVIRONMENT}")
  endif()
  gtest_discover_tests(${name} DISCOVERY_TIMEOUT 60 PROPERTIES ${properties})
endfunction()

# troupe_add_compile_fail_tests(<prefix> <dir>): each program in <dir> must compile
# with -DTROUPE_COMPILE_OK and fail without it, with the text of its "// EXPECT:"
# line in the compiler's output (tests/typed/compile_fail/check_compile_fail.cmake);
# registered as the ctest test <prefix>.compile_fail.<program>.
# TROUPE_COMPILE_FAIL_TESTS=OFF registers none: they run the compiler with -fsyntax-only
# and no sanitizer flags, so a sanitizer build repeats what a plain build of the same
# compiler already showed.
function(troupe_add_compile_fail_tests prefix dir)
  if(NOT TROUPE_COMPILE_FAIL_TESTS)
    return()
  endif()
  troupe_compile_fail_pch(pch_flags)
  file(GLOB sources CONFIGURE_DEPENDS ${dir}/*.cpp)
  foreach(src IN LISTS sources)
    get_filename_component(name ${src} NAME_WE)
    add_test(NAME ${prefix}.compile_fail.${name}
      COMMAND ${CMAKE_COMMAND}
        "-DCXX=${CMAKE_CXX_COMPILER}"
        "-DSOURCE=${src}"
        "-DINCLUDE_DIRS=${PROJECT_SOURCE_DIR}/include"
        "-DFLAGS=-Wall -Wextra"
        "-DPCH_FLAGS=${pch_flags}"
        -P ${PROJECT_SOURCE_DIR}/tests/typed/compile_fail/check_compile_fail.cmake)
    set_tests_properties(${prefix}.compile_fail.${name} PROPERTIES TIMEOUT 180 LABELS compile_fail)
  endforeach()
endfunction()

# troupe_compile_fail_pch(<out-var>): the compiler flags that load one precompiled
# <troupe/troupe.hpp> and <troupe/patterns.hpp> into a compile-fail test's two compiler
# runs (empty without TROUPE_PRECOMPILED_HEADERS). Parsing the standard library and
# troupe's headers is most of each run. Made with the tests' own flags (the header is
# compiled without sanitizer flags, as the tests are).
function(troupe_compile_fail_pch out_var)
  set(${out_var} "" PARENT_SCOPE)
  if(NOT TROUPE_PRECOMPILED_HEADERS)
    return()
  endif()
  set(header "${PROJECT_BINARY_DIR}/compile_fail_pch/troupe_all.hpp")
  if(CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    set(pch "${header}.pch")
    set(use_flags "-include-pch ${pch}")
  else()
    set(pch "${header}.gch")
    set(use_flags "-include ${header} -Winvalid-pch")
  endif()
  if(NOT TARGET troupe_compile_fail_pch)
    file(WRITE "${header}" "#include <troupe/patterns.hpp>\n#include <troupe/troupe.hpp>\n")
    add_custom_command(OUTPUT "${pch}"
      COMMAND "${CMAKE_CXX_COMPILER}" -std=c++20 -Wall -Wextra "-I${PROJECT_SOURCE_DIR}/include"
              -x c++-header "${header}" -o "${pch}" -MD -MF "${pch}.d"
      DEPFILE "${pch}.d"
      COMMENT "Precompiling the compile-fail tests' header"
      VERBATIM)
    add_custom_target(troupe_compile_fail_pch ALL DEPENDS "${pch}")
  endif()
  set(${out_var} "${use_flags}" PARENT_SCOPE)
endfunction()
