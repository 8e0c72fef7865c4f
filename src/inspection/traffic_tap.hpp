// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The probe's view of the traffic between nodes: which local actors exchange
// messages with other nodes (for the statistics), each message as an event
// at mirror headers or full, and the messages that could not be delivered.
#include <atomic>
#include <cstddef>
#include <mutex>
#include <unordered_map>
#include <vector>

#include "troupe/inspection/mirror_level.hpp"
#include "troupe/inspection/remote_traffic.hpp"
#include "troupe/net/message_tap.hpp"

#include "event_sink.hpp"

namespace troupe::inspection {

class traffic_tap final : public net::message_tap {
public:
  traffic_tap(node_id self, event_sink& sink, const std::atomic<mirror_level>& level)
    : self_(self), sink_(sink), level_(level) {}

  /// The probe's own actor, whose traffic with the nexus is not reported (each report would be reported again).
  void set_own(actor_id id) noexcept { own_.store(id, std::memory_order_release); }

  void carried(const net::tapped_message& m) noexcept override;
  void undeliverable(const node_id& node, actor_id receiver, const error& reason) noexcept override;

  /// The `limit` local actors with the most messages since the last call, most first; starts a new interval.
  std::vector<remote_traffic> take(std::size_t limit);

private:
  void count(actor_id local, bool sent, std::size_t bytes);

  node_id self_;
  event_sink& sink_;
  const std::atomic<mirror_level>& level_;
  std::atomic<actor_id> own_{0};
  std::mutex mtx_;
  std::unordered_map<actor_id, remote_traffic> interval_;
};

} // namespace troupe::inspection
