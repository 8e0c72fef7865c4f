// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The thread's current actor (this_actor()), written by the runtime. Initial
// exec TLS and constant initialisation make each access a single move, also
// in the shared library.
#include "troupe/abstract_actor.hpp"

namespace troupe::detail {

extern constinit thread_local abstract_actor* this_actor_slot __attribute__((tls_model("initial-exec")));

// Makes `self` the current actor for a scope and clears it after. Scopes do
// not nest: a thread runs one actor at a time (a worker's resume, a blocking
// actor's thread), and not restoring a previous value keeps the message path
// at one store on entry and one on exit.
class this_actor_scope {
public:
  explicit this_actor_scope(abstract_actor* self) noexcept { this_actor_slot = self; }
  this_actor_scope(const this_actor_scope&) = delete;
  this_actor_scope& operator=(const this_actor_scope&) = delete;
  ~this_actor_scope() { this_actor_slot = nullptr; }
};

} // namespace troupe::detail
