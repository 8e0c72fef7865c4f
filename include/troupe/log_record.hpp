// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// One log line as a logger hands it to a sink: its parts, and the line as
// written to a file (without colours and without the final newline).
#include <chrono>
#include <string_view>

#include "troupe/actor_control_block.hpp"
#include "troupe/log_level.hpp"

namespace troupe {

/// One log line as a logger hands it to logger_config::sink: its parts, and the whole line.
/// The string views are valid only during the sink call: copy what you keep.
struct log_record {
  /// When the line was logged.
  std::chrono::system_clock::time_point time;
  /// Its level.
  log_level level = log_level::info;
  /// The component it was logged for ("core", "net", ...).
  std::string_view component;
  actor_id actor = 0;          ///< The actor it is about; 0: none (not logged from or about an actor).
  std::string_view actor_name; ///< That actor's name; empty when actor is 0.
  /// The text as logged.
  std::string_view text;
  /// The line as written to a file: time, level, component, actor and text, without colours or final newline.
  std::string_view line;
};

} // namespace troupe
