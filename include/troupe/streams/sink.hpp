// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// spawn_sink: an actor that consumes a stream item by item. It subscribes with
// its credit and asks for more as it finishes items, half its credit at a time,
// so its mailbox never holds more than the credit, however fast the producer.
// on_done gets the end: a default error for a normal end, the producer's error
// or exit reason otherwise.
#include <algorithm>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "troupe/actor_system.hpp"
#include "troupe/event_based_actor.hpp"
#include "troupe/streams/stream.hpp"
#include "troupe/streams/upstream_credit.hpp"

namespace troupe::streams {

namespace detail {

template <class T, class OnNext, class OnDone>
behavior sink_behavior(event_based_actor* self, stream<T> in, OnNext on_next, OnDone on_done, flow_options opts) {
  struct state {
    state(OnNext f, OnDone g) : on_next(std::move(f)), on_done(std::move(g)) {}
    OnNext on_next;
    OnDone on_done;
    // The sink's own handle until the stream ends: nobody else need keep it, and a producer that dies drops
    // its reference before the sink hears of it.
    actor alive;
    std::uint32_t done_since_demand = 0;
    bool ended = false;
  };
  auto st = std::make_shared<state>(std::move(on_next), std::move(on_done));
  st->alive = actor_cast<actor>(self);
  auto producer = in.producer();
  auto credit = std::max<std::uint32_t>(opts.credit, 1);
  auto end = [self, st](error reason) {
    if (st->ended)
      return;
    st->ended = true;
    st->on_done(std::move(reason));
    self->quit();
    st->alive = nullptr;
  };
  if (!producer) {
    end(error{sec::invalid_argument, "no stream to consume"});
    return {};
  }
  self->monitor(producer);
  self->send(producer, subscribe_atom::value, credit);
  // A producer that ends sends the end of the stream before its down message, so a down message first means
  // it died (or ended before it took the subscription): the stream ends now, with its exit reason.
  self->set_down_handler([producer, end](down_msg& dm) {
    if (dm.source == producer.address())
      end(producer_lost(dm));
  });
  return {
    [self, st, producer, credit](batch_atom, std::vector<T>& items) {
      for (auto& x : items)
        st->on_next(std::move(x));
      st->done_since_demand += static_cast<std::uint32_t>(items.size());
      if (st->done_since_demand >= std::max<std::uint32_t>(credit / 2, 1)) {
        self->send(producer, demand_atom::value, st->done_since_demand);
        st->done_since_demand = 0;
      }
    },
    [self, producer, end](done_atom, const error& reason) {
      self->demonitor(producer);
      end(reason);
    },
  };
}

} // namespace detail

/// Spawns a consumer of `in`: on_next(T) for each item, in order, then on_done(error) once, with a default
/// error for a normal end. The sink ends after on_done; killing it cancels the stream.
template <class T, class OnNext, class OnDone>
actor spawn_sink(actor_system& sys, stream<T> in, OnNext on_next, OnDone on_done, flow_options opts = {}) {
  detail::announce_batches<T>();
  return sys.spawn([in = std::move(in), on_next = std::move(on_next), on_done = std::move(on_done),
                    opts](event_based_actor* self) mutable {
    return detail::sink_behavior<T>(self, std::move(in), std::move(on_next), std::move(on_done), opts);
  });
}

} // namespace troupe::streams
