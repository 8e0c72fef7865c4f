// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// How important a log line is. A logger writes a line when its level is at
// most the configured verbosity: `warning` writes errors and warnings.
// `quiet` turns a logger (or one component) off.
#include <cstdint>
#include <string_view>

namespace troupe {

/// How important a log line is, from error (the most) to trace (the least). A logger writes a line whose level is
/// at most its configured verbosity: `warning` writes errors and warnings. As a verbosity, `quiet` turns a logger
/// (or one component) off.
enum class log_level : std::uint8_t { quiet = 0, error = 1, warning = 2, info = 3, debug = 4, trace = 5 };

/// The level's name ("warning", ...), as parse_log_level reads it; "?" for a value outside the enum.
constexpr std::string_view to_string(log_level x) noexcept {
  switch (x) {
    case log_level::quiet:
      return "quiet";
    case log_level::error:
      return "error";
    case log_level::warning:
      return "warning";
    case log_level::info:
      return "info";
    case log_level::debug:
      return "debug";
    case log_level::trace:
      return "trace";
  }
  return "?";
}

/// Reads a level by its name ("warning", ...); false for any other text.
constexpr bool parse_log_level(std::string_view text, log_level& out) noexcept {
  for (auto x :
       {log_level::quiet, log_level::error, log_level::warning, log_level::info, log_level::debug, log_level::trace})
    if (to_string(x) == text) {
      out = x;
      return true;
    }
  return false;
}

} // namespace troupe
