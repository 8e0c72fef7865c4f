// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// spawn_stage: an actor between a producer and a consumer that applies an
// operator (map, filter, buffer) to each item. It subscribes upstream when a
// consumer subscribes to it, with credit of its own, and asks upstream for
// more only while what it asked for and what it holds stay within that credit:
// demand reaches the source no faster than the consumer makes it. Ends travel
// both ways: the upstream's end (after the items before it), a consumer's
// cancel or death (cancels upstream), an upstream that dies (its exit reason
// ends the stream downstream at once).
#include <algorithm>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "troupe/actor_system.hpp"
#include "troupe/event_based_actor.hpp"
#include "troupe/streams/operators.hpp"
#include "troupe/streams/stream.hpp"
#include "troupe/streams/stream_output.hpp"

namespace troupe::streams {

namespace detail {

template <class T, class Op>
behavior stage_behavior(event_based_actor* self, stream<T> in, Op op, flow_options opts) {
  using U = typename Op::template output<T>;
  struct state {
    explicit state(Op o) : op(std::move(o)) {}
    Op op;
    stream_output<U> out;
    std::vector<U> held;           // transformed, not yet asked for downstream
    std::uint64_t outstanding = 0; // asked for upstream, not yet received
    bool upstream_ended = false;
    error upstream_reason;
  };
  auto st = std::make_shared<state>(std::move(op));
  auto upstream = in.producer();
  auto credit = std::max<std::uint32_t>(opts.credit, 1);
  auto ask_upstream = [self, st, upstream, credit] {
    if (st->upstream_ended)
      return;
    auto used = st->outstanding + st->held.size();
    if (used >= credit)
      return;
    auto room = credit - used;
    if (room >= std::max<std::uint32_t>(credit / 2, 1)) {
      st->outstanding += room;
      self->send(upstream, demand_atom::value, static_cast<std::uint32_t>(room));
    }
  };
  auto flush = [self, st, ask_upstream] {
    auto n = std::min<std::uint64_t>(st->out.demand(), st->held.size());
    if (n > 0) {
      std::vector<U> items;
      if (n == st->held.size()) {
        items.swap(st->held);
      } else {
        items.assign(std::make_move_iterator(st->held.begin()), std::make_move_iterator(st->held.begin() + n));
        st->held.erase(st->held.begin(), st->held.begin() + n);
      }
      st->out.send(self, std::move(items));
    }
    if (st->upstream_ended && st->held.empty()) {
      st->out.finish(self, st->upstream_reason);
      self->quit();
      return;
    }
    ask_upstream();
  };
  self->set_down_handler([self, st, upstream](down_msg& dm) {
    if (dm.source == upstream.address()) {
      // An upstream that ends sends the end of the stream before its down message, which may still come
      // after the end while held items wait for demand: then it changes nothing.
      if (st->upstream_ended)
        return;
      // Upstream died: its reason ends the stream downstream now.
      st->out.finish(self, dm.reason
                             ? dm.reason
                             : error{sec::request_receiver_down, "the producer ended without ending the stream"});
      self->quit();
    } else if (dm.source == st->out.consumer().address()) {
      self->send(upstream, cancel_atom::value);
      self->quit();
    }
  });
  return {
    [self, st, upstream, credit](subscribe_atom, std::uint32_t downstream_credit) {
      if (!st->out.subscribe(self, downstream_credit))
        return;
      self->monitor(upstream);
      st->outstanding = credit;
      self->send(upstream, subscribe_atom::value, credit);
    },
    [st, flush](demand_atom, std::uint32_t n) {
      st->out.add_demand(n);
      flush();
    },
    [self, upstream](cancel_atom) {
      self->send(upstream, cancel_atom::value);
      self->quit();
    },
    [st, flush](batch_atom, std::vector<T>& items) {
      st->outstanding -= std::min<std::uint64_t>(st->outstanding, items.size());
      for (auto& x : items)
        st->op(std::move(x), st->held);
      flush();
    },
    [self, st, upstream, flush](done_atom, const error& reason) {
      self->demonitor(upstream);
      st->upstream_ended = true;
      st->upstream_reason = reason;
      flush();
    },
  };
}

} // namespace detail

/// Spawns a stage that consumes `in`, applies `op` (map(f), filter(p), buffer()) to each item and produces the
/// result as a stream of its own. It holds at most `opts.credit` items: asked for upstream, or waiting for its
/// consumer's demand.
template <class T, class Op>
stream<typename Op::template output<T>> spawn_stage(actor_system& sys, stream<T> in, Op op, flow_options opts = {}) {
  using U = typename Op::template output<T>;
  return stream<U>{sys.spawn([in = std::move(in), op = std::move(op), opts](event_based_actor* self) mutable {
    return detail::stage_behavior<T>(self, std::move(in), std::move(op), opts);
  })};
}

} // namespace troupe::streams
