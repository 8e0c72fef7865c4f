// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// spawn_merge: one stream of the items of several, in the order they arrive.
// It subscribes to every input when its consumer subscribes, each with an
// equal share of its credit, and asks an input for more only while what it
// asked for and what it holds stay within that share: a slow consumer slows
// every input. The merged stream ends when every input has ended; an input
// that fails or dies ends it at once with its error, and cancels the others,
// as a consumer that cancels or dies cancels them all.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "troupe/actor_system.hpp"
#include "troupe/event_based_actor.hpp"
#include "troupe/streams/stream.hpp"
#include "troupe/streams/stream_output.hpp"
#include "troupe/streams/upstream_credit.hpp"

namespace troupe::streams {

namespace detail {

template <class T>
behavior merge_behavior(event_based_actor* self, std::vector<stream<T>> ins, flow_options opts) {
  struct input {
    actor producer;
    upstream_credit credit;
    bool ended = false;
  };
  struct state {
    stream_output<T> out;
    std::vector<input> ins;
    std::vector<T> held; // arrived, not yet asked for downstream
    std::size_t open = 0;
  };
  auto st = std::make_shared<state>();
  auto share = std::max<std::uint32_t>(opts.credit / std::max<std::size_t>(ins.size(), 1), 1);
  for (auto& in : ins)
    st->ins.push_back({in.producer(), upstream_credit{share}});
  st->open = st->ins.size();
  auto find = [st](const actor_addr& who) -> input* {
    for (auto& in : st->ins)
      if (in.producer.address() == who)
        return &in;
    return nullptr;
  };
  auto cancel_inputs = [self, st] {
    for (auto& in : st->ins)
      if (!in.ended)
        self->send(in.producer, cancel_atom::value);
  };
  auto fail = [self, st, cancel_inputs](input& in, error reason) {
    in.ended = true;
    cancel_inputs();
    st->out.finish(self, std::move(reason));
    self->quit();
  };
  auto flush = [self, st] {
    st->out.send_held(self, st->held);
    if (st->open == 0) {
      if (st->held.empty()) {
        st->out.finish(self, error{});
        self->quit();
      }
      return;
    }
    for (auto& in : st->ins)
      if (!in.ended)
        if (auto more = in.credit.more(st->held.size()))
          self->send(in.producer, demand_atom::value, more);
  };
  self->set_down_handler([self, st, find, fail, cancel_inputs](down_msg& dm) {
    if (auto* in = find(dm.source)) {
      // An input that ended sent the end first: its down message changes nothing then.
      if (!in->ended)
        fail(*in, producer_lost(dm));
    } else if (dm.source == st->out.consumer().address()) {
      cancel_inputs();
      self->quit();
    }
  });
  return {
    [self, st, flush](subscribe_atom, std::uint32_t downstream_credit) {
      if (!st->out.subscribe(self, downstream_credit))
        return;
      for (auto& in : st->ins) {
        self->monitor(in.producer);
        self->send(in.producer, subscribe_atom::value, in.credit.subscribe());
      }
      flush(); // no inputs: the end at once
    },
    [st, flush](demand_atom, std::uint32_t n) {
      st->out.add_demand(n);
      flush();
    },
    [self, cancel_inputs](cancel_atom) {
      cancel_inputs();
      self->quit();
    },
    [self, st, find, flush](batch_atom, std::vector<T>& items) {
      auto* in = find(actor_cast<actor_addr>(self->current_sender()));
      if (!in || in->ended)
        return;
      in->credit.received(items.size());
      st->held.insert(st->held.end(), std::make_move_iterator(items.begin()), std::make_move_iterator(items.end()));
      flush();
    },
    [self, st, find, fail, flush](done_atom, const error& reason) {
      auto* in = find(actor_cast<actor_addr>(self->current_sender()));
      if (!in || in->ended)
        return;
      self->demonitor(in->producer);
      if (reason) {
        fail(*in, reason);
        return;
      }
      in->ended = true;
      --st->open;
      flush();
    },
  };
}

} // namespace detail

/// Spawns a merge of `ins`: one stream of all their items, each input's in its order, interleaved as they
/// arrive. It holds at most `opts.credit` items, shared equally among the inputs.
template <class T>
stream<T> spawn_merge(actor_system& sys, std::vector<stream<T>> ins, flow_options opts = {}) {
  detail::announce_batches<T>();
  return stream<T>{sys.spawn([ins = std::move(ins), opts](event_based_actor* self) mutable {
    return detail::merge_behavior<T>(self, std::move(ins), opts);
  })};
}

} // namespace troupe::streams
