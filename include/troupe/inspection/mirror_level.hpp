// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// How much of a node's activity its probe reports to the nexus: the
// inspect.mirror option, which the nexus can change at run time.
#include <cstdint>
#include <optional>
#include <string_view>

namespace troupe::inspection {

/// What a probe sends besides its statistics; each level includes the ones before it.
enum class mirror_level : std::uint8_t {
  off,     ///< statistics only
  events,  ///< connections, failures, dead letters and actors that ended with an error
  headers, ///< and every message exchanged with another node: sender, receiver, type names, size
  full,    ///< and those messages' content in the text format
};

/// "off", "events", "headers" or "full".
const char* to_string(mirror_level x) noexcept;

/// The level spelled `text` as to_string spells it, or nothing.
std::optional<mirror_level> parse_mirror_level(std::string_view text) noexcept;

} // namespace troupe::inspection
