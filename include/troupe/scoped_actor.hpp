// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// A blocking actor bound to a scope in non-actor code ("everything is an
// actor"): it can send, request and receive; it terminates (normally) when the
// scope ends.
#include "troupe/actor.hpp"
#include "troupe/blocking_actor.hpp"
#include "troupe/detail/export.hpp"

namespace troupe {

class actor_system;

/// A blocking actor bound to a scope in code that is no actor: it can send, request and receive, and terminates
/// normally when the scope ends. It is hidden, so it does not hold up actor_system::await_all_actors_done().
class TROUPE_CORE_API scoped_actor {
public:
  /// Spawns the actor in `sys`; throws std::logic_error when `sys` is shutting down.
  explicit scoped_actor(actor_system& sys);
  scoped_actor(const scoped_actor&) = delete;
  scoped_actor& operator=(const scoped_actor&) = delete;
  /// Terminates the actor with exit_reason::normal.
  ~scoped_actor();

  /// The blocking actor, for send(), request(), receive() and the rest.
  /// @{
  blocking_actor* operator->() const noexcept { return ptr(); }
  blocking_actor& operator*() const noexcept { return *ptr(); }
  blocking_actor* ptr() const noexcept { return static_cast<blocking_actor*>(self_->get()); }
  /// @}
  /// Its control block.
  actor_control_block* ctrl() const noexcept { return self_.get(); }
  /// Its address.
  actor_addr address() const noexcept { return actor_addr{self_.get()}; }
  /// Its id.
  actor_id id() const noexcept { return self_->id(); }

private:
  strong_actor_ptr self_;
};

} // namespace troupe
