// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// DivConq<Cnt>(divide, merge, seq, cond): divide and conquer, in place, on a
// contiguous container. Each sub-problem is a range (DivConq<Cnt>::range, a
// std::span of the elements) and runs in an actor of its own:
//   cond(const range&) -> bool                  true: solve this one sequentially,
//   seq(range&)                                 the sequential solution,
//   divide(range&) -> std::vector<range>        the parts (ranges of the input),
//   merge(std::vector<range>&) -> range         combines the parts' results.
// The pattern takes the container by value and answers with it. The functions
// run concurrently in several actors and must not share mutable state.
#include <functional>
#include <memory>
#include <span>
#include <type_traits>
#include <utility>
#include <vector>

#include "troupe/actor.hpp"
#include "troupe/error.hpp"
#include "troupe/patterns/contiguous_container.hpp"
#include "troupe/patterns/div_conq_actor.hpp"
#include "troupe/patterns/div_conq_functions.hpp"
#include "troupe/patterns/parallel_pattern.hpp"
#include "troupe/patterns/spawn_site.hpp"

namespace troupe::patterns {

/// Divide and conquer, in place, on a contiguous container Cnt. For a range, `cond` says whether to solve it
/// sequentially with `seq`; otherwise `divide` splits it into parts, each solved by an actor of its own, and `merge`
/// combines the parts' results into the range that is the answer. The pattern takes the container by value and answers
/// with it; the functions run concurrently in several actors and must not share mutable state.
template <class Cnt>
class DivConq : public pattern_tag {
  static_assert(contiguous_container<Cnt>,
                "DivConq works in place on a contiguous container (std::vector, std::array, ...): one with data() "
                "and size()");

public:
  /// A sub-problem: a span of the container's elements.
  using range = std::span<typename Cnt::value_type>;

  /// Takes the four functions: divide(range&) -> std::vector<range>, merge(std::vector<range>&) -> range,
  /// seq(range&) and cond(const range&) -> bool (true: solve sequentially). Each range they return must lie inside
  /// the input; one that does not fails the pattern as an exception (std::out_of_range) would.
  template <class Divide, class Merge, class Base, class Cond>
  DivConq(Divide divide, Merge merge, Base seq, Cond cond) {
    static_assert(
      !(std::is_base_of_v<
          pattern_tag,
          Divide> || std::is_base_of_v<pattern_tag, Merge> || std::is_base_of_v<pattern_tag, Base> || std::is_base_of_v<pattern_tag, Cond>),
      "DivConq is a leaf: it takes four functions on ranges, not patterns; compose patterns with "
      "Pipeline or Farm");
    static_assert(std::is_invocable_r_v<std::vector<range>, Divide&, range&>,
                  "DivConq's divide function: range& -> std::vector<range>");
    static_assert(std::is_invocable_r_v<range, Merge&, std::vector<range>&>,
                  "DivConq's merge function: std::vector<range>& -> range");
    static_assert(std::is_invocable_v<Base&, range&>, "DivConq's sequential function: range& -> void");
    static_assert(std::is_invocable_r_v<bool, Cond&, const range&>,
                  "DivConq's condition: const range& -> bool (true: solve sequentially)");
    fns_ = std::make_shared<const detail::div_conq_functions<Cnt>>(
      detail::div_conq_functions<Cnt>{std::move(divide), std::move(merge), std::move(seq), std::move(cond)});
  }

  /// sec::invalid_argument when a function is empty (a null std::function), else no error.
  error check() const {
    if (!fns_->divide || !fns_->merge || !fns_->seq || !fns_->cond)
      return error{sec::invalid_argument, "DivConq: an empty function"};
    return {};
  }

  /// Spawns the DivConq's actor at `where`; for each input it spawns a tree of actors, one per sub-problem.
  actor spawn(const spawn_site& where) const { return where.spawn<detail::div_conq_actor<Cnt>>(fns_); }

private:
  std::shared_ptr<const detail::div_conq_functions<Cnt>> fns_;
};

} // namespace troupe::patterns
