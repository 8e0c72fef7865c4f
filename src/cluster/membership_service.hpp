// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Runs the membership protocol (swim_node) for the cluster module: a UDP
// socket at the node's endpoint, a thread of its own that ticks the protocol,
// reads and writes its datagrams, and hands each change to the module. No
// connection between nodes is needed to watch them, and the traffic per node
// does not grow with the cluster. A datagram that does not decode is dropped
// and counted.
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "swim/swim_types.hpp"
#include "troupe/error.hpp"

namespace troupe::cluster {

class membership_service {
public:
  using event_handler = std::function<void(const swim::event&)>;

  /// The protocol for member `self` of the members listening at `endpoints` (HOST:PORT, by rank); `key` tells
  /// this cluster's datagrams from others'.
  membership_service(std::vector<std::string> endpoints, swim::member_index self, std::uint64_t key,
                     const swim::config& cfg, event_handler on_event);
  ~membership_service();

  /// Binds the socket at `listen_host` and this member's port, resolves the others, and starts the thread.
  error start(const std::string& listen_host);
  /// Tells the others this member leaves, then stops the thread.
  void stop();

  /// Datagrams dropped because they did not decode.
  std::uint64_t dropped() const noexcept { return dropped_.load(std::memory_order_relaxed); }

private:
  struct io; // Asio stays in the source file

  void tick();
  void read();
  /// Sends what the protocol put out, and hands its events on.
  void flush();

  std::vector<std::string> endpoints_;
  swim::member_index self_;
  std::uint64_t key_;
  swim::config cfg_;
  event_handler on_event_;
  std::unique_ptr<io> io_;
  std::thread thread_;
  std::atomic<std::uint64_t> dropped_{0};
};

/// A key for the cluster of these endpoints: the same on every member.
std::uint64_t cluster_key(const std::vector<std::string>& endpoints);

} // namespace troupe::cluster
