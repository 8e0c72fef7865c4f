// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// A plain blocking TCP client of a port on 127.0.0.1, for tests of what goes
// over the socket of a broker or a middleman. Every read gives up after 10 s.
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

#include "support/loopback.hpp"

namespace troupe::test_support {

// A blocking TCP client of 127.0.0.1:port; every read gives up after 10 s.
class tcp_client {
public:
  explicit tcp_client(std::uint16_t port) : fd_(socket(AF_INET, SOCK_STREAM, 0)) {
    auto addr = loopback(port);
    if (::connect(fd_, reinterpret_cast<sockaddr*>(&addr), sizeof(addr)) != 0) {
      ::close(fd_);
      throw std::runtime_error("cannot connect to port " + std::to_string(port));
    }
    timeval tv{10, 0};
    setsockopt(fd_, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
  }
  tcp_client(const tcp_client&) = delete;
  tcp_client& operator=(const tcp_client&) = delete;
  ~tcp_client() { hang_up(); }

  void send(std::string_view text) {
    while (!text.empty()) {
      auto n = ::send(fd_, text.data(), text.size(), MSG_NOSIGNAL);
      ASSERT_GT(n, 0) << "send failed: errno " << errno;
      text.remove_prefix(static_cast<std::size_t>(n));
    }
  }

  // n bytes, or fewer when the connection ends or a read times out.
  std::string receive(std::size_t n) {
    std::string out;
    char buf[4096];
    while (out.size() < n) {
      auto got = ::recv(fd_, buf, std::min(sizeof(buf), n - out.size()), 0);
      if (got <= 0)
        break;
      out.append(buf, static_cast<std::size_t>(got));
    }
    return out;
  }

  // Reads until the other side closes; false after a read timeout. What it
  // read on the way is appended to `rest`.
  bool sees_close(std::string* rest = nullptr) {
    char buf[4096];
    for (;;) {
      auto got = ::recv(fd_, buf, sizeof(buf), 0);
      if (got == 0)
        return true;
      if (got < 0)
        return errno == ECONNRESET;
      if (rest != nullptr)
        rest->append(buf, static_cast<std::size_t>(got));
    }
  }

  void hang_up() {
    if (fd_ >= 0)
      ::close(fd_);
    fd_ = -1;
  }

  // Closes with a reset (RST) instead of an orderly end, and without reading
  // what is still queued for us.
  void reset() {
    linger abort_on_close{1, 0};
    setsockopt(fd_, SOL_SOCKET, SO_LINGER, &abort_on_close, sizeof(abort_on_close));
    hang_up();
  }

private:
  int fd_;
};

} // namespace troupe::test_support
