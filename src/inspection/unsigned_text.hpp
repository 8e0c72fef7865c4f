// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Reads a whole decimal number from user text (an actor id, an event number):
// the shell's commands and the dashboard's queries.
#include <charconv>
#include <cstdint>
#include <optional>
#include <string_view>

namespace troupe::inspection {

/// The number `text` spells, if it is nothing but decimal digits that fit 64 bits.
inline std::optional<std::uint64_t> parse_unsigned(std::string_view text) noexcept {
  std::uint64_t x = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), x);
  if (text.empty() || ec != std::errc{} || end != text.data() + text.size())
    return std::nullopt;
  return x;
}

} // namespace troupe::inspection
