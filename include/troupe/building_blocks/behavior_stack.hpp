// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The behavior stack of an actor. Nearly every actor has exactly one behavior,
// so the top lives inline and only deeper entries (become(keep_behavior, ...))
// go to the heap. A behavior popped while its handler is still running is kept
// in `retired` until the handler returns, so the hot path need not copy (and
// reference-count) the running behavior for every message.
#include <memory>
#include <utility>
#include <vector>

#include "troupe/behavior.hpp"

namespace troupe::detail {

class behavior_stack {
public:
  bool empty() const noexcept { return !top_; }
  behavior& back() noexcept { return top_; }

  void push_back(behavior b) {
    if (top_) {
      if (!below_)
        below_ = std::make_unique<std::vector<behavior>>();
      below_->push_back(std::move(top_));
    }
    top_ = std::move(b);
  }

  /// Pops the top. Inside a handler the first pop removes the behavior that is
  /// running, so it is kept alive in `retired` until the handler returns.
  void pop_back(bool in_handler, behavior& retired) {
    if (in_handler && !retired)
      retired = std::move(top_);
    if (below_ && !below_->empty()) {
      top_ = std::move(below_->back());
      below_->pop_back();
    } else {
      top_ = behavior{};
    }
  }

  void clear() noexcept {
    top_ = behavior{};
    below_.reset();
  }

private:
  behavior top_;
  std::unique_ptr<std::vector<behavior>> below_;
};

} // namespace troupe::detail
