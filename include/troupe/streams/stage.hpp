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
#include "troupe/streams/upstream_credit.hpp"

namespace troupe::streams {

namespace detail {

template <class T, class Op>
behavior stage_behavior(event_based_actor* self, stream<T> in, Op op, flow_options opts) {
  using U = typename Op::template output<T>;
  struct state {
    state(Op o, std::uint32_t credit) : op(std::move(o)), upstream(credit) {}
    Op op;
    stream_output<U> out;
    std::vector<U> held; // transformed, not yet asked for downstream
    upstream_credit upstream;
    bool upstream_ended = false;
    error upstream_reason;
  };
  auto st = std::make_shared<state>(std::move(op), opts.credit);
  auto upstream = in.producer();
  auto flush = [self, st, upstream] {
    st->out.send_held(self, st->held);
    if (st->upstream_ended) {
      if (st->held.empty()) {
        st->out.finish(self, st->upstream_reason);
        self->quit();
      }
      return;
    }
    if (auto more = st->upstream.more(st->held.size()))
      self->send(upstream, demand_atom::value, more);
  };
  self->set_down_handler([self, st, upstream](down_msg& dm) {
    if (dm.source == upstream.address()) {
      // An upstream that ends sends the end of the stream before its down message, which may still come
      // after the end while held items wait for demand: then it changes nothing.
      if (st->upstream_ended)
        return;
      // Upstream died: its reason ends the stream downstream now.
      st->out.finish(self, producer_lost(dm));
      self->quit();
    } else if (dm.source == st->out.consumer().address()) {
      self->send(upstream, cancel_atom::value);
      self->quit();
    }
  });
  return {
    [self, st, upstream](subscribe_atom, std::uint32_t downstream_credit) {
      if (!st->out.subscribe(self, downstream_credit))
        return;
      self->monitor(upstream);
      self->send(upstream, subscribe_atom::value, st->upstream.subscribe());
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
      st->upstream.received(items.size());
      // Maps and filters make at most one item of each: one allocation a batch, not one per doubling.
      st->held.reserve(st->held.size() + items.size());
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

/// Spawns a stage that consumes `in`, applies `op` (map(f), filter(p), buffer(), or several fused with `|`) to each
/// item and produces the result as a stream of its own. It holds at most `opts.credit` items: asked for upstream,
/// or waiting for its consumer's demand.
template <class T, class Op>
stream<typename Op::template output<T>> spawn_stage(actor_system& sys, stream<T> in, Op op, flow_options opts = {}) {
  using U = typename Op::template output<T>;
  detail::announce_batches<U>();
  return stream<U>{sys.spawn([in = std::move(in), op = std::move(op), opts](event_based_actor* self) mutable {
    return detail::stage_behavior<T>(self, std::move(in), std::move(op), opts);
  })};
}

} // namespace troupe::streams
