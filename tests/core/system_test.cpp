// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// The actor system as a whole: idle cost, shutdown, lazy initialisation.
#include "troupe/test.hpp"
#include "troupe/troupe.hpp"

#include <gtest/gtest.h>

#include <sys/resource.h>

#include <atomic>
#include <chrono>
#include <thread>

namespace system_test {

using namespace troupe;
using namespace std::chrono_literals;

namespace {

std::chrono::microseconds process_cpu_time() {
  rusage ru{};
  getrusage(RUSAGE_SELF, &ru);
  auto us = [](const timeval& tv) { return std::chrono::seconds{tv.tv_sec} + std::chrono::microseconds{tv.tv_usec}; };
  return std::chrono::duration_cast<std::chrono::microseconds>(us(ru.ru_utime) + us(ru.ru_stime));
}

// Rules that do not need real threads run on the deterministic fixture.
class system_deterministic : public test::deterministic_fixture {};

} // namespace

TEST(system, idle_system_uses_no_measurable_cpu) {
  actor_system_config cfg;
  cfg.set_scheduler(2, 50);
  actor_system sys{cfg};
  // Some idle actors and a pending far-away timer, as in a real idle program.
  std::vector<actor> idle;
  for (int i = 0; i < 100; ++i)
    idle.push_back(sys.spawn([]() -> behavior { return {[](int) {}}; }));
  scoped_actor self{sys};
  self->delayed_send(self, 1h, 1);    // the timer thread sleeps for an hour
  std::this_thread::sleep_for(100ms); // let workers go through spinning and park
  auto before = process_cpu_time();
  std::this_thread::sleep_for(1s);
  auto used = process_cpu_time() - before;
  EXPECT_LT(used, 20ms) << "idle system burned " << used.count() << " us in 1 s";
}

TEST(system, await_all_actors_done_waits_for_running_actors) {
  actor_system_config cfg;
  actor_system sys{cfg};
  std::atomic<bool> finished{false};
  sys.spawn([&](event_based_actor* self) -> behavior {
    self->delayed_send(self, 50ms, atom("done"));
    return {on(atom("done")) >> [&, self] {
      finished = true;
      self->quit();
    }};
  });
  // The only strong reference is the delayed message: the actor stays alive
  // until it arrives.
  sys.await_all_actors_done();
  EXPECT_TRUE(finished);
  EXPECT_EQ(sys.running_actors(), 0u);
}

TEST_F(system_deterministic, lazy_init_runs_make_behavior_on_first_message) {
  int inits = 0;
  auto a = sys.spawn<lazy_init>([&]() -> behavior {
    ++inits;
    return {[](int x) { return x + 1; }};
  });
  run();
  EXPECT_FALSE(sched.has_job()); // a lazy actor is not scheduled at spawn
  EXPECT_EQ(inits, 0);
  self->send(a, 1);
  expect<int>().from(self).to(a).with(1);
  EXPECT_EQ(received<int>(), 2);
  EXPECT_EQ(inits, 1);
}

namespace {
struct spawns_on_destruction {
  actor_system* sys = nullptr;
  std::atomic<int>* result = nullptr;
  ~spawns_on_destruction() {
    if (sys != nullptr) {
      auto late = sys->spawn([]() -> behavior { return {[](int) {}}; });
      *result = late ? 1 : 2;
    }
  }
};
} // namespace

TEST(system, spawn_during_shutdown_yields_invalid_handle) {
  std::atomic<int> result{0};
  {
    actor_system_config cfg;
    actor_system sys{cfg};
    // A hidden actor kept alive only by a pending timer: the system's
    // destructor discards the timer, the actor becomes unreachable, and its
    // state's destructor spawns while the system shuts down.
    scoped_actor self{sys};
    sys.spawn<hidden>(
      [&](stateful_actor<spawns_on_destruction>* me, actor parent) -> behavior {
        me->state.sys = &me->system();
        me->state.result = &result;
        me->delayed_send(me, 1h, atom("never"));
        me->send(parent, atom("ready"));
        return {[](int) {}};
      },
      actor{self});
    bool ready = false;
    self->receive(
      on(atom("ready")) >> [&] { ready = true; }, after(5s) >> [] {});
    ASSERT_TRUE(ready);
  }
  EXPECT_EQ(result, 2);
}

namespace {
struct sends_on_destruction {
  actor listener;
  local_actor* self = nullptr;
  ~sends_on_destruction() {
    if (self != nullptr)
      self->send(listener, atom("bye")); // names the dying actor as sender
  }
};
} // namespace

// An unreachable actor whose cleanup sends a message (creating a new reference
// to itself) is destroyed exactly once, after the last such reference is gone.
TEST(system, cleanup_of_unreachable_actor_may_reference_itself) {
  actor_system_config cfg;
  actor_system sys{cfg};
  scoped_actor self{sys};
  {
    auto a = sys.spawn(
      [](stateful_actor<sends_on_destruction>* me, actor listener) -> behavior {
        me->state.listener = listener;
        me->state.self = me;
        return {[](int) {}};
      },
      actor{self});
    self->monitor(a);
  } // last handle gone: the actor terminates as unreachable
  bool bye = false;
  error reason;
  self->receive_while([&] { return !bye || !reason; },
                      on(atom("bye")) >>
                        [&] {
                          bye = true;
                          EXPECT_TRUE(static_cast<bool>(self->current_sender()));
                        },
                      [&](down_msg& dm) { reason = dm.reason; },
                      after(5s) >>
                        [&] {
                          bye = true;
                          reason = sec::request_timeout;
                        });
  EXPECT_EQ(reason, exit_reason::unreachable);
}

} // namespace system_test
