// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Log statements:
//
//   TROUPE_LOG_WARNING("core", "actor " << id << " is slow");
//
// The arguments after the component are streamed (operator<<) into the line.
// A statement whose level no logger writes costs one relaxed load and a
// compare; its arguments are not evaluated. Levels above the compile-time
// floor TROUPE_LOG_LEVEL (1 error ... 5 trace, default 5) compile to nothing:
// `-DTROUPE_LOG_LEVEL=2` keeps only errors and warnings.
#include <sstream>
#include <string_view>

#include "troupe/log_level.hpp"
#include "troupe/logger.hpp"

namespace troupe::detail {

/// Collects one statement's text and hands it to the logger at its end.
class log_line {
public:
  log_line(logger& lg, log_level lvl, std::string_view component) : lg_(lg), lvl_(lvl), component_(component) {}
  log_line(const log_line&) = delete;
  log_line& operator=(const log_line&) = delete;
  ~log_line() {
    try {
      lg_.log(lvl_, component_, std::move(text_).str());
    } catch (...) { // out of memory: the line is lost, the program goes on
    }
  }

  template <class T>
  log_line& operator<<(const T& x) {
    text_ << x;
    return *this;
  }

private:
  logger& lg_;
  log_level lvl_;
  std::string_view component_;
  std::ostringstream text_;
};

} // namespace troupe::detail

#ifndef TROUPE_LOG_LEVEL
#  define TROUPE_LOG_LEVEL 5
#endif

#define TROUPE_LOG_IMPL(lvl, component, ...)                                                                           \
  do {                                                                                                                 \
    if (::troupe::detail::log_gate(lvl)) [[unlikely]] {                                                                \
      if (auto* troupe_logger_ = ::troupe::logger::find(lvl, component)) {                                             \
        ::troupe::detail::log_line troupe_line_{*troupe_logger_, lvl, component};                                      \
        troupe_line_ << __VA_ARGS__;                                                                                   \
      }                                                                                                                \
    }                                                                                                                  \
  } while (false)

#define TROUPE_LOG_DISABLED(component, ...)                                                                            \
  do {                                                                                                                 \
  } while (false)

#if TROUPE_LOG_LEVEL >= 1
#  define TROUPE_LOG_ERROR(component, ...) TROUPE_LOG_IMPL(::troupe::log_level::error, component, __VA_ARGS__)
#else
#  define TROUPE_LOG_ERROR(component, ...) TROUPE_LOG_DISABLED(component, __VA_ARGS__)
#endif
#if TROUPE_LOG_LEVEL >= 2
#  define TROUPE_LOG_WARNING(component, ...) TROUPE_LOG_IMPL(::troupe::log_level::warning, component, __VA_ARGS__)
#else
#  define TROUPE_LOG_WARNING(component, ...) TROUPE_LOG_DISABLED(component, __VA_ARGS__)
#endif
#if TROUPE_LOG_LEVEL >= 3
#  define TROUPE_LOG_INFO(component, ...) TROUPE_LOG_IMPL(::troupe::log_level::info, component, __VA_ARGS__)
#else
#  define TROUPE_LOG_INFO(component, ...) TROUPE_LOG_DISABLED(component, __VA_ARGS__)
#endif
#if TROUPE_LOG_LEVEL >= 4
#  define TROUPE_LOG_DEBUG(component, ...) TROUPE_LOG_IMPL(::troupe::log_level::debug, component, __VA_ARGS__)
#else
#  define TROUPE_LOG_DEBUG(component, ...) TROUPE_LOG_DISABLED(component, __VA_ARGS__)
#endif
#if TROUPE_LOG_LEVEL >= 5
#  define TROUPE_LOG_TRACE(component, ...) TROUPE_LOG_IMPL(::troupe::log_level::trace, component, __VA_ARGS__)
#else
#  define TROUPE_LOG_TRACE(component, ...) TROUPE_LOG_DISABLED(component, __VA_ARGS__)
#endif
