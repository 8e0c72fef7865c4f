// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The logger's settings, part of actor_system_config (`cfg.logger`). Options
// (command line `--logger.name=value` or a config file line `logger.name=value`):
//   logger.verbosity          quiet, error, warning (default), info, debug or trace
//   logger.component-filter   comma-separated components, each `name` or `name:level`;
//                             only the listed ones are written (`*` stands for every
//                             other component); a bare name uses the verbosity.
//                             Empty (default): every component at the verbosity.
//   logger.file               also append every line to this file (default: none)
//   logger.console            auto (default: coloured on a terminal), colored, plain,
//                             or none (on/off: auto/none)
//   logger.unmatched-warning-after
//                             a message that waits unmatched this long is reported
//                             once (default 5s; units ns, us, ms, s, min; 0: never)
#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "troupe/detail/export.hpp"
#include "troupe/error.hpp"
#include "troupe/log_level.hpp"
#include "troupe/log_record.hpp"

namespace troupe {

/// The logger's settings, part of actor_system_config as `cfg.logger`. The options of the command line or a
/// config file that start with "logger." set them through set().
struct TROUPE_CORE_API logger_config {
  /// A component named in the filter; without a level it uses `verbosity`.
  struct component {
    /// The component's name; "*" stands for every component not named otherwise.
    std::string name; // "*": every component not named otherwise
    /// Its own level; without one it uses `verbosity`.
    std::optional<log_level> level;
  };

  /// Whether and how lines go to the console (standard error): `automatic` colours them on a terminal only,
  /// `none` writes none.
  enum class console_mode { automatic, colored, plain, none };

  /// The level of every component without a level of its own (option `logger.verbosity`).
  log_level verbosity = log_level::warning;
  /// Only these components write lines; empty: every component, at `verbosity` (option `logger.component-filter`).
  std::vector<component> component_filter; // empty: all components
  std::string file;                        ///< Also append each line to this file; empty: none (`logger.file`).
  /// Whether and how lines go to the console (option `logger.console`).
  console_mode console = console_mode::automatic;
  /// A message that waits unmatched this long is reported once; 0 never reports (`logger.unmatched-warning-after`).
  std::chrono::nanoseconds unmatched_warning_after = std::chrono::seconds{5};
  /// Called for every line the filter lets through, besides console and file,
  /// one line at a time under the logger's lock (it must not log itself).
  std::function<void(const log_record&)> sink;

  /// Sets one option by its name after the "logger." prefix ("verbosity", ...).
  error set(std::string_view name, const std::string& value);
  /// The help text for the logger's options, as the command-line help lists them.
  static std::string help_text();
};

} // namespace troupe
