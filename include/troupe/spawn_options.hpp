// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Flags for spawn<...>(): combinable as spawn<detached + linked>(f).
#include <cstdint>

namespace troupe {

/// A set of flags for spawn<...>(): combine them with `+` (spawn<detached + linked>(f)), test one with has_option.
/// Code names the flags through the constants (detached, linked, ...), not through the enumerators.
enum class spawn_options : std::uint8_t {
  none = 0,           ///< no flag (no_spawn_options)
  detached_flag = 1,  ///< runs on its own thread instead of the scheduler
  linked_flag = 2,    ///< the spawning actor links to the new one
  monitored_flag = 4, ///< the spawning actor monitors the new one
  lazy_init_flag = 8, ///< initialised and scheduled only when its first message arrives
  hidden_flag = 16,   ///< not counted by await_all_actors_done()
};

/// The union of two flag sets: detached + linked.
constexpr spawn_options operator+(spawn_options a, spawn_options b) noexcept {
  return static_cast<spawn_options>(static_cast<std::uint8_t>(a) | static_cast<std::uint8_t>(b));
}

/// Whether `set` contains `flag` (a single flag; for a combination, whether it shares any flag with `set`).
constexpr bool has_option(spawn_options set, spawn_options flag) noexcept {
  return (static_cast<std::uint8_t>(set) & static_cast<std::uint8_t>(flag)) != 0;
}

/// No flag, the default: scheduled at once, not linked, not monitored, counted by await_all_actors_done().
inline constexpr spawn_options no_spawn_options = spawn_options::none;
/// The new event-based actor runs on a thread of its own instead of the scheduler.
inline constexpr spawn_options detached = spawn_options::detached_flag;
/// The spawning actor links to the new one. Needs a spawning actor (self->spawn<linked>(...)): the entry points
/// without one reject it at compile time.
inline constexpr spawn_options linked = spawn_options::linked_flag;
/// The spawning actor monitors the new one; like linked, it needs a spawning actor.
inline constexpr spawn_options monitored = spawn_options::monitored_flag;
/// The new event-based actor is initialised and scheduled only when its first message arrives.
inline constexpr spawn_options lazy_init = spawn_options::lazy_init_flag;
/// The new actor is not counted by await_all_actors_done(), so the actor system's destructor does not wait for it.
inline constexpr spawn_options hidden = spawn_options::hidden_flag;

/// Passed to the constructor of class-based actors.
struct actor_config {
  /// The options the actor was spawned with.
  spawn_options options = no_spawn_options;
};

} // namespace troupe
