// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The actor of a Farm: it spawns the replicas and hands each input to the one
// its policy picks. Unordered, the input is delegated: the replica answers the
// sender itself, and results leave in the order the replicas finish. Ordered,
// the farm asks the replica and holds each result back until the results of
// all earlier inputs have gone out.
#include <cstddef>
#include <deque>
#include <utility>

#include "troupe/actor.hpp"
#include "troupe/behavior.hpp"
#include "troupe/error.hpp"
#include "troupe/infinite.hpp"
#include "troupe/match/on.hpp"
#include "troupe/message.hpp"
#include "troupe/patterns/farm_policy.hpp"
#include "troupe/patterns/pattern_actor.hpp"
#include "troupe/patterns/spawn_site.hpp"

namespace troupe::patterns::detail {

template <class Worker>
class farm_actor final : public pattern_actor {
public:
  farm_actor(actor_config& cfg, Worker worker, std::size_t replicas, farm_policy policy, bool ordered)
    : pattern_actor(cfg), worker_(std::move(worker)), replicas_(replicas), policy_(std::move(policy)),
      ordered_(ordered) {}

  behavior make_behavior() override {
    trap_exits();
    for (std::size_t i = 0; i < replicas_; ++i)
      adopt(worker_.spawn(spawn_site{this}));
    if (!ordered_)
      return {others >> [this] {
        const auto& dest = pick();
        delegate(dest, take_current());
      }};
    return {others >> [this] { dispatch_ordered(); }};
  }

private:
  struct slot {
    ticket id;
    message result;
    bool done = false;
  };

  void dispatch_ordered() {
    const auto& dest = pick();
    auto seq = first_seq_ + slots_.size();
    slots_.push_back(slot{open_current(), message{}, false});
    request(dest, infinite, take_current())
      .then([this](error& e) { fail(e); }, others >>
                                             [this, seq] {
                                               auto& s = slots_[seq - first_seq_];
                                               s.result = take_current();
                                               s.done = true;
                                               flush();
                                             });
  }

  /// The replica the policy picks for the current input.
  const actor& pick() {
    const auto& replicas = internals();
    return replicas[policy_(current_message(), replicas.size()) % replicas.size()];
  }

  /// Sends the results that no earlier input waits for any more.
  void flush() {
    while (!slots_.empty() && slots_.front().done) {
      close(slots_.front().id).deliver(std::move(slots_.front().result));
      slots_.pop_front();
      ++first_seq_;
    }
  }

  Worker worker_;
  std::size_t replicas_;
  farm_policy policy_;
  bool ordered_;
  std::deque<slot> slots_;
  std::size_t first_seq_ = 0; // input number of slots_.front()
};

} // namespace troupe::patterns::detail
