// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The base class of typed event-based actors (typed_actor<Sigs...>::base):
// override make_behavior() returning the typed behavior_type.
//
//   class math_impl : public math::base {
//   public:
//     explicit math_impl(actor_config& cfg) : math::base(cfg) {}
//     behavior_type make_behavior() override { return { ...handlers... }; }
//   };
//
// become() takes only behavior_type, so a typed actor cannot change its interface.
#include "troupe/building_blocks/typed_protocol.hpp"
#include "troupe/scheduled_actor.hpp"
#include "troupe/typed/typed_behavior.hpp"

namespace troupe {

template <class... Sigs>
class typed_actor;

/// The base class of class-based typed actors (typed_actor<Sigs...>::base): override make_behavior() to return the
/// typed behavior_type. become() takes only behavior_type, so the actor cannot change its interface.
template <class... Sigs>
class typed_event_based_actor : public scheduled_actor {
public:
  /// The signatures of its interface.
  using signatures = detail::type_list<Sigs...>;
  /// The behavior make_behavior() returns and become() takes.
  using behavior_type = typed_behavior<Sigs...>;
  /// The handle type that spawning it returns.
  using handle_type = typed_actor<Sigs...>;

  /// The constructor spawn calls; the config is not needed, so a derived class may also use the default one.
  explicit typed_event_based_actor(actor_config&) noexcept {}
  typed_event_based_actor() noexcept = default;

  /// The initial behavior; an empty one ends the actor at once.
  virtual behavior_type make_behavior() { return {}; }

  /// Replaces the current behavior with `bhvr`.
  void become(behavior_type bhvr) { do_become(bhvr.unbox(), true); }
  /// Pushes `bhvr` on top of the current behavior; unbecome() returns to the one below.
  void become(keep_behavior_t, behavior_type bhvr) { do_become(bhvr.unbox(), false); }

protected:
  behavior initial_behavior() final { return make_behavior().unbox(); }
};

} // namespace troupe
