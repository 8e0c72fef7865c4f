// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// How a node finds the others (cluster.discovery): a provider tells it its
// own place and every member's endpoint and, where it can, node id. The
// launcher provider asks the job's PMIx server; the static one reads a list;
// the etcd one registers the node under a lease and lists a key prefix, again
// and again, so members join while the cluster runs.
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "troupe/cluster/cluster_settings.hpp"
#include "troupe/cluster/member.hpp"
#include "troupe/expected.hpp"
#include "troupe/node_id.hpp"

namespace troupe::cluster {

/// What a provider found: this node's place among the members, and the members (this node included), in order.
struct formation {
  std::uint32_t self = 0;      ///< this node's id: its rank in job mode
  std::vector<member> members; ///< every member, by id
  /// For a provider whose members change as the cluster runs: what names this cluster, the same on every member
  /// (the membership protocol keys its datagrams with it). Empty for a fixed set of members.
  std::string cluster_name;
};

/// A way to find the members.
class discovery {
public:
  virtual ~discovery();

  /// The provider's name, as cluster.discovery spells it.
  virtual std::string name() const = 0;

  /// Makes this node known as listening at `endpoint` with node id `me`, and finds the others (waiting for them
  /// up to `timeout` where the provider must). Called once.
  virtual expected<formation> form(const std::string& endpoint, const node_id& me,
                                   std::chrono::nanoseconds timeout) = 0;

  /// Called once as the node stops, so the provider may say it left.
  virtual void leave() {}

  /// Whether members join while the cluster runs: then the module calls refresh() every
  /// cluster.discovery-interval after form(), and adds the members it has not seen yet.
  virtual bool dynamic() const { return false; }

  /// The endpoints of the members the provider lists now, this node's included; it may also renew this node's
  /// registration. Called from one thread at a time. An error leaves the cluster with the members it knows.
  virtual expected<std::vector<std::string>> refresh() {
    return error{sec::unsupported_operation, "cluster.discovery=" + name() + " lists its members once"};
  }

  /// Starts telling `changed` (from a thread of the provider's) whenever the members may have changed, so that
  /// the module refreshes at once rather than at the next interval; a provider that cannot watch does nothing.
  virtual void watch(std::function<void()> changed) { (void)changed; }

  /// Stops what watch() started; `changed` is not called once this returns.
  virtual void stop_watching() {}
};

/// The provider that cluster.discovery names, or sec::invalid_argument naming the ones there are.
expected<std::unique_ptr<discovery>> make_discovery(const cluster_settings& s);

} // namespace troupe::cluster
