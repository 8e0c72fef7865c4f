// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// spawn_source: an actor that runs a generator and sends its values to the
// stream's consumer, never more than the consumer asked for. It pulls values
// only when there is demand, one batch per message it handles, so a long
// stream does not keep a worker from the actor's other messages, and it ends
// when the generator returns (the consumer gets the end), when the consumer
// cancels or dies, or with the generator's exception as its exit reason (the
// consumer gets that as the stream's error).
#include <algorithm>
#include <cstdint>
#include <memory>
#include <type_traits>
#include <utility>
#include <vector>

#include "troupe/actor_system.hpp"
#include "troupe/event_based_actor.hpp"
#include "troupe/streams/generator.hpp"
#include "troupe/streams/stream.hpp"
#include "troupe/streams/stream_output.hpp"

namespace troupe::streams {

namespace detail {

using pump_atom = atom_constant<atom("st_pump")>;

template <class T, class Make>
behavior source_behavior(event_based_actor* self, Make make, source_options opts) {
  struct state {
    explicit state(Make m) : make(std::move(m)) {}
    // Kept as long as the generator: a coroutine lambda's captures live in the lambda object.
    Make make;
    generator<T> values;
    stream_output<T> out;
    bool pump_queued = false;
  };
  auto st = std::make_shared<state>(std::move(make));
  st->values = st->make();
  auto pump = [self, st, batch = std::max<std::uint32_t>(opts.batch, 1)] {
    if (!st->out.subscribed() || st->pump_queued || st->out.demand() == 0)
      return;
    auto n = std::min<std::uint64_t>(st->out.demand(), batch);
    std::vector<T> items;
    items.reserve(n);
    bool ended = false;
    try {
      ended = st->values.take(n, items) < n;
    } catch (...) {
      // The values made before the generator threw still go out; the exception ends the actor (its exit
      // reason ends the stream at the consumer).
      if (!items.empty())
        st->out.send(self, std::move(items));
      throw;
    }
    if (!items.empty())
      st->out.send(self, std::move(items));
    if (ended) {
      st->out.finish(self, error{});
      self->quit();
      return;
    }
    if (st->out.demand() > 0) {
      // The next batch in a message of its own: other messages get their turn in between.
      st->pump_queued = true;
      self->send(self, pump_atom::value);
    }
  };
  self->set_down_handler([self, st](down_msg& dm) {
    if (dm.source == st->out.consumer().address())
      self->quit(); // the consumer is gone: nobody takes the rest
  });
  return {
    [self, st, pump](subscribe_atom, std::uint32_t credit) {
      if (st->out.subscribe(self, credit))
        pump();
    },
    [st, pump](demand_atom, std::uint32_t n) {
      st->out.add_demand(n);
      pump();
    },
    [self](cancel_atom) { self->quit(); },
    [st, pump](pump_atom) {
      st->pump_queued = false;
      pump();
    },
  };
}

} // namespace detail

/// Spawns a source of T: `make()` returns the generator<T> whose values the stream carries (called in the new
/// actor, once). At most `opts.batch` values go in one message.
template <class T, class Make>
  requires std::is_same_v<std::invoke_result_t<Make&>, generator<T>> stream<T>
  spawn_source(actor_system& sys, Make make, source_options opts = {}) {
    detail::announce_batches<T>();
    return stream<T>{sys.spawn([make = std::move(make), opts](event_based_actor* self) mutable {
      return detail::source_behavior<T>(self, std::move(make), opts);
    })};
  }

} // namespace troupe::streams
