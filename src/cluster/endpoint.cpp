// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "endpoint.hpp"

#include <charconv>

namespace troupe::cluster {

expected<endpoint> parse_endpoint(std::string_view text) {
  auto bad = [&](const char* why) {
    return error{sec::invalid_argument, "endpoint '" + std::string{text} + "': " + why};
  };
  auto colon = text.rfind(':');
  if (colon == std::string_view::npos || colon == 0)
    return bad("not HOST:PORT");
  auto host = text.substr(0, colon);
  if (host.front() == '[') {
    if (host.size() < 3 || host.back() != ']')
      return bad("an IPv6 address goes in brackets");
    host = host.substr(1, host.size() - 2);
  }
  auto digits = text.substr(colon + 1);
  unsigned port = 0;
  auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), port);
  if (digits.empty() || ec != std::errc{} || end != digits.data() + digits.size() || port > 65535)
    return bad("the port is not a number from 0 to 65535");
  return endpoint{std::string{host}, static_cast<std::uint16_t>(port)};
}

std::string to_string(const endpoint& x) {
  if (x.host.find(':') != std::string::npos)
    return "[" + x.host + "]:" + std::to_string(x.port);
  return x.host + ":" + std::to_string(x.port);
}

} // namespace troupe::cluster
