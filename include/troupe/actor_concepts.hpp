// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The kinds of things spawn and send take, named once.
#include <concepts>
#include <type_traits>

#include "troupe/abstract_actor.hpp"
#include "troupe/building_blocks/typed_protocol.hpp"

namespace troupe {

/// A class whose objects are actors: spawn<Impl>(xs...) constructs one. Or a
/// state that names the actor class running it (detail::hosted_state, as
/// composable behaviors do): spawn<Impl>(xs...) then spawns that class.
template <class T>
concept actor_class = std::is_base_of_v<abstract_actor, T> || detail::hosted_state<T>;

/// Anything else spawn accepts in place of a class: a function or function
/// object that sets up an actor (it may take the actor's `self` pointer first).
template <class F>
concept actor_function = !actor_class<F>;

// actor_handle, the concept of a handle, is declared with `actor` (actor.hpp),
// which needs it first.

} // namespace troupe
