// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// A test fixture whose actor system has no threads: every actor runs on the
// test's thread when the test says so, and time stands still until the test
// moves it. See docs/testing.md.
//
//   TEST_F(deterministic_fixture, ping) {
//     auto b = sys.spawn(pong);
//     self->send(b, 1);
//     expect<int>().from(self).to(b).with(1);
//   }
//
// It derives from ::testing::Test for TEST_F, and can also be constructed
// directly (inside a TEST or a helper).
#include <chrono>
#include <cstddef>

#include <gtest/gtest.h>

#include "troupe/actor_system.hpp"
#include "troupe/actor_system_config.hpp"
#include "troupe/scoped_actor.hpp"
#include "troupe/test/call_site.hpp"
#include "troupe/test/message_check.hpp"
#include "troupe/test/test_coordinator.hpp"
#include "troupe/test/wildcard.hpp"

namespace troupe::test {

/// A GoogleTest fixture whose actor system has no threads: actors run on the test's thread only when the test runs
/// them (run, run_once, the checks), and time stands still until the test moves it. Use it with TEST_F, or construct
/// it inside a test. Not thread-safe: drive it from the test's thread.
class deterministic_fixture : public ::testing::Test {
public:
  /// The clock of the system's timers; its time only moves when the test moves it.
  using clock_type = scheduler::timer_service::clock_type;
  /// A point of test time.
  using time_point = scheduler::timer_service::time_point;
  /// A span of test time.
  using duration = clock_type::duration;

  /// `cfg` may carry any option; its scheduler and timer clock are replaced.
  explicit deterministic_fixture(actor_system_config cfg = {});

  /// Runs what is runnable, discards pending timers, kills actors that are
  /// still alive and runs again, so that the system can shut down.
  ~deterministic_fixture() override;

  // ---- running actors -------------------------------------------------------------------

  /// Runs one message of the next job; false if no job is runnable.
  bool run_once() { return sched.run_once(); }
  /// Runs until no job is runnable; returns how many messages ran.
  std::size_t run() { return sched.run(); }
  /// Runs one message at a time until pred() holds or nothing is runnable.
  template <class Pred>
  bool run_until(Pred pred) {
    return sched.run_until(std::move(pred));
  }

  // ---- the manual clock -------------------------------------------------------------------

  /// The current test time (it starts at the clock's epoch).
  time_point now() noexcept { return sys.timers().now(); }
  /// Moves the time forward by `d` and fires every timer due by then, in
  /// deadline order; returns how many fired. Fired timers only enqueue
  /// messages: run() handles them.
  std::size_t advance_time(duration d);
  /// Sets the time (never backwards) and fires the due timers, as advance_time.
  std::size_t set_time(time_point t);
  /// Jumps to the earliest pending deadline and fires what is due then; 0 if
  /// no timer is pending.
  std::size_t trigger_next_timer();
  /// Timers scheduled and not fired yet.
  std::size_t pending_timers() { return sys.timers().pending(); }
  /// The earliest pending deadline, or time_point::max().
  time_point next_timeout() { return sys.timers().next_deadline(); }

  // ---- checks (see message_check.hpp) ----------------------------------------------------

  /// The next message of the receiver must be (Ts...) and runs; otherwise a test failure and nothing runs.
  template <class... Ts>
  message_check<check_kind::expect, Ts...> expect(call_site where = call_site::current()) {
    return {*this, where};
  }
  /// Runs the receiver's next message if it is (Ts...); otherwise nothing happens and with() returns false.
  template <class... Ts>
  message_check<check_kind::allow, Ts...> allow(call_site where = call_site::current()) {
    return {*this, where};
  }
  /// A test failure if the receiver's next message is (Ts...); runs nothing either way.
  template <class... Ts>
  message_check<check_kind::disallow, Ts...> disallow(call_site where = call_site::current()) {
    return {*this, where};
  }
  /// Sends with(values...) from from(...) (anonymous without it) to to(...), then checks and runs it as expect does.
  /// A check without with() sends nothing and fails.
  template <class... Ts>
  message_check<check_kind::inject, Ts...> inject(call_site where = call_site::current()) {
    return {*this, where};
  }

  /// True if `x`'s next message exists (scoped actors included).
  bool has_message(const actor& x);

  /// Takes self's next message if it is exactly (T) and returns its value;
  /// otherwise a test failure, nothing is taken, and T{} is returned.
  template <class T>
  T received(call_site where = call_site::current()) {
    T result{};
    auto take = [&](const message& msg) {
      if (!msg.template match_elements<T>())
        return false;
      result = msg.template get_as<T>(0);
      return true;
    };
    detail::check_spec spec{check_kind::expect, where, actor{self}, false, actor{}, "("};
    spec.expected += troupe::detail::pretty_type_name<T>();
    spec.expected += ')';
    detail::run_check(*this, spec, take);
    return result;
  }

private:
  static actor_system_config deterministic(actor_system_config cfg);
  void TestBody() override {} // makes the fixture constructible outside TEST_F

public:
  /// Declared after the functions so that the order of construction is visible:
  /// the system first, its scheduler, then the test's own actor.
  actor_system sys;
  /// The system's scheduler, which runs the queued jobs when the test says so.
  test_coordinator& sched;
  /// The test's actor: a sender for messages and a receiver for replies.
  scoped_actor self;
};

} // namespace troupe::test
