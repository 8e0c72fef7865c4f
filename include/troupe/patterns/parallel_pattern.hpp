// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// What makes a type a pattern: it derives from pattern_tag, checks its own
// configuration (check(): an error for replicas(0), a zero chunk, ...) and
// spawns its actors at a spawn_site. Seq, Map and DivConq are leaves; Farm
// and Pipeline contain other patterns.
#include <concepts>
#include <type_traits>

#include "troupe/actor.hpp"
#include "troupe/error.hpp"
#include "troupe/patterns/spawn_site.hpp"

namespace troupe::patterns {

/// The base of every pattern (Seq, Map, DivConq, Farm, Pipeline); deriving from it marks a type as a pattern.
struct pattern_tag {};

/// A pattern: derived from pattern_tag, with check() (the first error of its configuration, none when it is
/// fine) and spawn(where) (its actors, spawned at a spawn_site).
template <class T>
concept parallel_pattern = std::is_base_of_v<pattern_tag, std::remove_cvref_t<T>> && requires(
  const std::remove_cvref_t<T>& p, const spawn_site& where) {
  { p.check() } -> std::same_as<error>;
  { p.spawn(where) } -> std::same_as<actor>;
};

} // namespace troupe::patterns
