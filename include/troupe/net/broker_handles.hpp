// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The handles a broker names its sockets by: a connection_handle for a TCP
// connection, an accept_handle for a listening socket. A handle means
// something only to the broker that owns the socket; ids are never reused
// within one middleman, so a stale handle cannot name a newer socket.
#include <compare>
#include <cstdint>
#include <functional>
#include <string>

namespace troupe::net {

struct connection_handle {
  std::uint64_t id = 0; // 0: no connection

  explicit operator bool() const noexcept { return id != 0; }
  friend auto operator<=>(const connection_handle&, const connection_handle&) = default;
};

struct accept_handle {
  std::uint64_t id = 0; // 0: no acceptor

  explicit operator bool() const noexcept { return id != 0; }
  friend auto operator<=>(const accept_handle&, const accept_handle&) = default;
};

inline std::string to_string(connection_handle x) {
  return "connection#" + std::to_string(x.id);
}

inline std::string to_string(accept_handle x) {
  return "acceptor#" + std::to_string(x.id);
}

} // namespace troupe::net

template <>
struct std::hash<troupe::net::connection_handle> {
  std::size_t operator()(troupe::net::connection_handle x) const noexcept { return std::hash<std::uint64_t>{}(x.id); }
};

template <>
struct std::hash<troupe::net::accept_handle> {
  std::size_t operator()(troupe::net::accept_handle x) const noexcept { return std::hash<std::uint64_t>{}(x.id); }
};
