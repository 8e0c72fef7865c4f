// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// A plain-socket HTTP client for the web endpoint's tests: what goes over the
// wire is exactly what the test writes.
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdint>
#include <string>

#include "support/loopback.hpp"

namespace troupe::test_support {

// Sends `bytes` to 127.0.0.1:port and reads until the server closes.
inline std::string http_exchange(std::uint16_t port, const std::string& bytes) {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0)
    return "socket failed";
  timeval tv{5, 0};
  ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(port);
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
    ::close(fd);
    return "connect failed";
  }
  for (std::size_t sent = 0; sent < bytes.size();) {
    auto n = ::send(fd, bytes.data() + sent, bytes.size() - sent, MSG_NOSIGNAL);
    if (n <= 0)
      break;
    sent += static_cast<std::size_t>(n);
  }
  std::string out;
  char buf[4096];
  for (;;) {
    auto n = ::recv(fd, buf, sizeof buf, 0);
    if (n <= 0)
      break;
    out.append(buf, static_cast<std::size_t>(n));
  }
  ::close(fd);
  return out;
}

inline std::string get(std::uint16_t port, const std::string& path) {
  // Appended in place: g++ 12 warns falsely (-Warray-bounds) on "literal" + string + "literal".
  std::string request = "GET ";
  request.append(path).append(" HTTP/1.1\r\nHost: localhost\r\n\r\n");
  return http_exchange(port, request);
}

// A port nobody listens on right now.
inline std::uint16_t free_port() {
  return free_ports(1).at(0);
}

} // namespace troupe::test_support
