// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// spawn_broadcast and spawn_balance: one producer, a fixed number of
// consumers. A broadcast sends every item to every consumer, as fast as the
// slowest asks; a balance sends each item to one consumer, to whichever has
// demand, so a farm of stages behind it shares the work by how fast each
// goes. Both wait for all their consumers before they subscribe upstream, so
// no consumer misses the start, and hold at most their credit: asked for
// upstream, or waiting for the consumers' demand. A consumer that cancels or
// dies leaves; the others go on, and when the last leaves the upstream is
// cancelled. The upstream's end reaches every consumer after the items before
// it; an upstream that dies ends the stream at every consumer with its exit
// reason.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <utility>
#include <vector>

#include "troupe/actor_system.hpp"
#include "troupe/event_based_actor.hpp"
#include "troupe/streams/stream.hpp"
#include "troupe/streams/upstream_credit.hpp"

namespace troupe::streams {

namespace detail {

enum class fan_out_policy { broadcast, balance };

template <class T>
class fan_out_state {
public:
  fan_out_state(fan_out_policy policy, std::size_t consumers, std::uint32_t credit)
    : policy_(policy), slots_(std::max<std::size_t>(consumers, 1)), upstream_(credit) {}

  /// Takes the current sender as a consumer with `credit`; false when every slot is taken (the sender is
  /// told). True from the subscription that fills the last slot on: then the fan-out subscribes upstream.
  bool subscribe(event_based_actor* self, std::uint32_t credit) {
    auto who = actor_cast<actor>(self->current_sender());
    if (!who)
      return false;
    if (taken_ == slots_) {
      self->send(who, done_atom::value, error{sec::invalid_argument, "the stream has all its consumers already"});
      return false;
    }
    ++taken_;
    self->monitor(who);
    outs_.push_back({std::move(who), credit});
    return taken_ == slots_;
  }

  std::uint32_t first_demand() noexcept {
    started_ = true;
    return upstream_.subscribe();
  }

  void add_demand(const actor_addr& who, std::uint32_t n) {
    if (auto* c = find(who))
      c->demand += n;
  }

  /// Removes a consumer that cancelled or died; true when none is left of all that were expected.
  bool leave(const actor_addr& who) {
    std::erase_if(outs_, [&](const consumer& c) { return c.who.address() == who; });
    return outs_.empty() && taken_ == slots_;
  }

  void take(std::vector<T>& items) {
    upstream_.received(items.size());
    for (auto& x : items)
      held_.push_back(std::move(x));
  }

  /// Sends what the consumers' demand allows; the number of items to ask upstream for (none once it ended).
  std::uint32_t flush(event_based_actor* self) {
    if (!outs_.empty()) {
      if (policy_ == fan_out_policy::broadcast)
        send_to_all(self);
      else
        send_by_demand(self);
    }
    return started_ && !ended_ ? upstream_.more(held_.size()) : 0;
  }

  void upstream_ended() noexcept { ended_ = true; }
  bool ended() const noexcept { return ended_; }
  bool drained() const noexcept { return ended_ && held_.empty(); }

  /// Sends the end of the stream to every consumer.
  void finish(event_based_actor* self, const error& reason) {
    for (auto& c : outs_)
      self->send(c.who, done_atom::value, reason);
    outs_.clear();
  }

private:
  struct consumer {
    actor who;
    std::uint64_t demand;
  };

  consumer* find(const actor_addr& who) {
    for (auto& c : outs_)
      if (c.who.address() == who)
        return &c;
    return nullptr;
  }

  std::vector<T> take_front(std::size_t n) {
    std::vector<T> items;
    items.reserve(n);
    for (std::size_t i = 0; i < n; ++i) {
      items.push_back(std::move(held_.front()));
      held_.pop_front();
    }
    return items;
  }

  void send_to_all(event_based_actor* self) {
    std::uint64_t n = held_.size();
    for (auto& c : outs_)
      n = std::min(n, c.demand);
    if (n == 0)
      return;
    auto items = take_front(n);
    for (std::size_t i = 0; i + 1 < outs_.size(); ++i)
      self->send(outs_[i].who, batch_atom::value, items);
    self->send(outs_.back().who, batch_atom::value, std::move(items));
    for (auto& c : outs_)
      c.demand -= n;
  }

  // Round robin over the consumers with demand, each taking what it asked for, so no consumer is always first.
  void send_by_demand(event_based_actor* self) {
    for (std::size_t k = 0; k < outs_.size() && !held_.empty(); ++k) {
      auto& c = outs_[(next_ + k) % outs_.size()];
      auto n = std::min<std::uint64_t>(c.demand, held_.size());
      if (n == 0)
        continue;
      c.demand -= n;
      self->send(c.who, batch_atom::value, take_front(n));
    }
    next_ = (next_ + 1) % outs_.size();
  }

  fan_out_policy policy_;
  std::size_t slots_;
  std::size_t taken_ = 0;
  std::size_t next_ = 0;
  std::vector<consumer> outs_;
  std::deque<T> held_;
  upstream_credit upstream_;
  bool started_ = false;
  bool ended_ = false;
};

template <class T>
behavior fan_out_behavior(event_based_actor* self, stream<T> in, std::size_t consumers, fan_out_policy policy,
                          flow_options opts) {
  auto st = std::make_shared<fan_out_state<T>>(policy, consumers, opts.credit);
  auto upstream = in.producer();
  auto flush = [self, st, upstream] {
    if (auto more = st->flush(self))
      self->send(upstream, demand_atom::value, more);
    if (st->drained()) {
      st->finish(self, error{});
      self->quit();
    }
  };
  auto leave = [self, st, upstream, flush](const actor_addr& who) {
    if (st->leave(who)) {
      self->send(upstream, cancel_atom::value);
      self->quit();
    } else {
      flush();
    }
  };
  self->set_down_handler([self, st, upstream, leave](down_msg& dm) {
    if (dm.source != upstream.address()) {
      leave(dm.source);
    } else if (!st->ended()) {
      // Upstream died before it ended the stream. (An upstream that ends sends the end first, and its down
      // message may still come while held items wait for demand: then it changes nothing.)
      st->finish(self, producer_lost(dm));
      self->quit();
    }
  });
  return {
    [self, st, upstream](subscribe_atom, std::uint32_t credit) {
      if (!st->subscribe(self, credit))
        return;
      self->monitor(upstream);
      self->send(upstream, subscribe_atom::value, st->first_demand());
    },
    [self, st, flush](demand_atom, std::uint32_t n) {
      st->add_demand(actor_cast<actor_addr>(self->current_sender()), n);
      flush();
    },
    [self, leave](cancel_atom) { leave(actor_cast<actor_addr>(self->current_sender())); },
    [st, flush](batch_atom, std::vector<T>& items) {
      st->take(items);
      flush();
    },
    [self, st, upstream, flush](done_atom, const error& reason) {
      self->demonitor(upstream);
      if (reason) {
        st->finish(self, reason);
        self->quit();
        return;
      }
      st->upstream_ended();
      flush();
    },
  };
}

template <class T>
stream<T> spawn_fan_out(actor_system& sys, stream<T> in, std::size_t consumers, fan_out_policy policy,
                        flow_options opts) {
  announce_batches<T>();
  return stream<T>{sys.spawn([in = std::move(in), consumers, policy, opts](event_based_actor* self) mutable {
    return fan_out_behavior<T>(self, std::move(in), consumers, policy, opts);
  })};
}

} // namespace detail

/// Spawns a broadcast of `in` to `consumers` consumers: each gets every item, in order. It subscribes upstream
/// once all have subscribed, and goes as fast as the slowest; it holds at most `opts.credit` items.
template <class T>
stream<T> spawn_broadcast(actor_system& sys, stream<T> in, std::size_t consumers, flow_options opts = {}) {
  return detail::spawn_fan_out(sys, std::move(in), consumers, detail::fan_out_policy::broadcast, opts);
}

/// Spawns a balance of `in` over `consumers` consumers: each item goes to one of them, to those that ask for
/// more, so faster consumers take more. It subscribes upstream once all have subscribed; it holds at most
/// `opts.credit` items.
template <class T>
stream<T> spawn_balance(actor_system& sys, stream<T> in, std::size_t consumers, flow_options opts = {}) {
  return detail::spawn_fan_out(sys, std::move(in), consumers, detail::fan_out_policy::balance, opts);
}

} // namespace troupe::streams
