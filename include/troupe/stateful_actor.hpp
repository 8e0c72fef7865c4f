// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// An event-based actor with a `state` member that is destroyed as soon as the
// actor terminates (not when the last handle goes away).
#include <new>
#include <utility>

#include "troupe/event_based_actor.hpp"

namespace troupe {

/// An event-based actor (or a Base derived from one) with a `state` member of type State that is destroyed as soon
/// as the actor terminates, not when the last handle goes away.
template <class State, class Base = event_based_actor>
class stateful_actor : public Base {
public:
  /// Constructs Base from `cfg` and `state` from `xs`.
  template <class... Ts>
  explicit stateful_actor(actor_config& cfg, Ts&&... xs) : Base(cfg) {
    new (&state) State(std::forward<Ts>(xs)...);
  }
  /// Default-constructs `state`.
  stateful_actor() : stateful_actor(default_config()) {}

  ~stateful_actor() override {
    if (!state_destroyed_)
      state.~State();
  }

  /// Lives in a union so that on_exit() can end its lifetime early.
  union {
    /// The state; do not touch it once the actor has terminated.
    State state;
  };

protected:
  /// Runs Base::on_exit(), then destroys `state`.
  void on_exit() override {
    Base::on_exit();
    if (!state_destroyed_) {
      state_destroyed_ = true;
      state.~State();
    }
  }

private:
  static actor_config& default_config() {
    static thread_local actor_config cfg;
    return cfg;
  }
  bool state_destroyed_ = false;
};

} // namespace troupe
