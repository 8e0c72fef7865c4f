// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// What the runtime logs: actors that die of an exception, print_and_drop,
// messages that wait unmatched (after a become, or too long), and actor names.
#include "troupe/test.hpp"
#include "troupe/troupe.hpp"

#include "support/log_capture.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

namespace runtime_log_test {

using namespace troupe;
using namespace std::chrono_literals;
using troupe::test_support::log_capture;

namespace {

// A deterministic system whose log lines go to `cap`, with unmatched messages
// reported after 2s.
actor_system_config captured(log_capture& cap) {
  actor_system_config cfg;
  cap.attach(cfg, log_level::warning);
  cfg.logger.unmatched_warning_after = 2s;
  return cfg;
}

// Constructed before the fixture's system, which keeps a copy of its sink.
struct capture_holder {
  log_capture cap_;
};

class runtime_log : private capture_holder, public test::deterministic_fixture {
public:
  runtime_log() : test::deterministic_fixture(captured(cap_)) {}

  const log_capture& cap() const { return cap_; }

  static local_actor& local(const actor& x) { return *static_cast<local_actor*>(x.ctrl()->get()); }
};

class named_worker : public event_based_actor {
public:
  using event_based_actor::event_based_actor;
  const char* name() const override { return "named_worker"; }

protected:
  behavior make_behavior() override {
    return {[](int x) {
      if (x < 0)
        throw std::runtime_error("negative input");
      return x;
    }};
  }
};

class unnamed_worker : public event_based_actor {
public:
  using event_based_actor::event_based_actor;

protected:
  behavior make_behavior() override {
    return {[](int) {}};
  }
};

// ---- names -----------------------------------------------------------------------------

TEST_F(runtime_log, name_is_the_override_the_class_name_or_actor) {
  auto named = sys.spawn<named_worker>();
  auto unnamed = sys.spawn<unnamed_worker>();
  auto function_based = sys.spawn([]() -> behavior { return {[](int) {}}; });
  EXPECT_STREQ(local(named).name(), "named_worker");
  EXPECT_NE(std::string{local(unnamed).name()}.find("unnamed_worker"), std::string::npos) << local(unnamed).name();
  EXPECT_STREQ(local(function_based).name(), "actor");
}

// ---- exceptions ---------------------------------------------------------------------

TEST_F(runtime_log, an_actor_dying_of_an_exception_logs_an_error_naming_it) {
  auto a = sys.spawn<named_worker>();
  self->send(a, -1);
  run();
  auto lines = cap().containing("negative input");
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(lines[0].level, log_level::error);
  EXPECT_EQ(lines[0].component, "core");
  EXPECT_EQ(lines[0].actor, a.id());
  EXPECT_EQ(lines[0].actor_name, "named_worker");
  EXPECT_NE(lines[0].text.find("std::runtime_error"), std::string::npos) << lines[0].text;
}

TEST_F(runtime_log, an_exception_in_the_initial_behavior_is_logged) {
  auto a = sys.spawn([]() -> behavior { throw std::logic_error("no behavior today"); });
  run();
  auto lines = cap().containing("no behavior today");
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(lines[0].actor, a.id());
}

TEST(runtime_log_threads, a_blocking_actor_dying_of_an_exception_is_logged) {
  log_capture cap;
  actor_system_config cfg;
  cap.attach(cfg, log_level::warning);
  cfg.set_scheduler(1);
  actor_id id = 0;
  {
    actor_system sys{cfg};
    auto a = sys.spawn([](blocking_actor*) { throw std::runtime_error("blocking failure"); });
    id = a.id();
    sys.await_all_actors_done();
  }
  auto lines = cap.containing("blocking failure");
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(lines[0].level, log_level::error);
  EXPECT_EQ(lines[0].actor, id);
}

// ---- print_and_drop -------------------------------------------------------------------

TEST_F(runtime_log, print_and_drop_writes_a_warning_through_the_logger) {
  auto a = sys.spawn([](event_based_actor* s) -> behavior {
    s->set_default_handler(print_and_drop);
    return {[](int) {}};
  });
  self->send(a, "stray");
  run();
  auto lines = cap().containing("dropped unexpected message");
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(lines[0].level, log_level::warning);
  EXPECT_EQ(lines[0].actor, a.id());
  EXPECT_NE(lines[0].text.find("stray"), std::string::npos) << lines[0].text;
}

// ---- unmatched messages ----------------------------------------------------------------

// Handles int; the first int switches to a behavior for doubles, and an atom
// "back" switches back.
behavior switcher(event_based_actor* self) {
  return {[=](int) { self->become([](double) {}, on(atom("back")) >> [=] { self->become(switcher(self)); }); }};
}

TEST_F(runtime_log, a_message_still_unmatched_after_become_is_reported_once) {
  auto a = sys.spawn(switcher);
  self->send(a, "orphan");
  expect<std::string>().to(a); // skipped: waits, no report yet
  EXPECT_TRUE(cap().lines().empty());
  EXPECT_EQ(local(a).unmatched_messages(), 0u);
  self->send(a, 1); // become: "orphan" is tried again and still unmatched
  run();
  auto lines = cap().containing("unmatched");
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(lines[0].level, log_level::warning);
  EXPECT_EQ(lines[0].actor, a.id());
  EXPECT_NE(lines[0].text.find("orphan"), std::string::npos) << lines[0].text;
  EXPECT_NE(lines[0].text.find("after a behavior change"), std::string::npos) << lines[0].text;
  EXPECT_EQ(local(a).unmatched_messages(), 1u);
  self->send(a, atom("back")); // another become: no second report for "orphan"
  self->send(a, 2.5);          // unmatched under switcher's int behavior: skipped, new
  run();
  EXPECT_EQ(cap().containing("orphan").size(), 1u);
  EXPECT_EQ(local(a).unmatched_messages(), 1u);
}

TEST_F(runtime_log, a_message_handled_after_become_is_not_reported) {
  auto a = sys.spawn(switcher);
  self->send(a, 2.5); // matches only after the become
  self->send(a, 1);
  run();
  EXPECT_TRUE(cap().containing("unmatched").empty());
  EXPECT_EQ(local(a).unmatched_messages(), 0u);
  self->send(a, atom("back"));
  self->send(a, "x"); // skipped under the int behavior
  run();
  EXPECT_TRUE(cap().containing("unmatched").empty());
}

TEST_F(runtime_log, a_message_waiting_longer_than_the_limit_is_reported_when_the_next_arrives) {
  auto a = sys.spawn([]() -> behavior { return {[](int) {}}; });
  self->send(a, "old");
  run();
  advance_time(1s);
  self->send(a, 1); // 1s: not yet
  run();
  EXPECT_TRUE(cap().containing("unmatched").empty());
  advance_time(1s);
  self->send(a, 2); // 2s: reported now
  run();
  auto lines = cap().containing("unmatched");
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_NE(lines[0].text.find("old"), std::string::npos) << lines[0].text;
  EXPECT_NE(lines[0].text.find("waited unmatched for 2s"), std::string::npos) << lines[0].text;
  EXPECT_EQ(local(a).unmatched_messages(), 1u);
  advance_time(10s);
  self->send(a, 3); // reported once only
  run();
  EXPECT_EQ(cap().containing("unmatched").size(), 1u);
  EXPECT_EQ(local(a).unmatched_messages(), 1u);
}

TEST_F(runtime_log, every_unmatched_message_counts_once) {
  auto a = sys.spawn([]() -> behavior { return {[](int) {}}; });
  self->send(a, "a");
  self->send(a, "b");
  self->send(a, 1.5);
  run();
  advance_time(5s);
  self->send(a, 1);
  run();
  EXPECT_EQ(cap().containing("unmatched").size(), 3u);
  EXPECT_EQ(local(a).unmatched_messages(), 3u);
}

// Runs an int-only actor that skips a string, then gets an int after `wait`.
actor skip_then_wait(test::deterministic_fixture& fx, std::chrono::nanoseconds wait) {
  auto a = fx.sys.spawn([]() -> behavior { return {[](int) {}}; });
  fx.self->send(a, "old");
  fx.run();
  fx.advance_time(wait);
  fx.self->send(a, 1);
  fx.run();
  return a;
}

TEST(runtime_log_config, a_zero_limit_turns_the_age_check_off) {
  log_capture cap;
  actor_system_config cfg;
  cap.attach(cfg, log_level::warning);
  cfg.logger.unmatched_warning_after = 0s;
  test::deterministic_fixture fx{cfg};
  auto a = skip_then_wait(fx, 1h);
  EXPECT_TRUE(cap.containing("unmatched").empty());
  EXPECT_EQ(runtime_log::local(a).unmatched_messages(), 0u);
}

TEST(runtime_log_config, the_warning_respects_the_verbosity) {
  log_capture cap;
  actor_system_config cfg;
  cap.attach(cfg, log_level::error);
  cfg.logger.unmatched_warning_after = 1s;
  test::deterministic_fixture fx{cfg};
  auto a = skip_then_wait(fx, 2s);
  EXPECT_TRUE(cap.lines().empty());
  // Counted all the same: inspection does not depend on the log level.
  EXPECT_EQ(runtime_log::local(a).unmatched_messages(), 1u);
}

} // namespace

// Messages kept only because an await is outstanding wait for the response,
// not for a matching case: they are never reported as unmatched.
TEST_F(runtime_log, messages_waiting_for_an_await_are_not_unmatched) {
  auto silent = sys.spawn([]() -> behavior { return {[](const std::string&) {}}; }); // skips the int
  auto a = sys.spawn([silent](event_based_actor* me) -> behavior {
    me->request(silent, 10s, 1).await([](int) {}, [](const error&) {});
    return {[](double) {}};
  });
  run();
  self->send(a, 1.5); // matches, but must wait for the await
  run();
  advance_time(5s);
  self->send(a, 2.5);
  run();
  EXPECT_TRUE(cap().containing("unmatched").empty());
  EXPECT_EQ(local(a).unmatched_messages(), 0u);
  advance_time(5s); // the request times out; both doubles run
  run();
  EXPECT_FALSE(has_message(a));
  EXPECT_TRUE(cap().containing("unmatched").empty());
}

} // namespace runtime_log_test
