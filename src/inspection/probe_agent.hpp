// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The probe's actor: it keeps the node's link to the nexus (reconnecting with
// back-off when the nexus goes away), sends the node's statistics every
// interval and its events as they come, and serves the nexus's requests about
// the node's actors. It runs on a thread of its own, so that dialing a nexus
// never holds up a worker.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>

#include "troupe/actor.hpp"
#include "troupe/inspection/mirror_level.hpp"
#include "troupe/inspection/node_info.hpp"

#include "event_buffer.hpp"
#include "event_sink.hpp"
#include "node_collector.hpp"
#include "traffic_tap.hpp"

namespace troupe {
class actor_system;
} // namespace troupe

namespace troupe::inspection {

/// What the probe module and its actor share.
struct probe_shared {
  probe_shared(const node_id& node, std::size_t capacity, mirror_level level)
    : events(capacity), mirror(level), sink(to_string(node), events, mirror), traffic(node, sink, mirror) {}

  event_buffer events;
  std::atomic<mirror_level> mirror;
  event_sink sink;
  traffic_tap traffic;
};

/// Where and how often the probe's actor reports.
struct agent_settings {
  std::string nexus_host;
  std::uint16_t nexus_port = 0;
  std::chrono::nanoseconds interval{std::chrono::seconds{1}};
  bool allow_control = false;
  std::string recorder_file; // where this node's flight recorder writes; empty: it has none
};

/// Spawns the probe's actor (hidden: it does not keep await_all_actors_done waiting).
actor spawn_probe_agent(actor_system& sys, agent_settings settings, std::shared_ptr<probe_shared> shared,
                        std::shared_ptr<node_collector> collector);

} // namespace troupe::inspection
