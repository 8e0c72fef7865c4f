// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Flags for spawn<...>(): combinable as spawn<detached + linked>(f).
#include <cstdint>

namespace troupe {

enum class spawn_options : std::uint8_t {
  none = 0,
  detached_flag = 1,  // runs on its own thread instead of the scheduler
  linked_flag = 2,    // the spawning actor links to the new one
  monitored_flag = 4, // the spawning actor monitors the new one
  lazy_init_flag = 8, // initialised and scheduled only when its first message arrives
  hidden_flag = 16,   // not counted by await_all_actors_done()
};

constexpr spawn_options operator+(spawn_options a, spawn_options b) noexcept {
  return static_cast<spawn_options>(static_cast<std::uint8_t>(a) | static_cast<std::uint8_t>(b));
}

constexpr bool has_option(spawn_options set, spawn_options flag) noexcept {
  return (static_cast<std::uint8_t>(set) & static_cast<std::uint8_t>(flag)) != 0;
}

inline constexpr spawn_options no_spawn_options = spawn_options::none;
inline constexpr spawn_options detached = spawn_options::detached_flag;
inline constexpr spawn_options linked = spawn_options::linked_flag;
inline constexpr spawn_options monitored = spawn_options::monitored_flag;
inline constexpr spawn_options lazy_init = spawn_options::lazy_init_flag;
inline constexpr spawn_options hidden = spawn_options::hidden_flag;

/// Passed to the constructor of class-based actors.
struct actor_config {
  spawn_options options = no_spawn_options;
};

} // namespace troupe
