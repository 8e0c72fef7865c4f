// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The base class for class-based event-based actors: override make_behavior().
//
//   class counter : public event_based_actor {
//   public:
//     counter(actor_config& cfg) : event_based_actor(cfg) {}
//     behavior make_behavior() override { return { [this](int x) { n += x; return n; } }; }
//     int n = 0;
//   };
#include "troupe/scheduled_actor.hpp"

namespace troupe {

/// The base class of class-based event-based actors: override make_behavior(). Its constructor takes the
/// actor_config& that spawn passes (or nothing).
class event_based_actor : public scheduled_actor {
public:
  /// Both forms construct the same base: the config that spawn passes is ignored here.
  /// @{
  explicit event_based_actor(actor_config&) noexcept {}
  event_based_actor() noexcept = default;
  /// @}

  /// The initial behavior; an empty one (after no become) ends the actor at once.
  virtual behavior make_behavior() { return {}; }

protected:
  behavior initial_behavior() override { return make_behavior(); }
};

} // namespace troupe
