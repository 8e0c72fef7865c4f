// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// One node as inspection sees it at one moment: which process it is and its
// live actors with their statistics. A plain struct; inspection::snapshot
// fills it without stopping a worker.
#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "troupe/inspection/actor_snapshot.hpp"
#include "troupe/inspection/wire_time.hpp"
#include "troupe/node_id.hpp"
#include "troupe/serialization/field.hpp"

namespace troupe::inspection {

/// A node's process and actors at the time `taken`.
struct node_snapshot {
  node_id node;                                ///< the system's node id
  std::string host;                            ///< the host name, as `hostname` prints it
  std::uint32_t pid = 0;                       ///< the process id
  std::chrono::system_clock::time_point taken; ///< when the snapshot was taken
  std::uint64_t running_actors = 0;            ///< live actors that are not hidden (actor_system::running_actors)
  std::uint64_t processed_messages = 0;        ///< messages handled since the system started (node_counters)
  std::uint64_t dead_letters = 0;              ///< messages to terminated actors since the system started
  bool tracking = false;                       ///< whether actors spawned now get statistics
  std::vector<actor_snapshot> actors;          ///< one row per live actor with statistics, by id
};

/// The fields of node_snapshot, for the serialization (one function saves and loads).
template <class Inspector>
bool inspect(Inspector& f, node_snapshot& x) {
  auto host_id = x.node.host_id();
  auto process = x.node.process_id();
  auto instance = x.node.instance();
  wire_time taken{x.taken};
  if (!f(field("host_id", host_id), field("process", process), field("instance", instance), field("host", x.host),
         field("pid", x.pid), field("taken", taken.nanoseconds), field("running_actors", x.running_actors),
         field("processed_messages", x.processed_messages), field("dead_letters", x.dead_letters),
         field("tracking", x.tracking), field("actors", x.actors)))
    return false;
  x.node = node_id{host_id, process, instance};
  x.taken = taken.get();
  return true;
}

} // namespace troupe::inspection
