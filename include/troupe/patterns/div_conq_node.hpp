// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// One sub-problem of a DivConq: asked for the range [begin, begin + size) of
// the shared container, it solves it sequentially if cond says so; otherwise it
// divides it, spawns a linked node per part, merges their results and answers
// with the merged range. Then it terminates. Ranges travel as (offset, size)
// into the shared container, so no element is copied.
#include <cstddef>
#include <memory>
#include <stdexcept>
#include <utility>
#include <vector>

#include "troupe/behavior.hpp"
#include "troupe/error.hpp"
#include "troupe/infinite.hpp"
#include "troupe/patterns/div_conq_functions.hpp"
#include "troupe/patterns/pattern_actor.hpp"
#include "troupe/patterns/shared_container.hpp"
#include "troupe/spawn_options.hpp"

namespace troupe::patterns::detail {

template <class Cnt>
class div_conq_node final : public pattern_actor {
public:
  using job_ptr = std::shared_ptr<shared_container<Cnt>>;
  using functions_ptr = std::shared_ptr<const div_conq_functions<Cnt>>;
  using range = typename div_conq_functions<Cnt>::range;

  div_conq_node(actor_config& cfg, job_ptr job, functions_ptr fns)
    : pattern_actor(cfg), job_(std::move(job)), fns_(std::move(fns)) {}

  behavior make_behavior() override {
    trap_exits();
    return {[this](std::size_t begin, std::size_t size) { solve(begin, size); }};
  }

private:
  void solve(std::size_t begin, std::size_t size) {
    ticket_ = open_current();
    auto whole = job_->range(begin, size);
    if (guarded([&] { return fns_->cond(whole); })) {
      guarded([&] { fns_->seq(whole); });
      answer(whole);
      return;
    }
    parts_ = guarded([&] { return fns_->divide(whole); });
    outstanding_ = parts_.size();
    if (outstanding_ == 0) {
      answer(guarded([&] { return checked(fns_->merge(parts_)); }));
      return;
    }
    for (std::size_t i = 0; i < parts_.size(); ++i) {
      auto part = guarded([&] { return checked(parts_[i]); });
      auto child = spawn<div_conq_node, linked>(job_, fns_);
      request(child, infinite, job_->offset_of(part), part.size())
        .then([this](error& e) { fail(e); },
              [this, i](std::size_t b, std::size_t n) {
                parts_[i] = job_->range(b, n);
                if (--outstanding_ == 0)
                  answer(guarded([&] { return checked(fns_->merge(parts_)); }));
              });
    }
  }

  /// User functions must return ranges of the input itself.
  range checked(range r) const {
    if (!job_->contains(r))
      throw std::out_of_range("DivConq: a divide or merge function returned a range outside its input");
    return r;
  }

  void answer(range r) {
    close(ticket_).deliver(job_->offset_of(r), r.size());
    quit();
  }

  job_ptr job_;
  functions_ptr fns_;
  std::vector<range> parts_;
  std::size_t outstanding_ = 0;
  ticket ticket_ = 0;
};

} // namespace troupe::patterns::detail
