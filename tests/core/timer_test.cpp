// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Tests of the timer service and of detail::unique_callback.
#include <gtest/gtest.h>

#include "support/eventually.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <numeric>
#include <random>
#include <thread>
#include <vector>

#include "troupe/scheduler/timer_service.hpp"
#include "troupe/scheduler/unique_callback.hpp"

namespace timer_test {

using namespace std::chrono_literals;

using troupe::detail::unique_callback;
using troupe::scheduler::timer_service;
using clock_type = std::chrono::steady_clock;

namespace {

// Polls pred until it holds or the time limit passes.
template <class Pred>
bool wait_for(Pred pred, std::chrono::milliseconds limit = 5s) {
  return troupe::test_support::eventually(std::move(pred), limit, 200us);
}

// Counts how many instances are alive and how often one was called.
struct tracker {
  explicit tracker(std::atomic<int>* alive, std::atomic<int>* calls) : alive(alive), calls(calls) {
    alive->fetch_add(1);
  }
  tracker(tracker&& other) noexcept : alive(other.alive), calls(other.calls) { alive->fetch_add(1); }
  tracker(const tracker&) = delete;
  ~tracker() { alive->fetch_sub(1); }
  void operator()() { calls->fetch_add(1); }
  std::atomic<int>* alive;
  std::atomic<int>* calls;
};

// -- unique_callback ---------------------------------------------------------------

TEST(unique_callback_test, holds_move_only_callables) {
  auto p = std::make_unique<int>(41);
  int result = 0;
  unique_callback f{[p = std::move(p), &result] { result = *p + 1; }};
  ASSERT_TRUE(static_cast<bool>(f));
  unique_callback g{std::move(f)};
  EXPECT_FALSE(static_cast<bool>(f)); // NOLINT: moved-from is empty
  g();
  EXPECT_EQ(result, 42);
}

TEST(unique_callback_test, small_and_large_callables_are_destroyed_once) {
  std::atomic<int> alive{0};
  std::atomic<int> calls{0};
  {
    unique_callback small{tracker{&alive, &calls}};
    struct big {
      tracker t;
      char pad[128] = {};
      void operator()() { t(); }
    };
    unique_callback large{big{tracker{&alive, &calls}}};
    EXPECT_EQ(alive.load(), 2);
    small();
    large();
    unique_callback moved;
    moved = std::move(large);
    moved();
    EXPECT_EQ(alive.load(), 2);
    small.reset();
    EXPECT_EQ(alive.load(), 1);
    EXPECT_FALSE(static_cast<bool>(small));
  }
  EXPECT_EQ(alive.load(), 0);
  EXPECT_EQ(calls.load(), 3);
}

void free_function_target(int* x) {
  ++*x;
}

TEST(unique_callback_test, null_function_pointer_is_empty) {
  void (*fp)() = nullptr;
  unique_callback f{fp};
  EXPECT_FALSE(static_cast<bool>(f));
  unique_callback g{nullptr};
  EXPECT_FALSE(static_cast<bool>(g));
  int x = 0;
  unique_callback h{[&x] { free_function_target(&x); }};
  h();
  EXPECT_EQ(x, 1);
}

// -- timer_service -------------------------------------------------------------------

TEST(timer_test, fires_in_deadline_order) {
  timer_service ts;
  ts.start();
  std::mutex mtx;
  std::vector<int> fired;
  auto base = clock_type::now() + 100ms;
  // 100 distinct deadlines in random order, then 20 timers with the same deadline.
  std::vector<int> ids(100);
  std::iota(ids.begin(), ids.end(), 0);
  std::shuffle(ids.begin(), ids.end(), std::minstd_rand{3});
  for (int id : ids)
    ts.schedule(base + id * 200us, [&, id] {
      std::lock_guard guard{mtx};
      fired.push_back(id);
    });
  for (int id = 100; id < 120; ++id)
    ts.schedule(base + 25ms, [&, id] {
      std::lock_guard guard{mtx};
      fired.push_back(id);
    });
  ASSERT_TRUE(wait_for([&] { return ts.pending() == 0; }));
  ts.stop();
  std::lock_guard guard{mtx};
  std::vector<int> expected(120);
  std::iota(expected.begin(), expected.end(), 0);
  EXPECT_EQ(fired, expected);
}

TEST(timer_test, runs_callbacks_not_before_their_deadline) {
  timer_service ts;
  ts.start();
  std::atomic<int> early{0};
  std::atomic<int> count{0};
  for (int i = 0; i < 50; ++i) {
    auto when = clock_type::now() + std::chrono::milliseconds(i % 10);
    ts.schedule(when, [&, when] {
      if (clock_type::now() < when)
        early.fetch_add(1);
      count.fetch_add(1);
    });
  }
  ASSERT_TRUE(wait_for([&] { return count.load() == 50; }));
  EXPECT_EQ(early.load(), 0);
}

TEST(timer_test, earlier_timer_wakes_the_thread) {
  timer_service ts;
  ts.start();
  std::atomic<bool> late_fired{false};
  ts.schedule(clock_type::now() + 10s, [&] { late_fired = true; });
  std::this_thread::sleep_for(10ms); // the thread now sleeps until +10 s
  std::atomic<bool> fired{false};
  auto t0 = clock_type::now();
  ts.schedule(t0 + 20ms, [&] { fired = true; });
  ASSERT_TRUE(wait_for([&] { return fired.load(); }, 2s));
  auto elapsed = clock_type::now() - t0;
  EXPECT_GE(elapsed, 20ms);
  EXPECT_LT(elapsed, 1s);
  EXPECT_FALSE(late_fired.load());
  // A timer counts as pending until its callback has returned, which may be
  // just after `fired` was seen: only the late one stays.
  EXPECT_TRUE(wait_for([&] { return ts.pending() == 1u; }, 2s)) << ts.pending();
}

TEST(timer_test, later_timers_do_not_wake_the_thread) {
  timer_service ts;
  ts.start();
  ts.schedule(clock_type::now() + 10s, [] {});
  std::this_thread::sleep_for(20ms);
  auto before = ts.wakeups();
  auto base = clock_type::now() + 20s;
  for (int i = 0; i < 1000; ++i)
    ts.schedule(base + std::chrono::milliseconds(i), [] {});
  std::this_thread::sleep_for(50ms);
  // Allow one wake-up for a spurious return of the condition variable.
  EXPECT_LE(ts.wakeups() - before, 1u);
  EXPECT_EQ(ts.pending(), 1001u);
  // An earlier one does wake it.
  std::atomic<bool> fired{false};
  ts.schedule(clock_type::now() + 1ms, [&] { fired = true; });
  ASSERT_TRUE(wait_for([&] { return fired.load(); }));
  EXPECT_GT(ts.wakeups(), before);
}

TEST(timer_test, stop_discards_pending_timers) {
  std::atomic<int> alive{0};
  std::atomic<int> calls{0};
  timer_service ts;
  ts.start();
  for (int i = 0; i < 100; ++i)
    ts.schedule(clock_type::now() + 1h, tracker{&alive, &calls});
  EXPECT_EQ(alive.load(), 100);
  EXPECT_EQ(ts.pending(), 100u);
  ts.stop();
  EXPECT_EQ(alive.load(), 0);
  EXPECT_EQ(calls.load(), 0);
  EXPECT_EQ(ts.pending(), 0u);
  // After stop, schedule discards.
  ts.schedule(clock_type::now(), tracker{&alive, &calls});
  EXPECT_EQ(alive.load(), 0);
  EXPECT_EQ(ts.pending(), 0u);
  ts.stop(); // idempotent
}

TEST(timer_test, timers_scheduled_before_start_fire_after_start) {
  timer_service ts;
  std::atomic<int> count{0};
  ts.schedule(clock_type::now() - 1s, [&] { count.fetch_add(1); }); // already due
  ts.schedule(clock_type::now() + 5ms, [&] { count.fetch_add(1); });
  std::this_thread::sleep_for(20ms);
  EXPECT_EQ(count.load(), 0);
  ts.start();
  ASSERT_TRUE(wait_for([&] { return count.load() == 2; }));
}

TEST(timer_test, destructor_discards_without_start) {
  std::atomic<int> alive{0};
  std::atomic<int> calls{0};
  {
    timer_service ts;
    ts.schedule(clock_type::now(), tracker{&alive, &calls});
    ts.schedule(clock_type::now() + 1h, tracker{&alive, &calls});
  }
  EXPECT_EQ(alive.load(), 0);
  EXPECT_EQ(calls.load(), 0);
}

TEST(timer_test, callbacks_may_schedule_timers) {
  timer_service ts;
  ts.start();
  std::atomic<int> hops{0};
  struct chain {
    timer_service* ts;
    std::atomic<int>* hops;
    void operator()() {
      if (hops->fetch_add(1) + 1 < 10)
        ts->schedule(clock_type::now() + 1ms, chain{ts, hops});
    }
  };
  ts.schedule(clock_type::now(), chain{&ts, &hops});
  ASSERT_TRUE(wait_for([&] { return hops.load() == 10; }));
  ts.stop();
}

TEST(timer_test, many_timers_from_many_threads) {
  constexpr int threads = 4;
  constexpr int per_thread = 2500;
  timer_service ts;
  ts.start();
  std::atomic<int> count{0};
  std::vector<std::thread> producers;
  for (int t = 0; t < threads; ++t)
    producers.emplace_back([&, t] {
      std::minstd_rand rng{static_cast<unsigned>(t + 1)};
      for (int i = 0; i < per_thread; ++i)
        ts.schedule(clock_type::now() + std::chrono::microseconds(rng() % 100000),
                    [&count] { count.fetch_add(1, std::memory_order_relaxed); });
    });
  for (auto& p : producers)
    p.join();
  ASSERT_TRUE(wait_for([&] { return count.load() == threads * per_thread; }));
  EXPECT_EQ(ts.pending(), 0u);
  ts.stop();
}

TEST(timer_test, idle_timer_thread_uses_no_wakeups) {
  timer_service ts;
  ts.start();
  std::this_thread::sleep_for(20ms);
  auto before = ts.wakeups();
  std::this_thread::sleep_for(200ms);
  EXPECT_LE(ts.wakeups() - before, 1u);
}

// -- manual clock (deterministic tests) ------------------------------------------------

TEST(timer_test, manual_clock_stands_still_and_fires_only_on_advance) {
  timer_service ts{timer_service::clock_mode::manual};
  ts.start(); // starts no thread
  EXPECT_TRUE(ts.manual());
  auto t0 = ts.now();
  EXPECT_EQ(t0, timer_service::time_point{});
  std::vector<int> order;
  ts.schedule_after(30ms, [&] { order.push_back(3); });
  ts.schedule_after(10ms, [&] { order.push_back(1); });
  ts.schedule_after(10ms, [&] { order.push_back(2); }); // same deadline: scheduling order
  EXPECT_EQ(ts.next_deadline(), t0 + 10ms);
  EXPECT_EQ(ts.advance_to(t0 + 9ms), 0u);
  EXPECT_TRUE(order.empty());
  EXPECT_EQ(ts.advance_to(t0 + 10ms), 2u);
  EXPECT_EQ(order, (std::vector<int>{1, 2}));
  EXPECT_EQ(ts.now(), t0 + 10ms);
  EXPECT_EQ(ts.wakeups(), 0u);
  EXPECT_EQ(ts.advance_to(t0 + 1h), 1u);
  EXPECT_EQ(order, (std::vector<int>{1, 2, 3}));
  EXPECT_EQ(ts.pending(), 0u);
  EXPECT_EQ(ts.next_deadline(), timer_service::time_point::max());
}

TEST(timer_test, manual_clock_runs_timers_scheduled_by_callbacks_when_due) {
  timer_service ts{timer_service::clock_mode::manual};
  std::vector<int> order;
  auto t0 = ts.now();
  ts.schedule_after(5ms, [&] {
    EXPECT_EQ(ts.now(), t0 + 5ms); // the clock stands at this timer's deadline
    order.push_back(1);
    ts.schedule_after(0ms, [&] { order.push_back(2); });  // due at once (5 ms)
    ts.schedule_after(10ms, [&] { order.push_back(4); }); // due at 15 ms
  });
  ts.schedule_after(6ms, [&] { order.push_back(3); });
  EXPECT_EQ(ts.advance_to(t0 + 14ms), 3u);
  EXPECT_EQ(order, (std::vector<int>{1, 2, 3}));
  EXPECT_EQ(ts.advance_to(t0 + 15ms), 1u);
  EXPECT_EQ(order, (std::vector<int>{1, 2, 3, 4}));
}

TEST(timer_test, manual_clock_never_goes_back_and_stop_discards) {
  std::atomic<int> alive{0}, calls{0};
  timer_service ts{timer_service::clock_mode::manual};
  ts.advance_to(ts.now() + 1s);
  auto t1 = ts.now();
  ts.advance_to(t1 - 500ms);
  EXPECT_EQ(ts.now(), t1);
  ts.schedule_after(1ms, tracker{&alive, &calls});
  EXPECT_EQ(alive.load(), 1);
  ts.stop();
  EXPECT_EQ(alive.load(), 0);
  EXPECT_EQ(ts.advance_to(t1 + 1h), 0u);
  EXPECT_EQ(calls.load(), 0);
}

TEST(timer_test, steady_clock_is_the_default) {
  timer_service ts;
  EXPECT_FALSE(ts.manual());
  EXPECT_EQ(ts.advance_to(clock_type::now() + 1h), 0u); // no effect on a real clock
  auto before = clock_type::now();
  EXPECT_GE(ts.now(), before);
}

} // namespace

} // namespace timer_test
