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

/// The typed actor that runs a composable (or composed) behavior State: spawn<State>(xs...) spawns it. The behavior
/// object is its `state`, so the behavior's members live exactly as long as the actor runs.
template <class State>
class composable_behavior_based_actor : public stateful_actor<State, typename State::actor_base> {
public:
  /// The stateful actor it is.
  using super = stateful_actor<State, typename State::actor_base>;
  /// The typed behavior of State's interface.
  using behavior_type = typename State::behavior_type;

  /// Builds the state (the behavior object) from xs...; called by spawn.
  template <class... Ts>
  explicit composable_behavior_based_actor(actor_config& cfg, Ts&&... xs) : super(cfg, std::forward<Ts>(xs)...) {}

  /// Sets the state's `self` to this actor and builds the behavior from the state's handlers, one per signature.
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
