// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The runtime's logger: filters lines by level and component and writes each
// accepted line whole (one lock per line) to the console, a file and an
// optional sink. Every actor_system owns one (sys.logger()); code that runs
// without a system logs through logger::fallback(). The TROUPE_LOG_* macros
// (log.hpp) find the right one with logger::current().
//
// A line reads
//   2026-11-23 05:30:12.345 WARNING core actor#7 (ping): text
// in UTC; the actor part appears for lines logged by (or about) an actor.
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <mutex>
#include <string>
#include <string_view>

#include "troupe/detail/export.hpp"
#include "troupe/log_level.hpp"
#include "troupe/logger_config.hpp"

namespace troupe {

class abstract_actor;

namespace detail {

/// The highest level any live logger writes: the TROUPE_LOG_* macros compare
/// with it before evaluating anything (one relaxed load and a compare).
extern TROUPE_CORE_API std::atomic<std::uint8_t> log_threshold;

inline bool log_gate(log_level lvl) noexcept {
  return static_cast<std::uint8_t>(lvl) <= log_threshold.load(std::memory_order_relaxed);
}

} // namespace detail

/// The runtime's logger: filters lines by level and component and writes each accepted line whole (one lock per
/// line) to standard error, a file and logger_config::sink, as configured. Every actor_system owns one
/// (`sys.logger()`); code without a system logs through fallback(). All members may be called from any thread.
class TROUPE_CORE_API logger {
public:
  /// A logger with these settings. If the file cannot be opened it says so on standard error and logs without it.
  explicit logger(logger_config cfg);
  logger(const logger&) = delete;
  logger& operator=(const logger&) = delete;
  ~logger();

  /// Whether some component writes lines of this level: the cheap first test.
  bool accepts(log_level lvl) const noexcept {
    return static_cast<std::uint8_t>(lvl) <= max_level_.load(std::memory_order_relaxed);
  }
  /// Whether `component` writes lines of this level.
  bool accepts(log_level lvl, std::string_view component) const noexcept;

  /// Writes one line if accepted. `about` (may be null) names the actor the
  /// line is about; without it, the actor running on this thread, if any.
  void log(log_level lvl, std::string_view component, std::string_view text, const abstract_actor* about = nullptr);

  /// The level of every component without a level of its own.
  log_level verbosity() const noexcept { return verbosity_.load(std::memory_order_relaxed); }
  /// Changes the level of every component that has none of its own.
  void set_verbosity(log_level lvl);

  /// The settings it was made with (set_verbosity() does not change `config().verbosity`).
  const logger_config& config() const noexcept { return cfg_; }

  /// The logger of the actor running on this thread, else of the system whose
  /// worker this is, else of the default system, else the fallback.
  static logger& current() noexcept;
  /// The process-wide logger for code without an actor system (default settings).
  static logger& fallback() noexcept;
  /// current(), if it writes `component` at `lvl`; nullptr otherwise.
  static logger* find(log_level lvl, std::string_view component) noexcept;

private:
  log_level level_of(std::string_view component) const noexcept;
  void update_max_level();
  void write(const log_record& rec);

  logger_config cfg_;
  std::atomic<log_level> verbosity_;
  std::atomic<std::uint8_t> max_level_{0};
  std::mutex mtx_; // one line at a time, on every output
  std::FILE* file_ = nullptr;
  bool console_ = false;
  bool colored_ = false;
};

} // namespace troupe
