// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The probe's view of the traffic between nodes: which local actors exchange
// messages with other nodes (for the statistics), each message as an event
// at mirror headers or full, and the messages that could not be delivered.
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

#include "troupe/detail/spinlock.hpp"
#include "troupe/inspection/mirror_level.hpp"
#include "troupe/inspection/remote_traffic.hpp"
#include "troupe/net/message_tap.hpp"

#include "event_sink.hpp"

namespace troupe::inspection {

class traffic_tap final : public net::message_tap {
public:
  traffic_tap(node_id self, event_sink& sink, const std::atomic<mirror_level>& level);

  /// The probe's own actor, whose traffic with the nexus is not reported (each report would be reported again).
  void set_own(actor_id id) noexcept { own_.store(id, std::memory_order_release); }

  void carried(const net::tapped_message& m) noexcept override;
  void undeliverable(const node_id& node, actor_id receiver, const error& reason) noexcept override;

  /// The `limit` local actors with the most messages since the last call, most first; starts a new interval.
  std::vector<remote_traffic> take(std::size_t limit);

  /// One thread's counts for the current interval. Only that thread and take()
  /// lock it, so a message never waits for another sender.
  struct thread_counts {
    detail::spinlock mtx;
    std::unordered_map<actor_id, remote_traffic> interval;
  };

private:
  void count(actor_id local, bool sent, std::size_t bytes);
  /// The calling thread's counts: registered at its first message.
  thread_counts& mine();
  thread_counts& register_thread();

  node_id self_;
  event_sink& sink_;
  const std::atomic<mirror_level>& level_;
  std::atomic<actor_id> own_{0};
  std::uint64_t id_;       // a fresh one for each tap: threads find their counts by it
  std::mutex threads_mtx_; // guards threads_, taken once per thread
  std::vector<std::unique_ptr<thread_counts>> threads_;
};

} // namespace troupe::inspection
