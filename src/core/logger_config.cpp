// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "troupe/logger_config.hpp"

#include <charconv>
#include <cstdint>

namespace troupe {

namespace {

// "250ms", "5s", "2min", "0"; false for anything else.
bool parse_duration(std::string_view text, std::chrono::nanoseconds& out) {
  std::uint64_t n = 0;
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (ec != std::errc{} || ptr == text.data())
    return false;
  std::string_view unit{ptr, static_cast<std::size_t>(text.data() + text.size() - ptr)};
  using namespace std::chrono;
  constexpr std::uint64_t max_count = 1'000'000'000'000ULL; // keeps every unit below the nanosecond range
  if (n > max_count)
    return false;
  if (unit == "ns" || (unit.empty() && n == 0))
    out = nanoseconds{n};
  else if (unit == "us")
    out = microseconds{n};
  else if (unit == "ms")
    out = milliseconds{n};
  else if (unit == "s")
    out = seconds{n};
  else if (unit == "min")
    out = minutes{n};
  else
    return false;
  return true;
}

// "core,net:debug,*:error" into its components; false on a bad entry.
bool parse_filter(std::string_view text, std::vector<logger_config::component>& out) {
  std::vector<logger_config::component> result;
  while (!text.empty()) {
    auto comma = text.find(',');
    auto entry = text.substr(0, comma);
    text = comma == std::string_view::npos ? std::string_view{} : text.substr(comma + 1);
    while (!entry.empty() && entry.front() == ' ')
      entry.remove_prefix(1);
    while (!entry.empty() && entry.back() == ' ')
      entry.remove_suffix(1);
    if (entry.empty())
      return false;
    logger_config::component c;
    auto colon = entry.find(':');
    c.name = std::string{entry.substr(0, colon)};
    if (c.name.empty())
      return false;
    if (colon != std::string_view::npos) {
      log_level lvl{};
      if (!parse_log_level(entry.substr(colon + 1), lvl))
        return false;
      c.level = lvl;
    }
    result.push_back(std::move(c));
  }
  out = std::move(result);
  return true;
}

} // namespace

error logger_config::set(std::string_view name, const std::string& value) {
  auto bad = [&](std::string_view expected) {
    return error{sec::invalid_argument,
                 "logger." + std::string{name} + "=" + value + " (expected " + std::string{expected} + ")"};
  };
  if (name == "verbosity") {
    if (!parse_log_level(value, verbosity))
      return bad("quiet, error, warning, info, debug or trace");
  } else if (name == "component-filter") {
    if (!parse_filter(value, component_filter))
      return bad("a comma-separated list of name or name:level");
  } else if (name == "file") {
    file = value;
  } else if (name == "console") {
    if (value == "auto" || value == "on")
      console = console_mode::automatic;
    else if (value == "colored")
      console = console_mode::colored;
    else if (value == "plain")
      console = console_mode::plain;
    else if (value == "none" || value == "off")
      console = console_mode::none;
    else
      return bad("auto, colored, plain or none");
  } else if (name == "unmatched-warning-after") {
    if (!parse_duration(value, unmatched_warning_after))
      return bad("a duration such as 500ms, 5s or 0");
  } else {
    return error{sec::invalid_argument, "unknown option logger." + std::string{name}};
  }
  return {};
}

std::string logger_config::help_text() {
  return "  --logger.verbosity=L          quiet, error, warning (default), info, debug or trace\n"
         "  --logger.component-filter=C   only these components, e.g. core,net:debug,*:error\n"
         "  --logger.file=PATH            also append log lines to PATH\n"
         "  --logger.console=M            auto (default), colored, plain or none\n"
         "  --logger.unmatched-warning-after=D\n"
         "                                report a message unmatched this long (default 5s; 0: never)\n";
}

} // namespace troupe
