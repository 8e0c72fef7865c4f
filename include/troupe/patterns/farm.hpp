// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Farm(pattern): replicas of a pattern working on different inputs of a
// stream. Each input goes to one replica, chosen by the policy (round_robin()
// by default, random(), or a user function). Results leave in the order the
// replicas finish; ordered() makes them leave in input order.
//
//   auto farm = Farm(Seq<worker>{}).replicas(4).policy(round_robin()).ordered();
#include <cstddef>
#include <optional>
#include <utility>

#include "troupe/actor.hpp"
#include "troupe/error.hpp"
#include "troupe/patterns/farm_actor.hpp"
#include "troupe/patterns/farm_policy.hpp"
#include "troupe/patterns/parallel_pattern.hpp"
#include "troupe/patterns/spawn_site.hpp"

namespace troupe::patterns {

/// Replicas of a pattern working on different inputs of a stream: each input goes to the replica the policy picks.
/// Results leave in the order the replicas finish them, or in input order with ordered().
template <class Worker>
class Farm : public pattern_tag {
  static_assert(parallel_pattern<Worker>,
                "a Farm replicates a pattern (Seq, Map, DivConq, Farm or Pipeline); wrap an actor class in Seq<...>");

public:
  /// Replicates `worker`.
  explicit Farm(Worker worker) : worker_(std::move(worker)) {}

  /// Number of replicas (default: one per scheduler worker); 0 is an error.
  Farm& replicas(std::size_t n) {
    replicas_ = n;
    return *this;
  }
  /// Picks the replica for each input (default: round_robin()); an empty function is an error.
  Farm& policy(farm_policy f) {
    policy_ = std::move(f);
    return *this;
  }
  /// Results leave in the order of the inputs (default: as the replicas finish).
  Farm& ordered(bool on = true) {
    ordered_ = on;
    return *this;
  }

  /// The first error of the configuration: replicas(0), an empty policy, or the worker's own check().
  error check() const {
    if (replicas_ == std::optional<std::size_t>{0})
      return error{sec::invalid_argument, "Farm: replicas(0)"};
    if (!policy_)
      return error{sec::invalid_argument, "Farm: empty policy function"};
    return worker_.check();
  }

  /// Spawns the farm's actor at `where`; it spawns the replicas.
  actor spawn(const spawn_site& where) const {
    return where.spawn<detail::farm_actor<Worker>>(worker_, replicas_.value_or(where.default_replicas()), policy_,
                                                   ordered_);
  }

private:
  Worker worker_;
  std::optional<std::size_t> replicas_;
  farm_policy policy_ = round_robin();
  bool ordered_ = false;
};

} // namespace troupe::patterns
