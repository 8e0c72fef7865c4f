// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// The scheduler's idle poller: idle workers call it between their searches,
// in idle periods that begin and end in pairs, and what it makes runnable
// runs on the worker that polled.
#include <gtest/gtest.h>

#include "support/eventually.hpp"

#include <atomic>
#include <chrono>
#include <string>
#include <thread>

#include "troupe/troupe.hpp"

namespace idle_poller_test {

using namespace troupe;
using namespace std::chrono_literals;

namespace {

// Counts the calls; once armed, it delivers one message to `target` from
// the polling worker and notes that worker's thread.
class recording_poller final : public scheduler::idle_poller {
public:
  void idle_begins(execution_unit*) noexcept override {
    auto now = inside.fetch_add(1) + 1;
    auto seen = most_inside.load();
    while (now > seen && !most_inside.compare_exchange_weak(seen, now)) {}
    begins.fetch_add(1);
  }
  bool poll_idle(execution_unit* self) override {
    polls.fetch_add(1);
    if (self == nullptr || !armed.exchange(false))
      return false;
    poller_thread = std::this_thread::get_id();
    deliver(target, make_mailbox_element(nullptr, message_id{}, make_message(42)), self);
    return true;
  }
  void idle_ended(execution_unit*) noexcept override {
    inside.fetch_sub(1);
    ends.fetch_add(1);
  }

  std::atomic<int> inside{0};
  std::atomic<int> most_inside{0};
  std::atomic<long> begins{0};
  std::atomic<long> ends{0};
  std::atomic<long> polls{0};
  std::atomic<bool> armed{false};
  strong_actor_ptr target;
  std::thread::id poller_thread;
};

// Counts the polls of each idle period (a worker has one at a time), and
// keeps the most any period had.
class period_counting_poller final : public scheduler::idle_poller {
public:
  void idle_begins(execution_unit*) noexcept override { polls_now = 0; }
  bool poll_idle(execution_unit*) override {
    ++polls_now;
    return false;
  }
  void idle_ended(execution_unit*) noexcept override {
    auto seen = most_polls.load();
    while (polls_now > seen && !most_polls.compare_exchange_weak(seen, polls_now)) {}
    periods.fetch_add(1);
  }

  static thread_local long polls_now;
  std::atomic<long> most_polls{0};
  std::atomic<long> periods{0};
};

thread_local long period_counting_poller::polls_now = 0;

actor_system_config two_workers() {
  actor_system_config cfg;
  EXPECT_FALSE(cfg.parse({"--scheduler.workers=2"}));
  return cfg;
}

} // namespace

TEST(idle_poller, idle_workers_poll_in_periods_that_begin_and_end_in_pairs) {
  auto cfg = two_workers();
  actor_system sys{cfg};
  recording_poller p;
  sys.scheduler().set_idle_poller(&p);
  EXPECT_EQ(sys.scheduler().current_idle_poller(), &p);
  // Jobs come and go: the workers go idle between them.
  {
    scoped_actor self{sys};
    auto echo = sys.spawn([]() -> behavior { return {[](int x) { return x; }}; });
    for (int i = 0; i < 200; ++i)
      self->request(echo, 5s, i).receive([](int) {}, [](error& e) { FAIL() << to_string(e); });
    self->send_exit(echo, exit_reason::user_shutdown);
  }
  EXPECT_TRUE(test_support::eventually([&] { return p.polls.load() > 0; }));
  sys.scheduler().set_idle_poller(nullptr);
  EXPECT_EQ(sys.scheduler().current_idle_poller(), nullptr);
  // Once it returned, no worker is in an idle period with the poller.
  auto begins = p.begins.load();
  EXPECT_GT(begins, 0);
  EXPECT_EQ(p.ends.load(), begins);
  EXPECT_EQ(p.inside.load(), 0);
  EXPECT_LE(p.most_inside.load(), 2); // one period per worker at a time
  auto polls = p.polls.load();
  scoped_actor self{sys};
  auto echo = sys.spawn([]() -> behavior { return {[](int x) { return x; }}; });
  for (int i = 0; i < 50; ++i)
    self->request(echo, 5s, i).receive([](int) {}, [](error& e) { FAIL() << to_string(e); });
  self->send_exit(echo, exit_reason::user_shutdown);
  EXPECT_EQ(p.polls.load(), polls);
  EXPECT_EQ(p.begins.load(), begins);
}

// A worker that found nothing in its spin rounds yields its core next, and
// may not run again for a time slice: its idle period ends before that, so
// that the poller (the network layer) does not count on it meanwhile.
void expect_periods_of_spin_rounds_only(const char* policy, std::size_t spin_rounds) {
  actor_system_config cfg;
  ASSERT_FALSE(cfg.parse({"--scheduler.workers=2", std::string{"--scheduler.policy="} + policy}));
  actor_system sys{cfg};
  period_counting_poller p;
  sys.scheduler().set_idle_poller(&p);
  {
    scoped_actor self{sys};
    auto echo = sys.spawn([]() -> behavior { return {[](int x) { return x; }}; });
    for (int i = 0; i < 20; ++i)
      self->request(echo, 5s, i).receive([](int) {}, [](error& e) { FAIL() << to_string(e); });
    self->send_exit(echo, exit_reason::user_shutdown);
  }
  // With nothing left to do, a worker spins through every round of a period.
  EXPECT_TRUE(test_support::eventually([&] { return p.most_polls.load() == static_cast<long>(spin_rounds); }));
  sys.scheduler().set_idle_poller(nullptr);
  EXPECT_GT(p.periods.load(), 0);
  EXPECT_EQ(p.most_polls.load(), static_cast<long>(spin_rounds));
}

TEST(idle_poller, an_idle_period_ends_before_the_worker_yields_its_core) {
  expect_periods_of_spin_rounds_only("stealing", policy::work_stealing::spin_rounds);
  expect_periods_of_spin_rounds_only("sharing", policy::work_sharing::spin_rounds);
}

TEST(idle_poller, a_period_ended_early_polls_no_more_and_ends_once) {
  auto cfg = two_workers();
  actor_system sys{cfg};
  recording_poller p;
  sys.scheduler().set_idle_poller(&p);
  // The workers' periods are counted too: what holds below holds for all
  // periods, this one among them.
  auto begins = p.begins.load();
  auto ends = p.ends.load();
  {
    scheduler::abstract_coordinator::idle_scope idle{sys.scheduler(), nullptr};
    EXPECT_FALSE(idle.poll()); // begins the period
    idle.end();
    idle.end(); // a second end is a no-op
    EXPECT_FALSE(idle.poll());
    EXPECT_GE(p.begins.load(), begins + 1);
  }
  sys.scheduler().set_idle_poller(nullptr);
  // Every period that began ended exactly once, this one included.
  EXPECT_EQ(p.begins.load(), p.ends.load());
  EXPECT_GE(p.ends.load(), ends + 1);
  EXPECT_EQ(p.inside.load(), 0);
}

TEST(idle_poller, what_an_idle_worker_finds_runs_on_that_worker_next) {
  auto cfg = two_workers();
  actor_system sys{cfg};
  recording_poller p;
  std::atomic<bool> got{false};
  std::thread::id runner;
  auto receiver = sys.spawn([&]() -> behavior {
    return {[&](int x) {
      EXPECT_EQ(x, 42);
      runner = std::this_thread::get_id();
      got.store(true);
    }};
  });
  p.target = strong_actor_ptr{receiver.ctrl()};
  sys.scheduler().set_idle_poller(&p);
  // Only spinning workers poll; one that parked spins again after a job.
  auto nudge = sys.spawn([]() -> behavior { return {[](int) {}}; });
  // A message that finds the receiver still running (its start, or the end
  // of its last message) is handled where it runs: the poller's worker is
  // only for one that makes it runnable. Retried until one does; a worker
  // that queued what it found would fail every time.
  bool on_poller = false;
  for (int attempt = 0; attempt < 20 && !on_poller; ++attempt) {
    got.store(false);
    p.armed.store(true);
    ASSERT_TRUE(test_support::eventually([&] {
      if (got.load())
        return true;
      anon_send(nudge, 0);
      return false;
    }));
    on_poller = runner == p.poller_thread;
  }
  sys.scheduler().set_idle_poller(nullptr);
  EXPECT_TRUE(on_poller);
  p.target = nullptr;
  scoped_actor self{sys};
  self->send_exit(receiver, exit_reason::user_shutdown);
  self->send_exit(nudge, exit_reason::user_shutdown);
}

} // namespace idle_poller_test
