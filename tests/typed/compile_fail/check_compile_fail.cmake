# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the troupe authors
# Runs as a ctest test: -DCXX=... -DSOURCE=... -DINCLUDE_DIRS=a;b -DFLAGS=... -DPCH_FLAGS=...
# 1. SOURCE must compile with -DTROUPE_COMPILE_OK (rules out unrelated breakage);
# 2. SOURCE must NOT compile without it, and the compiler output must contain
#    the text of the file's "// EXPECT: <text>" line (its first line after the
#    licence header).
file(STRINGS "${SOURCE}" expect_line REGEX "^// EXPECT: " LIMIT_COUNT 1)
string(REGEX REPLACE "^// EXPECT: " "" expected "${expect_line}")
if(expected STREQUAL "")
  message(FATAL_ERROR "${SOURCE}: needs a line '// EXPECT: <text>' near its top")
endif()
set(include_flags "")
foreach(dir IN LISTS INCLUDE_DIRS)
  list(APPEND include_flags "-I${dir}")
endforeach()
# PCH_FLAGS load the precompiled troupe headers, unless the program has a line
# "// NO-PCH: <why>": one that defines a macro for troupe's headers to read.
file(STRINGS "${SOURCE}" no_pch_line REGEX "^// NO-PCH: " LIMIT_COUNT 1)
if(no_pch_line STREQUAL "")
  string(APPEND FLAGS " ${PCH_FLAGS}")
endif()
separate_arguments(extra_flags UNIX_COMMAND "${FLAGS}")
set(cmd "${CXX}" -std=c++20 -fsyntax-only ${extra_flags} ${include_flags} "${SOURCE}")

execute_process(COMMAND ${cmd} -DTROUPE_COMPILE_OK RESULT_VARIABLE ok_rc OUTPUT_VARIABLE ok_out ERROR_VARIABLE ok_out)
if(NOT ok_rc EQUAL 0)
  message(FATAL_ERROR "control build (-DTROUPE_COMPILE_OK) of ${SOURCE} failed:\n${ok_out}")
endif()

execute_process(COMMAND ${cmd} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(rc EQUAL 0)
  message(FATAL_ERROR "${SOURCE} compiled, but it must not")
endif()
# g++ writes nested template arguments as `<int> >`, clang as `<int>>`: compare both
# with the space dropped.
foreach(var expected out)
  string(REGEX REPLACE ">[ ]+>" ">>" ${var} "${${var}}")
  string(REGEX REPLACE ">[ ]+>" ">>" ${var} "${${var}}")
endforeach()
string(FIND "${out}" "${expected}" pos)
if(pos EQUAL -1)
  message(FATAL_ERROR "${SOURCE} failed to compile, but the output lacks '${expected}':\n${out}")
endif()
# The first error line should say what is wrong (print it for the log).
string(REGEX MATCH "[^\n]*error:[^\n]*" first_error "${out}")
message(STATUS "expected failure; first error: ${first_error}")
