// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Map<Cnt>(f): applies f to every element of a contiguous container, in
// parallel and in place. f takes a range (std::span of the elements) and
// changes its elements; the pattern takes the container by value and answers
// with it. f runs on several workers at once, each with its own copy of f.
//
//   auto map = Map<std::vector<int64_t>>([](auto range) { for (auto& x : range) x *= 2; })
//                .replicas(3)                             // default: one per scheduler worker
//                .scheduler(PartitionSched::dynamic_{64}) // default: PartitionSched::static_()
//                .runtime(Runtime::threads);              // default: Runtime::actors
#include <cstddef>
#include <functional>
#include <optional>
#include <span>
#include <type_traits>
#include <utility>

#include "troupe/actor.hpp"
#include "troupe/error.hpp"
#include "troupe/patterns/contiguous_container.hpp"
#include "troupe/patterns/map_actor.hpp"
#include "troupe/patterns/parallel_pattern.hpp"
#include "troupe/patterns/partition_sched.hpp"
#include "troupe/patterns/runtime.hpp"
#include "troupe/patterns/spawn_site.hpp"

namespace troupe::patterns {

/// Applies a function to every element of a contiguous container Cnt, in parallel and in place. The function takes
/// a range (a span of the elements) and changes its elements; the pattern takes the container by value and answers
/// with it. The function runs on several workers at once, each with its own copy of it.
template <class Cnt>
class Map : public pattern_tag {
  static_assert(contiguous_container<Cnt>,
                "Map works in place on a contiguous container (std::vector, std::array, ...): one with data() "
                "and size()");

public:
  /// A part of the input: a span of the container's elements.
  using range = std::span<typename Cnt::value_type>;

  /// Takes `f`, callable with a range; it must touch only the range it is given.
  template <class F>
    requires(!std::is_same_v<std::remove_cvref_t<F>, Map>)
  explicit Map(F f) {
    static_assert(!std::is_base_of_v<pattern_tag, F>,
                  "Map is a leaf: it takes a function on a range of elements, not a pattern; compose patterns with "
                  "Pipeline or Farm");
    static_assert(std::is_invocable_v<F&, range>, "Map's function must be callable with a range (std::span) of the "
                                                  "container's elements");
    config_.fn = std::move(f);
  }

  /// Number of workers (default: one per scheduler worker); 0 is an error.
  Map& replicas(std::size_t n) {
    replicas_ = n;
    return *this;
  }
  /// Partitions the input statically (the default): one contiguous part per worker, of equal size up to one element.
  Map& scheduler(PartitionSched::static_) {
    config_.chunk = 0;
    dynamic_ = false;
    return *this;
  }
  /// Partitions the input dynamically: the workers take chunks of d.chunk elements from a shared counter until none
  /// is left. A chunk of 0 is an error.
  Map& scheduler(PartitionSched::dynamic_ d) {
    config_.chunk = d.chunk;
    dynamic_ = true;
    return *this;
  }
  /// What runs the workers (default: Runtime::actors).
  Map& runtime(Runtime r) {
    config_.runtime = r;
    return *this;
  }

  /// The first error of the configuration: replicas(0) or a dynamic chunk of 0.
  error check() const {
    if (replicas_ == std::optional<std::size_t>{0})
      return error{sec::invalid_argument, "Map: replicas(0)"};
    if (dynamic_ && config_.chunk == 0)
      return error{sec::invalid_argument, "Map: dynamic partitioning with a chunk size of 0"};
    return {};
  }

  /// Spawns the Map's actor at `where`; it spawns the workers.
  actor spawn(const spawn_site& where) const {
    auto config = config_;
    config.replicas = replicas_.value_or(where.default_replicas());
    return where.spawn<detail::map_actor<Cnt>>(std::move(config));
  }

private:
  detail::map_config<Cnt> config_;
  std::optional<std::size_t> replicas_;
  bool dynamic_ = false;
};

} // namespace troupe::patterns
