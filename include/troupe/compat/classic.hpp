// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The classic spellings (those of libcppa and CAF 0.x) that troupe keeps beside
// its canonical ones, so that code written against them compiles unchanged;
// docs/api-spellings.md lists every one with its canonical form. <troupe/troupe.hpp>
// includes this header unless TROUPE_NO_CLASSIC_NAMES is defined. Members
// (sync_send, last_received, reply, others()) stay with their classes and
// sb_actor, a class template, with its header.
#include <utility>

#include "troupe/actor_concepts.hpp"
#include "troupe/actor_system.hpp"
#include "troupe/behavior.hpp"
#include "troupe/detail/deprecated.hpp"
#include "troupe/spawn_options.hpp"

namespace troupe {

/// A set of message handlers (canonical: message_handler, or behavior).
using partial_function TROUPE_DEPRECATED("use message_handler, or behavior") = message_handler;

/// spawn(f, xs...) and spawn<Impl>(xs...) without naming a system
/// (`actor ms = spawn(f);`), on actor_system::current() (canonical: sys.spawn or
/// self->spawn). Throws std::logic_error when no actor_system exists.
/// @{
template <spawn_options Os = no_spawn_options, actor_function F, class... Ts>
TROUPE_DEPRECATED("spawn on a system: sys.spawn(...), or self->spawn(...)")
auto spawn(F fun, Ts&&... xs) {
  return detail::implicit_system("spawn").spawn<Os>(std::move(fun), std::forward<Ts>(xs)...);
}

template <actor_class Impl, spawn_options Os = no_spawn_options, class... Ts>
TROUPE_DEPRECATED("spawn on a system: sys.spawn<Impl>(...), or self->spawn<Impl>(...)")
auto spawn(Ts&&... xs) {
  return detail::implicit_system("spawn").spawn<Impl, Os>(std::forward<Ts>(xs)...);
}
/// @}

/// typed_spawn(f, xs...) and typed_spawn<Impl>(xs...) (`math ms = typed_spawn(f);`): spawn restricted to typed
/// actors, on actor_system::current() (canonical: spawn, which returns the typed handle). Throws std::logic_error
/// when no actor_system exists.
/// @{
template <spawn_options Os = no_spawn_options, actor_function F, class... Ts>
TROUPE_DEPRECATED("use sys.spawn: it returns a typed actor's typed handle")
auto typed_spawn(F fun, Ts&&... xs) {
  return detail::implicit_system("typed_spawn").typed_spawn<Os>(std::move(fun), std::forward<Ts>(xs)...);
}

template <actor_class Impl, spawn_options Os = no_spawn_options, class... Ts>
TROUPE_DEPRECATED("use sys.spawn: it returns a typed actor's typed handle")
auto typed_spawn(Ts&&... xs) {
  return detail::implicit_system("typed_spawn").typed_spawn<Impl, Os>(std::forward<Ts>(xs)...);
}
/// @}

} // namespace troupe
