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

namespace troupe {
class actor_system;
} // namespace troupe

namespace troupe::cluster {

class membership_service {
public:
  using event_handler = std::function<void(const swim::event&)>;
  using stranger_handler = std::function<void()>;

  /// The protocol for member `self` of the members listening at `endpoints` (HOST:PORT, by member id); `key`
  /// tells this cluster's datagrams from others'. This member starts at `incarnation`.
  membership_service(std::vector<std::string> endpoints, swim::member_index self, std::uint64_t key,
                     std::uint64_t incarnation, const swim::config& cfg, event_handler on_event,
                     stranger_handler on_stranger = {});
  ~membership_service();

  /// Binds the socket at `listen_host` and this member's port, resolves the others, and starts the thread, which
  /// works for `owner` (its log lines go there).
  error start(const std::string& listen_host, actor_system* owner = nullptr);
  /// Tells the others this member leaves, then stops the thread.
  void stop();
  /// A member that joined, listening at `endpoint`: it takes the next member id. Errors: the endpoint does not
  /// resolve (the member is still added, and unreachable until it does).
  error add_member(const std::string& endpoint);

  /// Datagrams dropped because they did not decode.
  std::uint64_t dropped() const noexcept { return dropped_.load(std::memory_order_relaxed); }
  /// Datagrams from members this node has not been told of yet (a join the provider has not shown it).
  std::uint64_t from_strangers() const noexcept { return strangers_.load(std::memory_order_relaxed); }

private:
  struct io; // Asio stays in the source file

  void tick();
  void read();
  /// Sends what the protocol put out, and hands its events on.
  void flush();

  std::vector<std::string> endpoints_;
  swim::member_index self_;
  std::uint64_t key_;
  std::uint64_t incarnation_;
  swim::config cfg_;
  event_handler on_event_;
  stranger_handler on_stranger_; // a datagram from or about a member the discovery provider has not named yet
  std::unique_ptr<io> io_;
  std::thread thread_;
  std::atomic<std::uint64_t> dropped_{0};
  std::atomic<std::uint64_t> strangers_{0};
};

/// A key for the cluster of these endpoints: the same on every member.
std::uint64_t cluster_key(const std::vector<std::string>& endpoints);
/// A key for the cluster that a discovery provider names `name` (its members change as it runs).
std::uint64_t cluster_key(const std::string& name);

} // namespace troupe::cluster
