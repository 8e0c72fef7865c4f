// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Adds the tracked actors up by name, in one walk of the tracker: the per-kind
// rows of metrics and dashboards.
#include <cstddef>
#include <vector>

#include "troupe/detail/actor_tracker.hpp"
#include "troupe/inspection/actor_group.hpp"
#include "troupe/inspection/busy_actor.hpp"

namespace troupe::inspection {

/// The largest number of names reported; the rest add up in one group.
inline constexpr std::size_t max_actor_groups = 256;

/// The name of the group that holds the actors of the names beyond max_actor_groups.
inline constexpr const char* other_actors_group = "(other)";

/// How many of a node's busiest actors its statistics name.
inline constexpr std::size_t max_busy_actors = 5;

/// The live tracked actors by name, deepest mailbox first (then most actors, then name). With `busiest`, in the
/// same walk: the max_busy_actors actors with the deepest mailboxes (then the most messages handled), busiest first.
/// With `timings`, in the same walk: the sampled timings of every tracked actor, live or ended, added up.
std::vector<actor_group> group_actors(detail::actor_tracker& tracker, std::vector<busy_actor>* busiest = nullptr,
                                      detail::retired_timing* timings = nullptr);

} // namespace troupe::inspection
