# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the troupe authors
# Runs as a ctest test: compiles SOURCE (-c, the build's flags) under
# /usr/bin/time -v and fails when the compiler takes more than MAX_SECONDS of
# CPU time (user+sys) or more than MAX_KB of peak memory (max RSS).
# Args: -DCXX -DSOURCE -DINCLUDE_DIRS -DFLAGS -DMAX_SECONDS -DMAX_KB -DTIME_TOOL -DOUT
set(include_flags "")
foreach(dir IN LISTS INCLUDE_DIRS)
  list(APPEND include_flags "-I${dir}")
endforeach()
separate_arguments(extra_flags UNIX_COMMAND "${FLAGS}")
execute_process(
  COMMAND "${TIME_TOOL}" -v "${CXX}" -std=c++20 ${extra_flags} ${include_flags} -c "${SOURCE}" -o "${OUT}"
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "compiling ${SOURCE} failed:\n${out}")
endif()
string(REGEX MATCH "User time \\(seconds\\): ([0-9.]+)" _ "${out}")
set(user "${CMAKE_MATCH_1}")
string(REGEX MATCH "System time \\(seconds\\): ([0-9.]+)" _ "${out}")
set(sys "${CMAKE_MATCH_1}")
string(REGEX MATCH "Maximum resident set size \\(kbytes\\): ([0-9]+)" _ "${out}")
set(kb "${CMAKE_MATCH_1}")
string(REGEX MATCH "Elapsed \\(wall clock\\) time \\(h:mm:ss or m:ss\\): ([0-9:.]+)" _ "${out}")
set(wall "${CMAKE_MATCH_1}")
if(user STREQUAL "" OR kb STREQUAL "")
  message(FATAL_ERROR "could not parse the output of ${TIME_TOOL} -v:\n${out}")
endif()
math(EXPR mb "${kb} / 1024")
message(STATUS "compile cost of ${SOURCE}: user ${user} s, sys ${sys} s, wall ${wall}, max RSS ${mb} MiB")
# CPU seconds as an integer comparison in milliseconds.
string(REGEX REPLACE "\\." "" user_ms "${user}0")
string(REGEX REPLACE "\\." "" sys_ms "${sys}0")
math(EXPR cpu_ms "${user_ms}0 / 10 + ${sys_ms}0 / 10")
math(EXPR max_ms "${MAX_SECONDS} * 1000")
if(cpu_ms GREATER max_ms)
  message(FATAL_ERROR "compiling the 20-signature typed interface took ${user}+${sys} s CPU (limit ${MAX_SECONDS} s)")
endif()
if(kb GREATER MAX_KB)
  message(FATAL_ERROR "compiling the 20-signature typed interface used ${mb} MiB (limit ${MAX_KB} KiB)")
endif()
