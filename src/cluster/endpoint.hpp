// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// HOST:PORT as the cluster options write an endpoint ([v6]:PORT for an IPv6
// address).
#include <cstdint>
#include <string>
#include <string_view>

#include "troupe/expected.hpp"

namespace troupe::cluster {

struct endpoint {
  std::string host;
  std::uint16_t port = 0;
};

/// The endpoint `text` names, or sec::invalid_argument saying what is wrong with it.
expected<endpoint> parse_endpoint(std::string_view text);

/// HOST:PORT ([HOST]:PORT when the host has a colon).
std::string to_string(const endpoint& x);

} // namespace troupe::cluster
