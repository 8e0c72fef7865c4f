// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// What a broker's sockets tell it. Each arrives as an ordinary message (from
// no sender) in the broker's mailbox, in the order the I/O thread saw the
// events of that socket. Every connection and every acceptor ends with
// exactly one closed message, whoever ended it; none arrives after the
// broker itself terminated. They stay inside one process: they are not
// announced for the wire.
#include <cstddef>
#include <string_view>
#include <vector>

#include "troupe/net/broker_handles.hpp"

namespace troupe::net {

/// An acceptor took a new connection. Nothing is read from it before the
/// broker calls configure_read.
struct new_connection_msg {
  accept_handle source;     ///< The acceptor that took it.
  connection_handle handle; ///< The new connection.
  /// Memberwise equality.
  friend bool operator==(const new_connection_msg&, const new_connection_msg&) = default;
};

/// One chunk of a connection's bytes, cut by its receive_policy. The next
/// chunk of the same connection is cut after this message's handler returned,
/// so a configure_read inside the handler applies to the very next chunk.
struct new_data_msg {
  connection_handle handle;   ///< The connection the bytes came from.
  std::vector<std::byte> buf; ///< The chunk's bytes.

  /// The bytes as characters, for text protocols.
  std::string_view text() const noexcept { return {reinterpret_cast<const char*>(buf.data()), buf.size()}; }
  /// Memberwise equality.
  friend bool operator==(const new_data_msg&, const new_data_msg&) = default;
};

/// The connection is gone: the peer closed it (after the chunks its policy
/// could still cut were delivered; a shorter rest is dropped), it failed, or
/// the broker closed it (then everything written before was sent, or failed).
struct connection_closed_msg {
  connection_handle handle; ///< The connection that ended; the broker holds it no more.
  /// Memberwise equality.
  friend bool operator==(const connection_closed_msg&, const connection_closed_msg&) = default;
};

/// The acceptor is gone: the broker closed it, or accepting failed for good.
struct acceptor_closed_msg {
  accept_handle handle; ///< The acceptor that ended; the broker holds it no more.
  /// Memberwise equality.
  friend bool operator==(const acceptor_closed_msg&, const acceptor_closed_msg&) = default;
};

} // namespace troupe::net
