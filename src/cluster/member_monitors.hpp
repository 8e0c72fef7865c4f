// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// self->monitor(member) for a cluster whose membership protocol judges its
// members: the monitor of a member's node fires when the protocol reports
// the member down or left, not when a connection breaks (or, as the network
// layer's would, at once for a member this node has no connection to). The
// cluster module installs it in front of the network layer's service while
// it runs; nodes that are not members go to that one.
#include <functional>
#include <mutex>
#include <optional>
#include <unordered_map>
#include <vector>

#include "troupe/actor_addr.hpp"
#include "troupe/cluster/member.hpp"
#include "troupe/error.hpp"
#include "troupe/node_id.hpp"
#include "troupe/node_monitor_service.hpp"

namespace troupe::cluster {

class member_monitors final : public node_monitor_service {
public:
  /// What the membership says of the member on a node, if one is there.
  using state_lookup = std::function<std::optional<member_state>(const node_id&)>;

  member_monitors(node_monitor_service* inner, state_lookup state_of) : inner_(inner), state_of_(std::move(state_of)) {}

  void monitor_node(const node_id& node, const actor_addr& observer) override;
  void demonitor_node(const node_id& node, const actor_addr& observer) override;

  /// The member on `node` is down or left: its monitors get node_down_msg with `reason`, once.
  void lost(const node_id& node, const error& reason);

  /// The network layer's service, which the module puts back as it stops.
  node_monitor_service* inner() const noexcept { return inner_; }

private:
  node_monitor_service* inner_;
  state_lookup state_of_;
  std::mutex mtx_;
  std::unordered_map<node_id, std::vector<actor_addr>> observers_;
};

} // namespace troupe::cluster
