// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "troupe/scheduler/timer_service.hpp"

#include <algorithm>
#include <utility>

#include "troupe/scheduler/parking.hpp"

namespace troupe::scheduler {

namespace {

// Upper bound for one wait: keeps far-away deadlines (up to time_point::max())
// clear of overflows in the condition variable's clock conversion.
constexpr auto max_wait = std::chrono::hours{1};

} // namespace

timer_service::timer_service(clock_mode mode)
  : manual_(mode == clock_mode::manual), sleeping_until_(time_point::min()) {}

timer_service::~timer_service() {
  stop();
}

void timer_service::start() {
  std::lock_guard guard{mtx_};
  if (started_ || stopped_ || manual_)
    return; // a manual clock needs no thread: advance_to() fires the timers
  started_ = true;
  thread_ = std::thread{[this] { run(); }};
}

void timer_service::stop() {
  std::vector<entry> discarded;
  {
    std::lock_guard guard{mtx_};
    stopped_ = true;
    stopping_.store(true, std::memory_order_relaxed);
  }
  cv_.notify_all();
  if (thread_.joinable())
    thread_.join();
  {
    std::lock_guard guard{mtx_};
    discarded.swap(heap_);
    pending_.fetch_sub(discarded.size(), std::memory_order_relaxed);
  }
  // `discarded` goes out of scope here: callbacks are destroyed, never called.
}

void timer_service::schedule(time_point when, callback f) {
  bool notify = false;
  {
    std::lock_guard guard{mtx_};
    if (stopped_)
      return; // discarded: f is destroyed after the lock is released
    heap_.push_back(entry{when, next_seq_++, std::move(f)});
    std::push_heap(heap_.begin(), heap_.end(), later{});
    pending_.fetch_add(1, std::memory_order_relaxed);
    // Wake the thread only if it sleeps for a later deadline than this one.
    if (when < sleeping_until_) {
      sleeping_until_ = when;
      notify = true;
    }
  }
  if (notify)
    cv_.notify_one();
}

std::size_t timer_service::advance_to(time_point t) {
  if (!manual_)
    return 0;
  // The clock steps through each deadline, so a callback that schedules a timer
  // counts from its own deadline, as if time had passed continuously.
  auto step_to = [this](time_point x) {
    if (x.time_since_epoch().count() > manual_now_.load(std::memory_order_relaxed))
      manual_now_.store(x.time_since_epoch().count(), std::memory_order_release);
  };
  std::size_t fired = 0;
  std::unique_lock guard{mtx_};
  while (!stopped_ && !heap_.empty() && heap_.front().when <= t) {
    std::pop_heap(heap_.begin(), heap_.end(), later{});
    step_to(heap_.back().when);
    auto fn = std::move(heap_.back().fn);
    heap_.pop_back();
    guard.unlock();
    fn();
    fn.reset();
    pending_.fetch_sub(1, std::memory_order_release);
    ++fired;
    guard.lock();
  }
  step_to(t);
  return fired;
}

timer_service::time_point timer_service::next_deadline() const {
  std::lock_guard guard{mtx_};
  return heap_.empty() ? time_point::max() : heap_.front().when;
}

std::size_t timer_service::pending() const {
  return pending_.load(std::memory_order_acquire);
}

void timer_service::run() {
  detail::set_thread_name("troupe.timer");
  std::vector<entry> due;
  std::unique_lock guard{mtx_};
  while (!stopping_.load(std::memory_order_relaxed)) {
    auto now = clock_type::now();
    while (!heap_.empty() && heap_.front().when <= now) {
      std::pop_heap(heap_.begin(), heap_.end(), later{});
      due.push_back(std::move(heap_.back()));
      heap_.pop_back();
    }
    if (!due.empty()) {
      guard.unlock();
      std::size_t done = 0;
      for (auto& e : due) {
        if (stopping_.load(std::memory_order_relaxed))
          break; // stop() discards the rest
        e.fn();
        e.fn.reset();
        pending_.fetch_sub(1, std::memory_order_release); // pending() == 0: effects visible
        ++done;
      }
      pending_.fetch_sub(due.size() - done, std::memory_order_relaxed);
      due.clear(); // destroys discarded callbacks outside of the lock
      guard.lock();
      continue;
    }
    if (heap_.empty()) {
      sleeping_until_ = time_point::max();
      cv_.wait(guard);
    } else {
      auto deadline = heap_.front().when;
      if (deadline - now > max_wait)
        deadline = now + max_wait;
      sleeping_until_ = deadline;
      cv_.wait_until(guard, deadline);
    }
    sleeping_until_ = time_point::min();
    wakeups_.fetch_add(1, std::memory_order_relaxed);
  }
}

} // namespace troupe::scheduler
