// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The cluster module (cfg.load<cluster::module>(), after the middleman): as
// the system starts, this node listens at cluster.endpoint, and the discovery
// provider tells it its rank and every member; sys.cluster() then answers
// rank(), size(), members(), and lookup(r, name), which opens a connection to
// rank r on first use (no full mesh). The membership protocol watches every
// member, connected or not: subscribers get member_suspect, member_down,
// member_left and member_up, and cluster.on-member-loss=abort ends the
// process when a member is lost; self->monitor(member) hears the protocol's
// verdict on that member, as a node monitor would hear of its connection. Without it (cluster.membership=connections)
// a member is lost when its connection breaks. A provider whose members change
// (etcd) is asked again every cluster.discovery-interval, and the members
// that joined are added, with member_up; when it cannot be reached the
// cluster goes on with the members it knows.
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "troupe/actor.hpp"
#include "troupe/actor_system_config.hpp"
#include "troupe/actor_system_module.hpp"
#include "troupe/cluster/cluster_settings.hpp"
#include "troupe/cluster/discovery.hpp"
#include "troupe/cluster/member.hpp"
#include "troupe/cluster/member_events.hpp"
#include "troupe/expected.hpp"

namespace troupe::cluster {

struct membership;
class member_monitors;
class membership_service;

/// The cluster of this node (sys.cluster()).
class module final : public actor_system_module {
public:
  using settings = cluster_settings; ///< its options
  /// The kind actor_system::find_module finds it by.
  static constexpr kind static_kind = actor_system_module::cluster_module;

  /// Adds cluster.* to `cfg`, writing into `s`.
  static void add_options(actor_system_config& cfg, settings& s);
  /// Loads the module: lets TROUPE_MAIN(net::middleman, cluster::module) load it.
  static void init(actor_system_config& cfg) { cfg.load<module>(); }
  /// Called by the system: checks the options (std::invalid_argument when one is wrong) and makes the module.
  static std::unique_ptr<actor_system_module> make(actor_system& sys, const settings& s);

  /// The module of `sys` with `s`, for a provider of the program's own; make() picks the one the options name.
  module(actor_system& sys, const settings& s, std::unique_ptr<discovery> provider);
  ~module() override;

  /// cluster_module.
  kind module_kind() const noexcept override { return static_kind; }
  /// Listens at cluster.endpoint and forms the cluster through the provider. Throws std::runtime_error when it
  /// cannot (the system's constructor then fails with it).
  void start() override;
  /// Tells the provider this node leaves, and stops watching the members.
  void stop() override;

  /// This node's rank (its member id). In job mode the same on every member; with a provider whose members
  /// change, each node numbers the members in the order it learned of them.
  std::uint32_t rank() const noexcept { return rank_; }
  /// The number of members (those that left or were lost included).
  std::uint32_t size() const noexcept { return size_.load(std::memory_order_relaxed); }
  /// Every member, by id, as this node knows them now.
  std::vector<member> members() const;
  /// The member of rank `r`, or sec::invalid_argument.
  expected<member> member_at(std::uint32_t r) const;
  /// The port this node listens at.
  std::uint16_t port() const noexcept { return port_; }
  /// The options it was made with.
  const settings& config() const noexcept { return settings_; }
  /// Membership datagrams dropped because they did not decode (or came from another cluster).
  std::uint64_t dropped_packets() const noexcept;
  /// How many times asking the discovery provider again failed (the cluster then goes on with the members it
  /// knows, and says so in the log).
  std::uint64_t failed_refreshes() const noexcept { return failed_refreshes_.load(std::memory_order_relaxed); }

  /// The actor registered as `name` (sys.registry().put) on rank `r` (this node's registry for its own rank):
  /// connects to rank r on first use. Errors: sec::invalid_argument for a rank out of range or a name nobody
  /// registered there, the network layer's when rank r cannot be reached.
  expected<actor> lookup(std::uint32_t r, const std::string& name);

  /// Sends member_up, member_suspect, member_down and member_left to `who` from now on (and member_up for every
  /// member up at once).
  template <class Handle>
  void subscribe(const Handle& who) {
    subscribe_impl(actor_cast<actor>(who));
  }
  /// Stops sending them to `who`.
  template <class Handle>
  void unsubscribe(const Handle& who) {
    unsubscribe_impl(actor_cast<actor>(who).address());
  }

private:
  void subscribe_impl(actor who);
  void unsubscribe_impl(const actor_addr& who);
  /// With cluster.membership=swim: starts the membership protocol at `listen_host` and this node's port, keyed
  /// by `cluster_name` (or, when it is empty, by the members' endpoints).
  void start_protocol(const std::string& listen_host, const std::string& cluster_name);
  /// Connects to member `r` if not yet connected; its node id.
  expected<node_id> reach(std::uint32_t r);
  /// Asks a provider whose members change again and again, until stop().
  void refresh_loop();
  /// Has refresh_loop() ask the provider now.
  void nudge();
  /// Stops the provider's watch and refresh_loop().
  void stop_refreshing();
  /// Adds the members of `listed` (endpoints) that this node does not know yet.
  void merge(const std::vector<std::string>& listed);

  actor_system& sys_;
  settings settings_;
  std::unique_ptr<discovery> provider_;
  std::shared_ptr<membership> membership_;       // the members and the subscribers, shared with the watcher
  std::unique_ptr<membership_service> protocol_; // with cluster.membership=swim
  std::unique_ptr<member_monitors> monitors_;    // with cluster.membership=swim: self->monitor(member)
  actor watcher_;                                // gets the node_down_msg of every connected member
  std::uint32_t rank_ = 0;
  std::atomic<std::uint32_t> size_{0};
  std::uint16_t port_ = 0;
  std::thread refresher_; // for a provider whose members change
  std::mutex refresh_mtx_;
  std::condition_variable refresh_cv_;
  bool stopping_ = false;
  bool nudged_ = false; // a member the provider has not named yet sent a datagram: ask it now
  std::atomic<std::uint64_t> failed_refreshes_{0};
};

} // namespace troupe::cluster
