// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The memory network of the running test, named after it: no two tests of a
// program share one.
#include <gtest/gtest.h>

#include <string>

namespace troupe::test {

inline std::string test_network_name() {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  return std::string{info->test_suite_name()} + "." + info->name();
}

} // namespace troupe::test
