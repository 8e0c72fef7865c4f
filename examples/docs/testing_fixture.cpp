// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// The snippets of docs/testing.md, run as GoogleTest tests on the
// deterministic fixture (troupe::test).
#include <gtest/gtest.h>

#include <chrono>

using namespace std::chrono_literals;

// [snippet first_test]
#include <troupe/test.hpp>
#include <troupe/troupe.hpp>

using namespace troupe;
using troupe::test::_;

behavior adder() {
  return {[](int a, int b) { return a + b; }};
}

// TEST_F takes an unqualified name: an alias, or a fixture class of your own
// derived from test::deterministic_fixture.
using fixture = test::deterministic_fixture;

TEST_F(fixture, adder_answers) {
  auto a = sys.spawn(adder);
  self->send(a, 1, 2);
  expect<int, int>().from(self).to(a).with(1, 2); // runs a's handler once
  expect<int>().from(a).to(self).with(3);         // the answer reached self
}
// [/snippet]

TEST_F(fixture, checks_narrow_sender_receiver_and_values) {
  auto b = sys.spawn([]() -> behavior { return {[](int, int) {}}; });
  auto a = sys.spawn([=](event_based_actor* a_self) -> behavior {
    return {[=](atom_value) {
      for (int i = 0; i < 3; ++i)
        a_self->send(b, 1, 2 + i);
    }};
  });
  self->send(a, atom("go"));
  expect<atom_value>().from(self).to(a).with(atom("go"));
  // [snippet checks]
  expect<int, int>().from(a).to(b).with(1, 2);
  expect<int, int>().from(a).to(b).with(1, _); // `_`: any value
  expect<int, int>().to(b);                    // any values, any sender
  // [/snippet]
  EXPECT_FALSE(has_message(b));
}

TEST_F(fixture, delayed_send_fires_when_the_clock_reaches_it) {
  auto a = sys.spawn([]() -> behavior { return {[](int) {}}; });
  run();
  // [snippet delayed_send]
  self->delayed_send(a, 10s, 1);
  advance_time(9s); // nothing due
  advance_time(1s); // the message is now in a's mailbox
  expect<int>().from(self).to(a).with(1);
  // [/snippet]
  EXPECT_EQ(pending_timers(), 0u);
}

TEST_F(fixture, idle_timeout_counts_from_the_last_message) {
  // [snippet idle_timeout]
  auto a = sys.spawn([]() -> behavior { return {[](int) {}, after(100ms) >> [] { /* ... */ }}; });
  run(); // initialises a, which arms the timeout
  advance_time(100ms);
  expect<timeout_msg>().to(a); // runs the after(...) handler
  // [/snippet]
}
