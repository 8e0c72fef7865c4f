// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "span_batch.hpp"

#include <nlohmann/json.hpp>

namespace troupe::inspection {

void append_json_string(std::string& out, const std::string& text) {
  // Replaces bytes that are not UTF-8 rather than refuse a name.
  out += nlohmann::json(text).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

void append_hex(std::string& out, std::uint64_t x) {
  static constexpr char digits[] = "0123456789abcdef";
  char text[16];
  for (int i = 15; i >= 0; --i, x >>= 4)
    text[i] = digits[x & 15];
  out.append(text, sizeof text);
}

} // namespace troupe::inspection
