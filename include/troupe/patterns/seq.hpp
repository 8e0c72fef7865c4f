// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Seq<A>: a factory of the user's actor class A (an event_based_actor
// subclass), so that the same actor can take its place in several points of a
// composition. An optional init function runs on the new actor before its
// first behavior, in the actor's own context.
//
//   Seq<reader> s1;
//   Seq<reader> s2([](reader& r) { r.limit = 10; });
#include <functional>
#include <type_traits>
#include <utility>

#include "troupe/actor.hpp"
#include "troupe/behavior.hpp"
#include "troupe/error.hpp"
#include "troupe/event_based_actor.hpp"
#include "troupe/patterns/parallel_pattern.hpp"
#include "troupe/patterns/spawn_site.hpp"

namespace troupe::patterns {

namespace detail {

/// A at its first run calls the init function, then A's own make_behavior.
template <class A>
class initialized_actor final : public A {
public:
  initialized_actor(actor_config& cfg, std::function<void(A&)> init) requires std::is_constructible_v<A, actor_config&>
    : A(cfg), init_(std::move(init)) {}
  initialized_actor(actor_config&, std::function<void(A&)> init) requires(!std::is_constructible_v<A, actor_config&>)
    : init_(std::move(init)) {}

  behavior make_behavior() override {
    init_(static_cast<A&>(*this));
    return A::make_behavior();
  }

private:
  std::function<void(A&)> init_;
};

} // namespace detail

/// A factory of the user's actor class A (an event_based_actor subclass), so that the same actor can take its place in
/// several points of a composition. An optional init function runs on each new actor before its first behavior, in
/// the actor's own context.
template <class A>
class Seq : public pattern_tag {
  static_assert(!std::is_base_of_v<pattern_tag, A>,
                "Seq is a leaf: it wraps an actor class, not a pattern; compose patterns with Pipeline or Farm");
  static_assert(std::is_base_of_v<event_based_actor, A>, "Seq wraps an actor class derived from event_based_actor");

public:
  /// The actor class.
  using actor_type = A;
  /// What runs on each new actor before A::make_behavior.
  using init_function = std::function<void(A&)>;

  /// Spawns plain A actors.
  Seq() = default;
  /// Runs `init` on each new actor first; an empty function counts as none.
  explicit Seq(init_function init) : init_(std::move(init)) {}

  /// No error: a Seq has nothing to configure.
  error check() const { return {}; }

  /// Spawns an A (with the init function, if any) at `where`.
  actor spawn(const spawn_site& where) const {
    if (!init_)
      return where.spawn<A>();
    return where.spawn<detail::initialized_actor<A>>(init_);
  }

private:
  init_function init_;
};

} // namespace troupe::patterns
