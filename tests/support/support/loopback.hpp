// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The IPv4 loopback address with a port, for tests that open sockets themselves.
#include <arpa/inet.h>
#include <netinet/in.h>

#include <cstdint>

namespace troupe::test_support {

inline sockaddr_in loopback(std::uint16_t port) {
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(port);
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  return addr;
}

} // namespace troupe::test_support
