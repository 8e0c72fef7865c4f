// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "troupe/inspection/probe_event.hpp"

#include <array>

namespace troupe::inspection {

const char* to_string(event_kind x) noexcept {
  static constexpr std::array<const char*, 8> names{"connection-up", "connection-down", "node-up",         "node-down",
                                                    "dead-letter",   "actor-failed",    "delivery-failed", "message"};
  auto i = static_cast<std::size_t>(x);
  return i < names.size() ? names[i] : "?";
}

} // namespace troupe::inspection
