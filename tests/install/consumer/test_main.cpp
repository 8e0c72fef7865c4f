// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// troupe::test, installed: one deterministic check against a real actor.
#include <troupe/test.hpp>
#include <troupe/troupe.hpp>

using troupe::test::deterministic_fixture;

TEST_F(deterministic_fixture, installed_fixture_runs_a_check) {
  auto adder = sys.spawn([]() -> troupe::behavior { return {[](int a, int b) { return a + b; }}; });
  self->send(adder, 20, 22);
  expect<int, int>().from(self).to(adder).with(20, 22);
  expect<int>().from(adder).to(self).with(42);
}
