// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Receives with a time limit on a scoped_actor, for tests on real threads.
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

/// A system config with `workers` worker threads and `max_throughput` messages
/// per resume (0: the default), small enough for the sanitizers.
inline actor_system_config small_config(std::size_t workers = 2, std::size_t max_throughput = 0) {
  actor_system_config cfg;
  cfg.set_scheduler(workers, max_throughput);
  return cfg;
}

} // namespace troupe::test_support
