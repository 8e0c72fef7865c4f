// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// `infinite` wherever a timeout is taken: no timer is ever scheduled for it.
#include "troupe/test.hpp"
#include "troupe/troupe.hpp"

#include "support/scoped_receive.hpp"

#include <gtest/gtest.h>

#include <chrono>

namespace infinite_test {

using namespace troupe;
using namespace std::chrono_literals;

namespace {

class infinite_deterministic : public test::deterministic_fixture {};

behavior adder(event_based_actor*) {
  return {[](int a, int b) { return a + b; }};
}

struct add_request {
  int a;
  int b;
};
using typed_adder = typed_actor<replies_to<add_request>::with<int>>;

typed_adder::behavior_type typed_adder_fun(typed_adder::pointer) {
  return {[](const add_request& r) { return r.a + r.b; }};
}

} // namespace

TEST(infinite, is_the_runtime_never_duration) {
  std::chrono::nanoseconds d = infinite;
  EXPECT_EQ(d, std::chrono::nanoseconds::max());
  behavior with_infinite{[](int) {}, after(infinite) >> [] {}};
  EXPECT_FALSE(with_infinite.has_timeout());
  behavior with_finite{[](int) {}, after(1s) >> [] {}};
  EXPECT_TRUE(with_finite.has_timeout());
}

TEST_F(infinite_deterministic, event_based_request_schedules_no_timer) {
  auto a = sys.spawn(adder);
  int got = 0;
  sys.spawn([&](event_based_actor* self) -> behavior {
    self->request(a, infinite, 20, 22).then([&](int r) { got = r; });
    return {[](int) {}};
  });
  run();
  EXPECT_EQ(got, 42);
  EXPECT_EQ(pending_timers(), 0u);
}

TEST_F(infinite_deterministic, finite_request_schedules_a_timer) {
  // The counterpart of the test above: the timer count sees request timeouts.
  auto a = sys.spawn(adder);
  sys.spawn([&](event_based_actor* self) -> behavior {
    self->request(a, 1s, 20, 22).then([](int) {});
    return {[](int) {}};
  });
  run();
  EXPECT_EQ(pending_timers(), 1u);
}

TEST_F(infinite_deterministic, after_infinite_never_fires) {
  bool fired = false;
  int got = 0;
  auto a = sys.spawn([&](event_based_actor*) -> behavior {
    return {[&](int x) { got = x; }, after(infinite) >> [&] { fired = true; }};
  });
  run();
  EXPECT_EQ(pending_timers(), 0u);
  self->send(a, 7);
  run();
  EXPECT_EQ(got, 7);
  EXPECT_EQ(pending_timers(), 0u);
  EXPECT_EQ(trigger_next_timer(), 0u);
  advance_time(24h);
  run();
  EXPECT_FALSE(fired);
}

TEST_F(infinite_deterministic, sync_send_with_after_infinite_schedules_no_timer) {
  auto a = sys.spawn(adder);
  int got = 0;
  bool fired = false;
  sys.spawn([&](event_based_actor* self) -> behavior {
    self->sync_send(a, 1, 2).then([&](int r) { got = r; }, after(infinite) >> [&] { fired = true; });
    return {[](int) {}};
  });
  run();
  EXPECT_EQ(pending_timers(), 0u);
  EXPECT_EQ(got, 3);
  EXPECT_FALSE(fired);
}

TEST(infinite, scoped_actor_request_and_receive) {
  actor_system sys{test_support::small_config()};
  auto a = sys.spawn(adder);
  scoped_actor self{sys};
  auto h = self->request(a, infinite, 1, 2);
  EXPECT_EQ(sys.timers().pending(), 0u);
  int got = 0;
  bool fired = false;
  h.receive([&](int r) { got = r; }, after(infinite) >> [&] { fired = true; });
  EXPECT_EQ(got, 3);
  EXPECT_FALSE(fired);
}

TEST(infinite, typed_request) {
  actor_system sys{test_support::small_config()};
  auto a = sys.spawn(typed_adder_fun);
  scoped_actor self{sys};
  auto h = self->request(a, infinite, add_request{4, 5});
  EXPECT_EQ(sys.timers().pending(), 0u);
  int got = 0;
  h.receive([&](int r) { got = r; }, [&](const error&) { got = -1; });
  EXPECT_EQ(got, 9);
}

TEST(infinite, blocking_receive_waits_without_deadline) {
  actor_system sys{test_support::small_config()};
  scoped_actor self{sys};
  // The message comes late enough that a receive with a short deadline would
  // have given up; after(infinite) waits for it.
  self->delayed_send(actor{self}, 50ms, 11);
  int got = 0;
  bool fired = false;
  self->receive([&](int x) { got = x; }, after(infinite) >> [&] { fired = true; });
  EXPECT_EQ(got, 11);
  EXPECT_FALSE(fired);
}

TEST(infinite, blocking_actor_receive) {
  actor_system sys{test_support::small_config()};
  auto a = sys.spawn(
    [](blocking_actor* self) { self->receive([&](int x) { self->reply(x * 2); }, after(infinite) >> [] {}); });
  scoped_actor self{sys};
  int got = 0;
  self->request(a, infinite, 21).receive([&](int r) { got = r; });
  EXPECT_EQ(got, 42);
}

} // namespace infinite_test
