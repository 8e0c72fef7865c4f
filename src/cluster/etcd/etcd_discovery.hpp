// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// cluster.discovery=etcd: each member registers its endpoint under
// cluster.etcd.prefix with a lease of cluster.etcd.lease, renews the lease as
// it refreshes, and lists the prefix to find the others; a member that stops
// in order revokes its lease, and a crashed one's key goes when its lease
// runs out. It speaks etcd's HTTP/JSON gateway (/v3/...), trying the next of
// cluster.etcd.endpoints when one does not answer.
#include <chrono>
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "http_client.hpp"
#include "prefix_watch.hpp"
#include "troupe/cluster/discovery.hpp"

namespace troupe::cluster {

class etcd_discovery final : public discovery {
public:
  /// The provider that `s` describes, or sec::invalid_argument.
  static expected<std::unique_ptr<discovery>> make(const cluster_settings& s);

  std::string name() const override { return "etcd"; }
  expected<formation> form(const std::string& endpoint, const node_id& me, std::chrono::nanoseconds timeout) override;
  void leave() override;
  bool dynamic() const override { return true; }
  expected<std::vector<std::string>> refresh() override;
  void watch(std::function<void()> changed) override;
  void stop_watching() override;

private:
  etcd_discovery(std::vector<http_url> servers, std::string prefix, std::chrono::seconds lease);

  /// POSTs `body` to `path` on the first server that answers, starting with the one that answered last.
  expected<std::string> call(const std::string& path, const std::string& body);
  /// Takes a lease and puts this member's key under it.
  error register_self();
  /// Renews the lease; registers again when it ran out (etcd was away longer than the lease).
  error renew();
  /// The endpoints registered under the prefix, in key order.
  expected<std::vector<std::string>> list();

  std::vector<http_url> servers_;
  std::size_t current_ = 0;
  std::string prefix_;
  std::chrono::seconds lease_;
  std::string endpoint_;
  std::string lease_id_; // as etcd writes it: a 64-bit integer in a JSON string
  std::unique_ptr<prefix_watch> watch_;
};

} // namespace troupe::cluster
