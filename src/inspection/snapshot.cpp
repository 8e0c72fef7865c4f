// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "troupe/inspection/snapshot.hpp"

#include <unistd.h>

#include <algorithm>
#include <cmath>

#include "troupe/abstract_actor.hpp"
#include "troupe/actor_system.hpp"
#include "troupe/detail/actor_statistics.hpp"
#include "troupe/detail/actor_tracker.hpp"

#include "host_name.hpp"
#include "statistics_reader.hpp"

namespace troupe::inspection {

const char* to_string(actor_state x) noexcept {
  return x == actor_state::idle ? "idle" : "busy";
}

node_snapshot snapshot(actor_system& sys) {
  node_snapshot out;
  out.node = sys.node();
  out.host = host_name();
  out.pid = static_cast<std::uint32_t>(getpid());
  out.taken = std::chrono::system_clock::now();
  auto counts = sys.counters();
  out.running_actors = counts.running_actors;
  out.processed_messages = counts.processed_messages;
  out.dead_letters = counts.dead_letters;
  auto& tracker = sys.tracker();
  out.tracking = tracker.enabled();
  statistics_reader read{tracker};
  std::vector<actor_snapshot> rows;
  rows.reserve(tracker.listed());
  tracker.for_each([&](detail::actor_statistics& s) { rows.push_back(read(s)); });
  // Sorting the rows themselves would move every row some twenty times: sort
  // small (id, position) keys and move each row once.
  std::vector<std::pair<actor_id, std::size_t>> order;
  order.reserve(rows.size());
  for (std::size_t i = 0; i < rows.size(); ++i)
    order.emplace_back(rows[i].id, i);
  std::sort(order.begin(), order.end());
  out.actors.reserve(rows.size());
  for (auto& [id, i] : order)
    out.actors.push_back(std::move(rows[i]));
  return out;
}

} // namespace troupe::inspection
