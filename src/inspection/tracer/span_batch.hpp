// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// What the exporter hands each output format: the spans collected since the
// last export, their times turned into Unix time, and who recorded them.
#include <cstdint>
#include <string>
#include <vector>

#include "troupe/message_id.hpp"

#include "span_record.hpp"

namespace troupe::inspection {

/// The process that recorded the spans: OTLP's resource, Chrome's process.
struct span_origin {
  std::string service; ///< service.name: the program's name
  std::string node;    ///< to_string(node_id)
  std::string host;
  std::uint32_t pid = 0;
};

/// Turns cycle counts into nanoseconds since the Unix epoch.
struct span_clock {
  std::uint64_t base_cycles = 0;
  std::uint64_t base_unix_ns = 0;
  double ns_per_cycle = 1.0;

  std::uint64_t unix_ns(std::uint64_t cycles) const noexcept {
    auto delta = static_cast<double>(static_cast<std::int64_t>(cycles - base_cycles)) * ns_per_cycle;
    return static_cast<std::uint64_t>(static_cast<double>(base_unix_ns) + delta);
  }
};

/// The kind of message a span handled, from its raw message_id: "async", "request" or "response".
inline const char* message_kind(std::uint64_t raw) noexcept {
  message_id id{raw};
  return id.is_async() ? "async" : id.is_response() ? "response" : "request";
}

/// Appends `text` as a JSON string (quotes included).
void append_json_string(std::string& out, const std::string& text);
/// Appends `x` as 2n lowercase hex digits of its n bytes, most significant first.
void append_hex(std::string& out, std::uint64_t x);

} // namespace troupe::inspection
