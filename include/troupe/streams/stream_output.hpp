// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The producing side of a stream inside a source or a stage actor: who
// consumes it, how many items it may still send, and the end, sent once.
#include <algorithm>
#include <cstdint>
#include <iterator>
#include <utility>
#include <vector>

#include "troupe/error.hpp"
#include "troupe/event_based_actor.hpp"
#include "troupe/streams/stream.hpp"

namespace troupe::streams::detail {

template <class T>
class stream_output {
public:
  /// Takes the subscription of the message `self` is handling (its sender, with `credit`); false if the stream
  /// has a consumer already, which the sender is told with the end of the stream.
  bool subscribe(event_based_actor* self, std::uint32_t credit) {
    auto who = actor_cast<actor>(self->current_sender());
    if (consumer_ || !who) {
      if (who)
        self->send(who, done_atom::value, error{sec::invalid_argument, "the stream has a consumer already"});
      return false;
    }
    consumer_ = std::move(who);
    demand_ = credit;
    self->monitor(consumer_);
    return true;
  }

  void add_demand(std::uint32_t n) noexcept { demand_ += n; }
  std::uint64_t demand() const noexcept { return demand_; }
  bool subscribed() const noexcept { return static_cast<bool>(consumer_); }
  const actor& consumer() const noexcept { return consumer_; }

  /// Sends `items` (no more than demand()).
  void send(event_based_actor* self, std::vector<T> items) {
    demand_ -= std::min<std::uint64_t>(demand_, items.size());
    self->send(consumer_, batch_atom::value, std::move(items));
  }

  /// Sends as many of `held` as the demand allows, from the front, and removes them from it.
  void send_held(event_based_actor* self, std::vector<T>& held) {
    auto n = std::min<std::uint64_t>(demand_, held.size());
    if (n == 0)
      return;
    std::vector<T> items;
    if (n == held.size()) {
      items.swap(held);
    } else {
      items.assign(std::make_move_iterator(held.begin()), std::make_move_iterator(held.begin() + n));
      held.erase(held.begin(), held.begin() + n);
    }
    send(self, std::move(items));
  }

  /// Sends the end of the stream (once): `reason` none for a normal end.
  void finish(event_based_actor* self, error reason) {
    if (finished_ || !consumer_)
      return;
    finished_ = true;
    self->send(consumer_, done_atom::value, std::move(reason));
  }

private:
  actor consumer_;
  std::uint64_t demand_ = 0;
  bool finished_ = false;
};

} // namespace troupe::streams::detail
