# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the troupe authors
# Runs PROGRAM with the ;-separated ARGS and checks both its exit status
# (EXPECT_STATUS) and that its stdout and stderr together match EXPECT_OUTPUT,
# which a plain PASS_REGULAR_EXPRESSION cannot do at once.
#   cmake -DPROGRAM=... -DARGS=... -DEXPECT_STATUS=1 -DEXPECT_OUTPUT=regex -P expect_run.cmake
execute_process(COMMAND ${PROGRAM} ${ARGS} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
message("${out}${err}")
if(NOT status STREQUAL EXPECT_STATUS)
  message(FATAL_ERROR "exit status ${status}, expected ${EXPECT_STATUS}")
endif()
if(NOT "${out}${err}" MATCHES "${EXPECT_OUTPUT}")
  message(FATAL_ERROR "output does not match: ${EXPECT_OUTPUT}")
endif()
