#pragma once
// Bounded receives on a scoped_actor, for tests that run on real threads.
#include <chrono>

#include <gtest/gtest.h>

#include "troupe/troupe.hpp"

namespace troupe::test_support {

/// Receives one message of type T; a test failure (and T{}) after `limit`.
template <class T>
T receive_one(scoped_actor& self, std::chrono::milliseconds limit = std::chrono::seconds{5}) {
  T result{};
  self->receive([&](const T& x) { result = x; },
                after(limit) >> [] { ADD_FAILURE() << "timed out waiting for a message"; });
  return result;
}

/// Fails the test if any message arrives within `d` (real time: only for
/// tests whose subject is the threads; deterministic tests use disallow or
/// has_message instead).
inline void expect_silence(scoped_actor& self, std::chrono::milliseconds d) {
  self->receive(others >> [&] { ADD_FAILURE() << "unexpected message " << to_string(self->current_message()); },
                after(d) >> [] {});
}

/// A system config with `workers` worker threads and `max_throughput` messages
/// per resume (0: the default), small enough for the sanitizers.
inline actor_system_config small_config(std::size_t workers = 2, std::size_t max_throughput = 0) {
  actor_system_config cfg;
  cfg.set_scheduler(workers, max_throughput);
  return cfg;
}

} // namespace troupe::test_support
