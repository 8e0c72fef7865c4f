// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The base of the data-parallel patterns' actors (Map, DivConq): it takes the
// container by value, works on one input at a time with all of its internal
// actors, and answers with the container. Inputs that arrive meanwhile wait in
// a queue, so the results leave in input order. An input of another type is
// not matched: the core's rule for unmatched messages applies.
#include <deque>
#include <memory>
#include <utility>

#include "troupe/behavior.hpp"
#include "troupe/patterns/pattern_actor.hpp"
#include "troupe/patterns/shared_container.hpp"

namespace troupe::patterns::detail {

template <class Cnt>
class container_pattern_actor : public pattern_actor {
public:
  using job_ptr = std::shared_ptr<shared_container<Cnt>>;

  explicit container_pattern_actor(actor_config& cfg) : pattern_actor(cfg) {}

protected:
  /// Starts work on `job`; calls finish() once the container holds the result.
  virtual void start(const job_ptr& job) = 0;

  behavior input_behavior() {
    return {[this](Cnt& input) {
      waiting_.emplace_back(open_current(), std::move(input));
      if (!current_)
        start_next();
    }};
  }

  void finish() {
    auto job = std::move(current_);
    close(ticket_).deliver(std::move(job->data));
    if (!starting_)
      start_next();
  }

private:
  /// A loop rather than a recursion: start() may finish() at once.
  void start_next() {
    starting_ = true;
    while (!current_ && !waiting_.empty()) {
      ticket_ = waiting_.front().first;
      current_ = std::make_shared<shared_container<Cnt>>(std::move(waiting_.front().second));
      waiting_.pop_front();
      start(current_);
    }
    starting_ = false;
  }

  std::deque<std::pair<ticket, Cnt>> waiting_;
  job_ptr current_;
  ticket ticket_ = 0;
  bool starting_ = false;
};

} // namespace troupe::patterns::detail
