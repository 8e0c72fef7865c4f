// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Dials other nodes: resolving, connecting and the handshake under one
// timeout (middleman.connect-timeout), one kept connection per dialed
// address, and the automatic connections to nodes that a peer introduces,
// retried with a back-off after a failure or a lost connection. The I/O
// thread's alone.
#include <asio.hpp>
#include <asio/ssl.hpp>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "byte_stream.hpp"
#include "troupe/expected.hpp"
#include "troupe/net/memory_network.hpp"
#include "troupe/net/middleman_settings.hpp"
#include "troupe/node_id.hpp"
#include "wire.hpp"

namespace troupe::net {

class peer;
class routing_table;

class connector {
public:
  using dial_callback = std::function<void(expected<std::shared_ptr<peer>>)>;
  // Makes a dialing peer of a new connection and gives it to the middleman;
  // the connector starts it.
  using peer_factory = std::function<std::shared_ptr<peer>(byte_stream)>;

  connector(asio::io_context& io, const middleman_settings& cfg, const routing_table& routes, node_id self,
            std::shared_ptr<memory_network> memory, asio::ssl::context* tls, peer_factory make_peer);

  // The peer at host:port after its handshake, an open one that was dialed
  // before or a new one: `done` gets the outcome on the I/O thread, never
  // before dial returned.
  void dial(const std::string& host, std::uint16_t port, dial_callback done);

  // `relay` told where `node` listens, ahead of a handle to one of its
  // actors: true when this node now connects to it, and `relay`'s input
  // waits until that ends (peer::resume_input).
  bool connect_introduced(const node_id& node, std::vector<wire::endpoint> eps, const std::shared_ptr<peer>& relay);

  // The direct connection to `node` was lost: an automatic connection to it
  // is made again after middleman.automatic-connection-retry, not at once
  // (the node may be gone for good).
  void connection_lost(const node_id& node);

  // The middleman stops: no automatic connection starts any more.
  void stop() noexcept { stopping_ = true; }

private:
  // Tries eps[i], then the next, until one reaches `node` or none is left.
  void dial_introduced(const node_id& node, std::vector<wire::endpoint> eps, std::size_t i);
  void direct_attempt_ended(const node_id& node, bool connected);

  asio::io_context& io_;
  const middleman_settings& cfg_;
  const routing_table& routes_;
  node_id self_;
  std::shared_ptr<memory_network> memory_; // null: TCP
  asio::ssl::context* tls_;                // null: plaintext
  peer_factory make_peer_;
  bool stopping_ = false;

  std::map<std::string, std::weak_ptr<peer>> dialed_; // by "host:port"
  // Nodes this one connects to after an introduction, and the peers whose
  // input waits for that.
  std::unordered_map<node_id, std::vector<std::weak_ptr<peer>>> introductions_;
  // Nodes this one connected to, or tried to, after an introduction: when the
  // next attempt may start (a failed attempt, or a lost connection, backs off).
  struct direct_attempts {
    unsigned failures = 0; // in a row
    std::chrono::steady_clock::time_point not_before{};
  };
  std::unordered_map<node_id, direct_attempts> direct_attempts_;
};

} // namespace troupe::net
