// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// composable_behavior_based_actor<State>: the typed actor that runs a
// composable (or composed) behavior. spawn<State>(xs...) spawns it; State is
// its `state`, built from xs..., so the behavior's members live exactly as
// long as the actor runs, as a stateful actor's state does.
#include <tuple>
#include <type_traits>
#include <utility>

#include "troupe/stateful_actor.hpp"

namespace troupe {

template <class State>
class composable_behavior_based_actor : public stateful_actor<State, typename State::actor_base> {
public:
  using super = stateful_actor<State, typename State::actor_base>;
  using behavior_type = typename State::behavior_type;

  template <class... Ts>
  explicit composable_behavior_based_actor(actor_config& cfg, Ts&&... xs) : super(cfg, std::forward<Ts>(xs)...) {}

  behavior_type make_behavior() override {
    // The handlers call into the state and use its `self`, so both must be
    // in place before the first message.
    this->state.bind_self(this);
    return std::apply([](auto&&... handlers) { return behavior_type{std::move(handlers)...}; },
                      this->state.make_handlers());
  }
};

namespace detail {

/// What spawn<State>() runs (State::host_actor<State>); checked here, before
/// the actor class is instantiated, so that the first error says what is wrong.
template <class State>
struct composable_host {
  static_assert(!std::is_abstract_v<State>,
                "this composable behavior is abstract: it must override operator() for every signature of its "
                "interface, with the parameters param_t<T> of the signature's inputs");
  using type = composable_behavior_based_actor<State>;
};

} // namespace detail

} // namespace troupe
