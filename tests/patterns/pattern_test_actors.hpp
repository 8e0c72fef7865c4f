// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Small actor classes and helpers the pattern tests share.
#include <troupe/patterns.hpp>
#include <troupe/troupe.hpp>

#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <map>
#include <mutex>
#include <numeric>
#include <optional>
#include <stdexcept>
#include <utility>
#include <vector>

namespace pattern_test {

using namespace troupe;
using namespace troupe::patterns;
using Cnt = std::vector<std::int64_t>;

// x -> x * factor (factor 2 unless an init function changes it).
class multiplier : public event_based_actor {
public:
  explicit multiplier(actor_config& cfg) : event_based_actor(cfg) {}
  behavior make_behavior() override {
    return {[this](std::int64_t x) { return x * factor; }};
  }
  std::int64_t factor = 2;
};

// x -> x + 1
class incrementer : public event_based_actor {
public:
  explicit incrementer(actor_config& cfg) : event_based_actor(cfg) {}
  behavior make_behavior() override {
    return {[](std::int64_t x) { return x + 1; }};
  }
};

// x -> its own actor id (which replica handled x).
class identifier : public event_based_actor {
public:
  explicit identifier(actor_config& cfg) : event_based_actor(cfg) {}
  behavior make_behavior() override {
    return {[this](std::int64_t) { return static_cast<std::uint64_t>(id()); }};
  }
};

// A container -> the sum of its elements.
class summer : public event_based_actor {
public:
  explicit summer(actor_config& cfg) : event_based_actor(cfg) {}
  behavior make_behavior() override {
    return {[](const Cnt& xs) { return std::accumulate(xs.begin(), xs.end(), std::int64_t{0}); }};
  }
};

// n -> the container 0, 1, ..., n-1.
class iota_maker : public event_based_actor {
public:
  explicit iota_maker(actor_config& cfg) : event_based_actor(cfg) {}
  behavior make_behavior() override {
    return {[](std::int64_t n) {
      Cnt xs(static_cast<std::size_t>(n));
      std::iota(xs.begin(), xs.end(), std::int64_t{0});
      return xs;
    }};
  }
};

// Throws on a negative input, answers x otherwise.
class picky : public event_based_actor {
public:
  explicit picky(actor_config& cfg) : event_based_actor(cfg) {}
  behavior make_behavior() override {
    return {[](std::int64_t x) {
      if (x < 0)
        throw std::invalid_argument("negative input");
      return x;
    }};
  }
};

// x -> x after some work proportional to `cost(x)`, so that replicas finish
// out of order.
class uneven_worker : public event_based_actor {
public:
  explicit uneven_worker(actor_config& cfg) : event_based_actor(cfg) {}
  behavior make_behavior() override {
    return {[](std::int64_t x) {
      volatile std::int64_t sink = 0;
      for (std::int64_t i = 0; i < ((x * 7919) % 13) * 20000; ++i)
        sink = sink + i;
      return x;
    }};
  }
};

// The addresses of the actors a Seq spawned (collected by its init function).
struct spawn_log {
  std::mutex mtx;
  std::vector<actor_addr> spawned;
  template <class A>
  std::function<void(A&)> recorder() {
    return [this](A& a) {
      std::lock_guard<std::mutex> guard{mtx};
      spawned.push_back(a.address());
    };
  }
  std::vector<actor_addr> get() {
    std::lock_guard<std::mutex> guard{mtx};
    return spawned;
  }
};

// Requests `dest` and returns the response if it is one R; an error is stored in *err.
template <class R, class... Ts>
std::optional<R> ask_or_error(scoped_actor& self, const actor& dest, error* err, Ts&&... xs) {
  std::optional<R> result;
  self->request(dest, std::chrono::seconds(30), std::forward<Ts>(xs)...)
    .receive([&](R& r) { result = std::move(r); },
             [&](error& e) {
               if (err != nullptr)
                 *err = e;
             });
  return result;
}

template <class R, class... Ts>
std::optional<R> ask(scoped_actor& self, const actor& dest, Ts&&... xs) {
  return ask_or_error<R>(self, dest, nullptr, std::forward<Ts>(xs)...);
}

inline actor_system_config two_workers() {
  actor_system_config cfg;
  cfg.set_scheduler(2);
  return cfg;
}

// Spawns p and fails the test if that does not work.
template <class P>
actor spawn_ok(actor_system& sys, const P& p) {
  auto x = spawn_pattern(sys, p);
  if (!x) {
    ADD_FAILURE() << "spawn_pattern: " << to_string(x.error());
    return actor{};
  }
  return *x;
}

// Collects down messages; reason(who) waits for the one of `who` (those of
// other actors are kept for later calls).
class down_tracker {
public:
  explicit down_tracker(scoped_actor& self) : self_(self) {}

  error reason(const actor_addr& who) {
    while (seen_.count(who) == 0) {
      bool timed_out = false;
      self_->receive([&](down_msg& dm) { seen_[dm.source] = dm.reason; },
                     after(std::chrono::seconds(30)) >> [&] { timed_out = true; });
      if (timed_out) {
        ADD_FAILURE() << "no down_msg from " << to_string(who);
        return error{};
      }
    }
    return seen_[who];
  }

private:
  scoped_actor& self_;
  std::map<actor_addr, error> seen_;
};

// Waits for the down_msg of `who` (monitored by self) and returns its reason.
inline error down_reason(scoped_actor& self, const actor& who) {
  return down_tracker{self}.reason(who.address());
}

} // namespace pattern_test
