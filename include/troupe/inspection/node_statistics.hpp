// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// What a probe reports about its node every inspect.interval: the machine and
// the process, the actors, and the other nodes it is connected to.
#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "troupe/inspection/actor_group.hpp"
#include "troupe/inspection/busy_actor.hpp"
#include "troupe/inspection/host_statistics.hpp"
#include "troupe/inspection/remote_traffic.hpp"
#include "troupe/inspection/time_histogram.hpp"
#include "troupe/inspection/wire_time.hpp"
#include "troupe/inspection/worker_totals.hpp"
#include "troupe/inspection/worker_utilization.hpp"
#include "troupe/serialization/field.hpp"

namespace troupe::inspection {

/// One node's figures at one moment.
struct node_statistics {
  std::string node;                               ///< the node (to_string(node_id))
  std::chrono::system_clock::time_point taken;    ///< when the probe read them
  std::uint64_t running_actors = 0;               ///< live actors that are not hidden
  std::uint64_t tracked_actors = 0;               ///< live actors that keep statistics
  std::uint64_t processed_messages = 0;           ///< messages handled since the system started (node_counters)
  std::uint64_t dead_letters = 0;                 ///< messages to terminated actors since the system started
  host_statistics host;                           ///< the machine and the process: CPU, RAM, RSS, interfaces
  std::vector<std::string> connected_nodes;       ///< the nodes it has a connection to
  std::vector<worker_utilization> workers;        ///< each scheduler worker over the last interval
  std::vector<worker_totals> workers_since_start; ///< each scheduler worker since the probe started
  std::vector<actor_group> actor_groups;          ///< the live actors with statistics, added up by name (at most 256
                                                  ///< names, the rest in one group named "(other)")
  std::vector<busy_actor> busiest_actors;         ///< the actors with the deepest mailboxes, then the most messages
                                                  ///< handled, busiest first (at most 5)
  std::vector<remote_traffic> remote_actors;      ///< the actors that exchanged most messages with other nodes in the
                                                  ///< last interval, most first (at most 16)
  std::uint64_t events_dropped = 0;               ///< events that did not fit the probe's buffer since it started
  time_histogram processing;                      ///< sampled messages by time in the handler, since the start
  time_histogram mailbox_wait;                    ///< sampled messages by time in the mailbox, since the start
};

/// The fields of node_statistics, for the serialization (one function saves and loads).
template <class Inspector>
bool inspect(Inspector& f, node_statistics& x) {
  wire_time taken{x.taken};
  if (!f(field("node", x.node), field("taken", taken.nanoseconds), field("running_actors", x.running_actors),
         field("tracked_actors", x.tracked_actors), field("processed_messages", x.processed_messages),
         field("dead_letters", x.dead_letters), field("host", x.host), field("connected_nodes", x.connected_nodes),
         field("workers", x.workers), field("workers_since_start", x.workers_since_start),
         field("actor_groups", x.actor_groups), field("busiest_actors", x.busiest_actors),
         field("remote_actors", x.remote_actors), field("events_dropped", x.events_dropped),
         field("processing", x.processing), field("mailbox_wait", x.mailbox_wait)))
    return false;
  x.taken = taken.get();
  return true;
}

} // namespace troupe::inspection
