// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "troupe/scoped_actor.hpp"

#include "troupe/actor_system.hpp"

#include <stdexcept>

namespace troupe {

scoped_actor::scoped_actor(actor_system& sys)
  : self_(detail::spawner::make_actor<blocking_actor, hidden>(sys).first.ptr()) {
  if (!self_)
    throw std::logic_error("scoped_actor: the actor system is shutting down");
}

scoped_actor::~scoped_actor() {
  if (self_)
    ptr()->finish(exit_reason::normal);
}

} // namespace troupe
