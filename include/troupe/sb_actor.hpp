// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// "State-based" actor: the derived class provides a
// `behavior init_state` member that becomes the initial behavior.
//
//   struct printer : sb_actor<printer> {
//     behavior init_state = { others >> [this] { std::cout << to_string(last_received()); } };
//   };
#include "troupe/detail/deprecated.hpp"
#include "troupe/event_based_actor.hpp"

namespace troupe {

/// Classic spelling of a class overriding make_behavior(): a "state-based" actor whose Derived provides a
/// `behavior init_state` member that becomes the initial behavior.
template <class Derived>
class TROUPE_DEPRECATED("override make_behavior(), or use stateful_actor<State>") sb_actor : public event_based_actor {
public:
  /// The constructors of event_based_actor.
  using event_based_actor::event_based_actor;

  /// Returns Derived's `init_state`.
  behavior make_behavior() override { return static_cast<Derived*>(this)->init_state; }
};

} // namespace troupe
