// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "troupe/inspection/mirror_level.hpp"

#include <array>

namespace troupe::inspection {

namespace {

constexpr std::array<const char*, 4> level_names{"off", "events", "headers", "full"};

} // namespace

const char* to_string(mirror_level x) noexcept {
  auto i = static_cast<std::size_t>(x);
  return i < level_names.size() ? level_names[i] : "?";
}

std::optional<mirror_level> parse_mirror_level(std::string_view text) noexcept {
  for (std::size_t i = 0; i < level_names.size(); ++i)
    if (text == level_names[i])
      return static_cast<mirror_level>(i);
  return std::nullopt;
}

} // namespace troupe::inspection
