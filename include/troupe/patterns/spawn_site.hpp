// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Where a pattern spawns its actors: directly in a system (the outermost
// pattern), or inside the actor of an enclosing pattern, linked to it, so that
// every internal actor terminates with the pattern that owns it.
#include <algorithm>
#include <cstddef>
#include <utility>

#include "troupe/actor.hpp"
#include "troupe/actor_system.hpp"
#include "troupe/local_actor.hpp"
#include "troupe/spawn_options.hpp"

namespace troupe::patterns {

/// Where a pattern spawns its actors: directly in a system (the outermost pattern), or inside the actor of an
/// enclosing pattern, linked to it, so that every internal actor terminates with the pattern that owns it.
class spawn_site {
public:
  /// Spawns in `sys`, unlinked.
  explicit spawn_site(actor_system& sys) noexcept : sys_(&sys) {}
  /// Spawns as children of `parent`, linked to it.
  explicit spawn_site(local_actor* parent) noexcept : sys_(&parent->system()), parent_(parent) {}

  /// Spawns an Impl with arguments `xs` (linked to the parent, if any).
  template <class Impl, class... Ts>
  actor spawn(Ts&&... xs) const {
    if (parent_ != nullptr)
      return parent_->template spawn<Impl, linked>(std::forward<Ts>(xs)...);
    return sys_->template spawn<Impl>(std::forward<Ts>(xs)...);
  }

  /// The system the actors live in.
  actor_system& system() const noexcept { return *sys_; }

  /// The replica count a pattern uses when none was set: one per scheduler worker.
  std::size_t default_replicas() const noexcept { return std::max<std::size_t>(1, sys_->scheduler().num_workers()); }

private:
  actor_system* sys_;
  local_actor* parent_ = nullptr;
};

} // namespace troupe::patterns
