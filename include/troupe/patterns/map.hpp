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

template <class Cnt>
class Map : public pattern_tag {
  static_assert(contiguous_container<Cnt>,
                "Map works in place on a contiguous container (std::vector, std::array, ...): one with data() "
                "and size()");

public:
  using range = std::span<typename Cnt::value_type>;

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
  Map& scheduler(PartitionSched::static_) {
    config_.chunk = 0;
    dynamic_ = false;
    return *this;
  }
  /// A chunk of 0 is an error.
  Map& scheduler(PartitionSched::dynamic_ d) {
    config_.chunk = d.chunk;
    dynamic_ = true;
    return *this;
  }
  Map& runtime(Runtime r) {
    config_.runtime = r;
    return *this;
  }

  error check() const {
    if (replicas_ == std::optional<std::size_t>{0})
      return error{sec::invalid_argument, "Map: replicas(0)"};
    if (dynamic_ && config_.chunk == 0)
      return error{sec::invalid_argument, "Map: dynamic partitioning with a chunk size of 0"};
    return {};
  }

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
