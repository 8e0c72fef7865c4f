// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// "HOST:PORT" as inspect.nexus and troupe-shell's --nexus take it.
#include <charconv>
#include <cstdint>
#include <string>

namespace troupe::inspection {

// Splits "HOST:PORT" (the host may be [v6]) into `host` and `port`; false when
// `text` is not that or the port is 0.
inline bool split_endpoint(const std::string& text, std::string& host, std::uint16_t& port) {
  auto colon = text.rfind(':');
  if (colon == std::string::npos || colon == 0 || colon + 1 == text.size())
    return false;
  host = text.substr(0, colon);
  if (host.size() > 2 && host.front() == '[' && host.back() == ']')
    host = host.substr(1, host.size() - 2);
  const char* first = text.data() + colon + 1;
  const char* last = text.data() + text.size();
  auto [end, ec] = std::from_chars(first, last, port);
  return ec == std::errc{} && end == last && port != 0;
}

} // namespace troupe::inspection
