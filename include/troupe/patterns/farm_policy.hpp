// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// How a Farm picks the replica for an input: a function of the input and the
// number of replicas that returns an index (taken modulo the number of
// replicas). round_robin() and random() are the two built-in ones; each farm
// actor runs its own copy of the policy, so a policy may keep state.
#include <cstddef>
#include <functional>
#include <random>

#include "troupe/message.hpp"

namespace troupe::patterns {

/// A Farm's policy: from an input and the number of replicas, the index of the replica for it (taken modulo the
/// number of replicas). Each farm actor runs its own copy, so a policy may keep state.
using farm_policy = std::function<std::size_t(const message& input, std::size_t replicas)>;

/// Replica 0, 1, ..., n-1, 0, ...
inline farm_policy round_robin() {
  return [next = std::size_t{0}](const message&, std::size_t n) mutable { return next++ % n; };
}

/// A uniformly chosen replica. (With `using namespace troupe::patterns`, POSIX's
/// ::random() makes a plain `random()` ambiguous: write patterns::random().)
inline farm_policy random() {
  return [gen = std::minstd_rand{std::random_device{}()}](const message&, std::size_t n) mutable {
    return std::uniform_int_distribution<std::size_t>{0, n - 1}(gen);
  };
}

} // namespace troupe::patterns
