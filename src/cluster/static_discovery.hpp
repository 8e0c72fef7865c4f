// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// cluster.discovery=static: the members are cluster.static.members, in that
// order, and this node is the one whose endpoint is cluster.endpoint. Their
// node ids are learned as connections open.
#include <string>
#include <vector>

#include "troupe/cluster/discovery.hpp"

namespace troupe::cluster {

class static_discovery final : public discovery {
public:
  /// The list `members` (HOST:PORT,...), or sec::invalid_argument.
  static expected<std::unique_ptr<discovery>> make(const std::string& members);

  std::string name() const override { return "static"; }
  expected<formation> form(const std::string& endpoint, const node_id& me, std::chrono::nanoseconds) override;

private:
  explicit static_discovery(std::vector<std::string> endpoints) : endpoints_(std::move(endpoints)) {}

  std::vector<std::string> endpoints_; // as to_string(endpoint) writes them
};

} // namespace troupe::cluster
