// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Tests of troupe::test: the deterministic scheduler, the manual clock and the
// checks (expect, allow, disallow, inject), including that failing checks are
// reported as test failures.
#include "troupe/test.hpp"
#include "troupe/troupe.hpp"

#include <gtest/gtest-spi.h>
#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <string>
#include <vector>

namespace deterministic_fixture_test {

using namespace troupe;
using namespace std::chrono_literals;
using troupe::test::_;

namespace {

behavior adder() {
  return {[](int a, int b) { return a + b; }};
}

// Appends every int it gets to *log and forwards it to `next` (if valid).
behavior relay(event_based_actor* self, std::shared_ptr<std::vector<int>> log, actor next) {
  return {[=](int x) {
    log->push_back(x);
    if (next)
      self->send(next, x + 1);
  }};
}

class fixture_test : public test::deterministic_fixture {};

} // namespace

// ---- scheduling -------------------------------------------------------------------------

TEST_F(fixture_test, nothing_runs_until_the_test_runs_it) {
  auto log = std::make_shared<std::vector<int>>();
  auto a = sys.spawn(relay, log, actor{});
  self->send(a, 1);
  self->send(a, 2);
  EXPECT_TRUE(log->empty());
  EXPECT_TRUE(sched.has_job());
  EXPECT_TRUE(run_once()); // initialises a and handles 1
  EXPECT_EQ(*log, std::vector<int>{1});
  EXPECT_TRUE(run_once());
  EXPECT_EQ(*log, (std::vector<int>{1, 2}));
  EXPECT_FALSE(run_once());
}

TEST_F(fixture_test, run_handles_everything_runnable_and_counts_messages) {
  auto log = std::make_shared<std::vector<int>>();
  auto c = sys.spawn(relay, log, actor{});
  auto b = sys.spawn(relay, log, c);
  auto a = sys.spawn(relay, log, b);
  run(); // initialises the three actors
  self->send(a, 10);
  EXPECT_EQ(run(), 3u);
  EXPECT_EQ(*log, (std::vector<int>{10, 11, 12}));
  EXPECT_FALSE(sched.has_job());
}

TEST_F(fixture_test, run_until_stops_as_soon_as_the_predicate_holds) {
  auto log = std::make_shared<std::vector<int>>();
  auto c = sys.spawn(relay, log, actor{});
  auto b = sys.spawn(relay, log, c);
  run();
  self->send(b, 1);
  EXPECT_TRUE(run_until([&] { return log->size() == 1; }));
  EXPECT_EQ(*log, std::vector<int>{1});
  EXPECT_TRUE(sched.has_job());                  // c's message waits
  EXPECT_FALSE(run_until([] { return false; })); // runs out of jobs
  EXPECT_EQ(*log, (std::vector<int>{1, 2}));
}

TEST_F(fixture_test, jobs_take_turns_one_message_at_a_time) {
  auto log = std::make_shared<std::vector<int>>();
  auto a = sys.spawn(relay, log, actor{});
  auto b = sys.spawn(relay, log, actor{});
  run();
  self->send(a, 1);
  self->send(a, 2);
  self->send(b, 10);
  run();
  // a had two messages, but b got its turn after a's first.
  EXPECT_EQ(*log, (std::vector<int>{1, 10, 2}));
}

// ---- expect ----------------------------------------------------------------------------------

TEST_F(fixture_test, expect_runs_exactly_the_matching_message) {
  auto a = sys.spawn(adder);
  self->send(a, 1, 2);
  self->send(a, 3, 4);
  expect<int, int>().from(self).to(a).with(1, 2);
  expect<int>().from(a).to(self).with(3);
  EXPECT_TRUE(has_message(a)); // (3, 4) is still waiting
  expect<int, int>().from(self).to(a).with(3, _);
  expect<int>().from(a).to(self).with(7);
  EXPECT_FALSE(has_message(self));
}

TEST_F(fixture_test, expect_without_receiver_checks_the_next_job) {
  auto a = sys.spawn(adder);
  run();
  self->send(a, 20, 22);
  expect<int, int>().with(20, 22);
  expect<int>().to(self).with(42);
}

TEST_F(fixture_test, expect_reports_a_wrong_value_with_both_messages) {
  auto a = sys.spawn(adder);
  self->send(a, 1, 2);
  EXPECT_NONFATAL_FAILURE((expect<int, int>().from(self).to(a).with(1, 3)), "expected: (int = 1, int = 3) from actor#");
  EXPECT_NONFATAL_FAILURE((expect<int, int>().to(a).with(1, 3)), "found: (1, 2) from actor#");
  // Nothing ran: the message is still there.
  expect<int, int>().to(a).with(1, 2);
}

TEST_F(fixture_test, expect_reports_a_wrong_type_and_a_wrong_sender) {
  auto a = sys.spawn(adder);
  auto b = sys.spawn(adder);
  self->send(a, 1, 2);
  EXPECT_NONFATAL_FAILURE((expect<std::string>().to(a)), "does not match");
  EXPECT_NONFATAL_FAILURE((expect<int, int>().from(b).to(a).with(1, 2)), "from " + to_string(b));
  EXPECT_NONFATAL_FAILURE((expect<int, int>().from(nullptr).to(a).with(1, 2)), "from anonymous");
  expect<int, int>().from(self).to(a).with(1, 2);
}

TEST_F(fixture_test, expect_reports_a_missing_message) {
  auto a = sys.spawn(adder);
  run();
  EXPECT_NONFATAL_FAILURE((expect<int, int>().to(a).with(1, 2)), "found: no message");
  EXPECT_NONFATAL_FAILURE((expect<int>().with(1)), "no runnable actor");
}

TEST_F(fixture_test, expect_without_with_accepts_any_values) {
  auto a = sys.spawn(adder);
  self->send(a, 5, 6);
  expect<int, int>().from(self).to(a);
  expect<int>().from(a).to(self);
  EXPECT_FALSE(has_message(self));
}

TEST_F(fixture_test, checks_compare_strings_and_atoms) {
  auto echo = sys.spawn([]() -> behavior { return {[](atom_value, const std::string& s) { return s + "!"; }}; });
  self->send(echo, atom("shout"), "hey");
  expect<atom_value, std::string>().to(echo).with(atom("shout"), "hey");
  expect<std::string>().from(echo).to(self).with("hey!");
}

// ---- allow, disallow -------------------------------------------------------------------------

TEST_F(fixture_test, allow_runs_a_match_and_ignores_anything_else) {
  auto a = sys.spawn(adder);
  self->send(a, 1, 2);
  EXPECT_FALSE(allow<std::string>().to(a).with("x"));
  EXPECT_FALSE((allow<int, int>().to(a).with(1, 9)));
  EXPECT_TRUE(has_message(a));
  EXPECT_TRUE((allow<int, int>().from(self).to(a).with(1, _)));
  EXPECT_FALSE(has_message(a));
  EXPECT_FALSE(allow<int>().to(a).with(3)); // no message at all: not a failure
  expect<int>().to(self).with(3);
}

TEST_F(fixture_test, disallow_fails_only_when_the_message_is_next) {
  auto a = sys.spawn(adder);
  self->send(a, 1, 2);
  EXPECT_TRUE((disallow<int, int>().to(a).with(2, 2)));
  EXPECT_TRUE(disallow<int>().to(a).with(_));
  disallow<int, int>().from(a).to(a);
  EXPECT_NONFATAL_FAILURE((disallow<int, int>().from(self).to(a)), "which is not allowed");
  // disallow runs nothing.
  expect<int, int>().to(a).with(1, 2);
}

// ---- inject ------------------------------------------------------------------------------------

TEST_F(fixture_test, inject_sends_and_runs_in_one_step) {
  auto a = sys.spawn(adder);
  run();
  inject<int, int>().from(self).to(a).with(40, 2);
  expect<int>().from(a).to(self).with(42);
}

TEST_F(fixture_test, inject_without_sender_is_anonymous) {
  auto log = std::make_shared<std::vector<int>>();
  auto a = sys.spawn(relay, log, actor{});
  inject<int>().to(a).with(5);
  EXPECT_EQ(*log, std::vector<int>{5});
}

TEST_F(fixture_test, inject_reports_a_message_that_is_not_next) {
  auto a = sys.spawn(adder);
  self->send(a, 1, 1);
  EXPECT_NONFATAL_FAILURE((inject<int, int>().from(self).to(a).with(2, 2)), "found: (1, 1)");
  EXPECT_NONFATAL_FAILURE(((void)inject<int, int>().from(self).to(a)), "needs with(values...)");
}

// ---- the manual clock ------------------------------------------------------------------------

TEST_F(fixture_test, delayed_send_waits_for_the_clock) {
  auto log = std::make_shared<std::vector<int>>();
  auto a = sys.spawn(relay, log, actor{});
  run();
  self->delayed_send(a, 10s, 1);
  self->delayed_send(a, 5s, 2);
  EXPECT_EQ(pending_timers(), 2u);
  EXPECT_EQ(next_timeout(), now() + 5s);
  EXPECT_EQ(advance_time(4s), 0u);
  EXPECT_FALSE(sched.has_job());
  EXPECT_EQ(advance_time(1s), 1u);
  expect<int>().from(self).to(a).with(2);
  EXPECT_EQ(advance_time(1h), 1u);
  expect<int>().from(self).to(a).with(1);
  EXPECT_EQ(pending_timers(), 0u);
}

TEST_F(fixture_test, set_time_and_trigger_next_timer_fire_in_deadline_order) {
  auto log = std::make_shared<std::vector<int>>();
  auto a = sys.spawn(relay, log, actor{});
  run();
  auto start = now();
  self->delayed_send(a, 3ms, 3);
  self->delayed_send(a, 1ms, 1);
  self->delayed_send(a, 2ms, 2);
  EXPECT_EQ(trigger_next_timer(), 1u);
  EXPECT_EQ(now(), start + 1ms);
  EXPECT_EQ(set_time(start + 3ms), 2u);
  run();
  EXPECT_EQ(*log, (std::vector<int>{1, 2, 3}));
  EXPECT_EQ(set_time(start), 0u); // time never goes back
  EXPECT_EQ(now(), start + 3ms);
  EXPECT_EQ(trigger_next_timer(), 0u);
}

TEST_F(fixture_test, behavior_after_fires_only_when_time_passes_idle) {
  auto fired = std::make_shared<int>(0);
  auto a = sys.spawn([=]() -> behavior { return {[](int) {}, after(100ms) >> [=] { ++*fired; }}; });
  run();
  advance_time(99ms);
  run();
  EXPECT_EQ(*fired, 0);
  inject<int>().to(a).with(1); // a message re-arms the idle timeout
  advance_time(99ms);
  run();
  EXPECT_EQ(*fired, 0);
  advance_time(1ms);
  expect<timeout_msg>().to(a);
  EXPECT_EQ(*fired, 1);
}

TEST_F(fixture_test, request_timeout_arrives_as_an_error_after_the_deadline) {
  auto silent = sys.spawn([]() -> behavior { return {[](int) { return skip; }}; });
  auto result = std::make_shared<std::string>();
  auto client = sys.spawn([=](event_based_actor* self) -> behavior {
    return {[=](const std::string&) {
      self->request(silent, 1s, 1).then([=](int) { *result = "value"; }, [=](error& err) { *result = to_string(err); });
    }};
  });
  inject<std::string>().from(self).to(client).with("go");
  expect<int>().from(client).to(silent).with(1);
  advance_time(999ms);
  EXPECT_FALSE(sched.has_job());
  advance_time(1ms);
  expect<error>().to(client);
  EXPECT_EQ(*result, to_string(error{sec::request_timeout}));
}

// ---- teardown ------------------------------------------------------------------------------------

TEST(deterministic_fixture_standalone, teardown_ends_actors_the_test_left_running) {
  auto done = std::make_shared<int>(0);
  {
    test::deterministic_fixture fix;
    // Two actors that keep each other alive, and a pending timer.
    auto keeper = [=]() -> behavior {
      // Destroyed with the behavior, when the actor terminates.
      auto on_end = std::shared_ptr<int>(new int(0), [=](int* p) {
        delete p;
        ++*done;
      });
      auto other = std::make_shared<actor>();
      return {[=](const actor& x) { *other = x; }, [=](int) { (void)on_end; }};
    };
    auto a = fix.sys.spawn(keeper);
    auto b = fix.sys.spawn(keeper);
    fix.self->send(a, b);
    fix.self->send(b, a);
    fix.self->delayed_send(a, 1h, 1);
    fix.run();
  } // would wait forever for a and b without the fixture's teardown
  EXPECT_EQ(*done, 2);
}

} // namespace deterministic_fixture_test
