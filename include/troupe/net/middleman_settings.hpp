// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The options of the network layer (`middleman.*`), with their defaults. They
// appear in --help, and parse/set/config files set them, once the config has
// loaded the middleman (cfg.load<net::middleman>()).
#include <chrono>
#include <cstddef>
#include <string>

namespace troupe::net {

/// The options of the network layer, with their defaults. In a config each is `middleman.` and its name with dashes
/// (heartbeat_interval is middleman.heartbeat-interval; tls_key is middleman.tls.key). The middleman reads them once,
/// when the system creates it.
struct middleman_settings {
  /// Every connection sends a heartbeat this often (the I/O thread does, so a
  /// busy scheduler does not delay it) ...
  std::chrono::nanoseconds heartbeat_interval = std::chrono::milliseconds{250};
  /// ... and a peer that sent nothing for this long is declared dead: its
  /// proxies terminate with exit_reason::remote_link_unreachable. This detects
  /// frozen and partitioned nodes, which TCP does not report.
  std::chrono::nanoseconds connection_timeout = std::chrono::milliseconds{1500};
  /// connect, remote_actor and the handshake give up after this long.
  std::chrono::nanoseconds connect_timeout = std::chrono::seconds{5};
  /// The largest frame this node accepts; a peer that sends a larger one is
  /// disconnected.
  std::size_t max_message_size = std::size_t{256} << 20;
  /// Flow control: once this many bytes of small messages, or of large ones
  /// (over 64 KiB), wait to be written to one node, a sender of that kind (but
  /// the I/O thread) waits until half of them are written or the connection
  /// ends. A slow reader thus bounds the sender's memory, and a large message
  /// does not hold up the senders of small ones.
  std::size_t max_queued_bytes = std::size_t{32} << 20;
  /// A handle to an actor of a node this one has no connection to, received
  /// from a node that has one, makes this node connect to the actor's node
  /// directly (where that node listens, as the sender tells). Until that
  /// connection is up, or when it cannot be made, the messages go through
  /// the node the handle came from.
  bool enable_automatic_connections = true;
  /// After a direct attempt failed, or a direct connection was lost, the next
  /// attempt waits at least this long, and twice as long after each further
  /// failure in a row (up to 64 times this). A node that relays a third node's
  /// handles tells its peers again where that node listens once this long has
  /// passed, so a node that can be reached again is connected to again.
  std::chrono::nanoseconds automatic_connection_retry = std::chrono::seconds{1};
  /// The threads that deserialize large messages (those that arrive in
  /// fragments, over 64 KiB), so that the I/O thread goes on reading every
  /// connection meanwhile and a small message does not wait behind a large
  /// one's decoding. Messages between two actors still arrive in the order
  /// sent. 0: the I/O thread decodes everything itself. One thread is enough
  /// to free the I/O thread; more decode several large messages at once.
  std::size_t workers = 1;
  /// Only peers with the same application identifier may connect.
  std::string app_identifier = "troupe";
  /// With a secret (given here or read from secret_file), both ends of every
  /// connection prove that they know it (HMAC-SHA-256 over fresh nonces)
  /// before any actor is reachable; a node without it, or with another, is
  /// refused with sec::authentication_failed.
  std::string secret;
  /// A file whose first line is the secret; it replaces `secret`. A file that cannot be read, or whose first line is
  /// empty, makes the system's construction throw.
  std::string secret_file;
  /// TLS: with all three set, every connection is TLS 1.3 and both ends
  /// present a certificate signed by `tls_ca`; a plaintext peer is refused.
  /// PEM files: this node's certificate chain, its private key, the CA.
  /// @{
  std::string tls_certificate;
  std::string tls_key;
  std::string tls_ca;
  /// @}
  /// Tests: publish and connect on the memory_network of this name, inside
  /// this process, instead of TCP (see memory_network.hpp). Empty: TCP.
  /// Brokers keep using TCP; TLS is not available on it.
  std::string memory_network;
  /// false: no I/O thread. The network's work runs only when the program
  /// calls middleman().poll() (the deterministic tests do, on the test's
  /// thread, with the system's manual clock timing heartbeats and timeouts);
  /// large messages are then decoded by the poller too (as workers = 0).
  bool io_thread = true;
  /// A plaintext TCP connection that carries messages is read by scheduler
  /// workers while they spin idle, rather than by the I/O thread: a message
  /// then runs on the worker that read it, and neither the I/O thread nor a
  /// sleeping worker is woken for it. Needs the I/O thread (which reads
  /// whatever arrives while every worker is busy or asleep). false: the I/O
  /// thread reads everything.
  bool read_on_idle_workers = true;
  /// Connections closed while idle and made again on demand ("parked"):
  /// beyond this many open connections, the least recently used one that was
  /// quiet for a heartbeat interval is parked. Parking ends nothing: proxies
  /// stay valid and hold what is sent to them until the next connection to
  /// their node is up, which their first message dials; monitors and links
  /// stay in place. Only a connection that carries its node's traffic alone
  /// (no relay) and whose node listens is parked. 0: no limit.
  std::size_t max_connections = 0;
  /// A connection that carried no actor message for this long is parked (as
  /// for max_connections). 0: never.
  std::chrono::nanoseconds idle_timeout{0};
};

} // namespace troupe::net
