// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// spawn_pattern(sys, p): checks the configuration of p and of every pattern in
// it, then spawns p's actors. The result is an actor like any other: a request
// gets the output as its response, a plain message's sender gets it as an
// ordinary message. A bad configuration (replicas(0), a zero chunk size, an
// empty function) gives the error instead, and nothing is spawned.
#include "troupe/actor.hpp"
#include "troupe/actor_system.hpp"
#include "troupe/error.hpp"
#include "troupe/expected.hpp"
#include "troupe/patterns/parallel_pattern.hpp"
#include "troupe/patterns/spawn_site.hpp"

namespace troupe::patterns {

/// Checks the configuration of `pattern` and of every pattern in it, then spawns its actors in `sys`. The result is an
/// actor like any other: a request gets the output as its response, a plain message's sender gets it as a message.
/// A bad configuration gives check()'s error and spawns nothing; a system shutting down gives sec::system_shutdown.
template <class P>
expected<actor> spawn_pattern(actor_system& sys, const P& pattern) {
  static_assert(parallel_pattern<P>, "spawn_pattern takes a pattern: Seq, Map, DivConq, Farm or Pipeline");
  if (auto err = pattern.check())
    return err;
  auto handle = pattern.spawn(spawn_site{sys});
  if (!handle)
    return error{sec::system_shutdown, "spawn_pattern: the actor system is shutting down"};
  return handle;
}

} // namespace troupe::patterns
