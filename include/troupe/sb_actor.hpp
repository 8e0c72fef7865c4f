// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// "State-based" actor: the derived class provides a
// `behavior init_state` member that becomes the initial behavior.
//
//   struct printer : sb_actor<printer> {
//     behavior init_state = { others >> [this] { std::cout << to_string(last_received()); } };
//   };
#include "troupe/event_based_actor.hpp"

namespace troupe {

template <class Derived>
class sb_actor : public event_based_actor {
public:
  using event_based_actor::event_based_actor;

  behavior make_behavior() override { return static_cast<Derived*>(this)->init_state; }
};

} // namespace troupe
