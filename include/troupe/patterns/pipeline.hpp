// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Pipeline(stages...): a chain of patterns; each stage's result goes to the
// next stage, the last one's back to the sender of the input. Any pattern may
// be a stage.
//
//   Pipeline pipe(Seq<reader>{}, Map<Cnt>(f), Seq<writer>{});
#include <tuple>
#include <utility>

#include "troupe/actor.hpp"
#include "troupe/error.hpp"
#include "troupe/patterns/parallel_pattern.hpp"
#include "troupe/patterns/pipeline_actor.hpp"
#include "troupe/patterns/spawn_site.hpp"

namespace troupe::patterns {

/// A chain of patterns: each stage's result goes to the next stage, the last one's back to the sender of the input.
/// Any pattern may be a stage.
template <class... Stages>
class Pipeline : public pattern_tag {
  static_assert(sizeof...(Stages) > 0, "a Pipeline needs at least one stage");
  static_assert((parallel_pattern<Stages> && ...),
                "every stage of a Pipeline must be a pattern (Seq, Map, DivConq, Farm or Pipeline); wrap an actor "
                "class in Seq<...>");

public:
  /// The stages, in order.
  explicit Pipeline(Stages... stages) : stages_(std::move(stages)...) {}

  /// The first error among the stages' check()s, else no error.
  error check() const {
    return std::apply(
      [](const auto&... stage) {
        error first;
        ((first ? void() : void(first = stage.check())), ...);
        return first;
      },
      stages_);
  }

  /// Spawns the Pipeline's actor at `where`; it spawns one actor per stage.
  actor spawn(const spawn_site& where) const { return where.spawn<detail::pipeline_actor<Stages...>>(stages_); }

private:
  std::tuple<Stages...> stages_;
};

/// Deduces the stage types: Pipeline(Seq<reader>{}, Map<Cnt>(f)).
template <class... Stages>
Pipeline(Stages...) -> Pipeline<Stages...>;

} // namespace troupe::patterns
