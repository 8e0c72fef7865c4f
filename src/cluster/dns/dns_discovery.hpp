// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// cluster.discovery=dns: the members are what DNS says of cluster.dns.name,
// asked again every cluster.discovery-interval. SRV records give each
// member's host and port (a Kubernetes headless service's named port,
// Consul's service records); without them, the name's A and AAAA records give
// each member's address, at this node's own port. Registration is the DNS
// operator's business (Kubernetes, Consul), not the node's. Queries go to the
// system's resolvers, or to cluster.dns.server.
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "../endpoint.hpp"
#include "troupe/cluster/discovery.hpp"

namespace troupe::cluster {

class dns_discovery final : public discovery {
public:
  /// The provider that `s` describes, or sec::invalid_argument.
  static expected<std::unique_ptr<discovery>> make(const cluster_settings& s);

  std::string name() const override { return "dns"; }
  expected<formation> form(const std::string& endpoint, const node_id& me, std::chrono::nanoseconds timeout) override;
  bool dynamic() const override { return true; }
  expected<std::vector<std::string>> refresh() override;

private:
  dns_discovery(std::string service, std::optional<cluster::endpoint> server)
    : service_(std::move(service)), server_(std::move(server)) {}

  /// The answer to a query of `type` for `name`: empty when the name has no such records.
  expected<std::vector<unsigned char>> query(const std::string& name, int type) const;
  /// The members' endpoints, from the SRV records or else the address records, sorted.
  expected<std::vector<std::string>> list() const;

  std::string service_;
  std::optional<cluster::endpoint> server_;
  std::uint16_t port_ = 0; // this node's: every member's in address mode
};

} // namespace troupe::cluster
