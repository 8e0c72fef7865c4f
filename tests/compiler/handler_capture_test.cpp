// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Handlers that capture by reference ([&]) write the caller's variables, also
// when the behavior runs in a call the compiler cannot see into (as receive()
// runs it). Built at -O1 on purpose: that is where g++ 12's ipa-modref loses
// such writes unless behavior construction marks the handlers as escaped
// (see gcc_ipa_modref_repro.cpp).
#include "troupe/behavior.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <string>

using namespace troupe;

namespace {

// Runs msg through bhvr out of the optimiser's sight.
void run_behavior(behavior& bhvr, message msg) {
  detail::invoke_result res;
  bhvr.invoke(msg, res);
}
void (*volatile run_elsewhere)(behavior&, message) = run_behavior;

} // namespace

TEST(handler_capture, plain_handler_writes_a_local) {
  bool got = false;
  behavior bhvr{[&](int) { got = true; }};
  run_elsewhere(bhvr, make_message(1));
  EXPECT_TRUE(got);
}

TEST(handler_capture, handler_with_timeout_writes_a_local) {
  int got = 0;
  behavior bhvr{[&](int x) { got = x; }, after(std::chrono::seconds(5)) >> [] {}};
  run_elsewhere(bhvr, make_message(7));
  EXPECT_EQ(got, 7);
}

TEST(handler_capture, pattern_case_writes_a_local) {
  std::string got;
  behavior bhvr{on<int>() >> [&](int x) { got = std::to_string(x); }};
  run_elsewhere(bhvr, make_message(3));
  EXPECT_EQ(got, "3");
}
