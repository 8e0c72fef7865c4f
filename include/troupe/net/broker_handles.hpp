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

/// Names one TCP connection of a broker. Default-constructed it names none.
struct connection_handle {
  std::uint64_t id = 0; ///< Unique within one middleman; 0: no connection.

  /// Whether the handle names a connection (id != 0); says nothing about whether it is still open.
  explicit operator bool() const noexcept { return id != 0; }
  /// Handles compare by id; ids grow, so older sockets order first.
  friend auto operator<=>(const connection_handle&, const connection_handle&) = default;
};

/// Names one listening socket (acceptor) of a broker. Default-constructed it names none.
struct accept_handle {
  std::uint64_t id = 0; ///< Unique within one middleman; 0: no acceptor.

  /// Whether the handle names an acceptor (id != 0); says nothing about whether it is still open.
  explicit operator bool() const noexcept { return id != 0; }
  /// Handles compare by id; ids grow, so older sockets order first.
  friend auto operator<=>(const accept_handle&, const accept_handle&) = default;
};

/// `connection#ID` with the handle's id, for logs and test output.
inline std::string to_string(connection_handle x) {
  return "connection#" + std::to_string(x.id);
}

/// `acceptor#ID` with the handle's id, for logs and test output.
inline std::string to_string(accept_handle x) {
  return "acceptor#" + std::to_string(x.id);
}

} // namespace troupe::net

// Hashing for unordered containers; Doxygen cannot place specializations of std::hash.
/// \cond
template <>
struct std::hash<troupe::net::connection_handle> {
  std::size_t operator()(troupe::net::connection_handle x) const noexcept { return std::hash<std::uint64_t>{}(x.id); }
};
/// \endcond

// Hashing for unordered containers; Doxygen cannot place specializations of std::hash.
/// \cond
template <>
struct std::hash<troupe::net::accept_handle> {
  std::size_t operator()(troupe::net::accept_handle x) const noexcept { return std::hash<std::uint64_t>{}(x.id); }
};
/// \endcond
