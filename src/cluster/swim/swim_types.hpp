// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The vocabulary of the membership protocol (SWIM with the Lifeguard
// refinements): members by index, what one node believes of another, the
// updates that gossip carries, the packets, and the protocol's timing.
#include <chrono>
#include <cstdint>
#include <vector>

namespace troupe::cluster::swim {

using member_index = std::uint32_t;
using duration = std::chrono::nanoseconds;
/// Time since the node's clock started: production passes a steady clock's reading, the simulator its own.
using time_point = std::chrono::nanoseconds;

/// What a node believes of a member.
enum class status : std::uint8_t { alive, suspect, dead, left };

/// One piece of gossip: `source` believes `who` has `what` at `incarnation`.
struct update {
  member_index who = 0;
  status what = status::alive;
  std::uint64_t incarnation = 0;
  member_index source = 0; ///< for a suspicion: who suspects, so independent confirmations can be told apart
  friend bool operator==(const update&, const update&) = default;
};

enum class packet_kind : std::uint8_t {
  ping,     ///< are you there? (seq)
  ack,      ///< yes (seq); for a relayed probe, `target` is who answered
  ping_req, ///< please ping `target` for me (seq)
  gossip,   ///< news only, no answer
};

struct packet {
  packet_kind kind = packet_kind::ping;
  member_index from = 0;
  member_index to = 0;
  member_index target = 0; ///< ping_req: whom to probe; ack: who answered
  std::uint32_t seq = 0;
  std::vector<update> gossip;
};

/// A change of what a node believes of a member, for its subscribers.
struct event {
  member_index who = 0;
  status now = status::alive;
  std::uint64_t incarnation = 0;
};

/// The protocol's timing. The defaults keep a node at about 2 probe packets, their answers and, while there is
/// news, 15 gossip packets a second, whatever the size of the cluster.
struct config {
  duration probe_interval = std::chrono::milliseconds{200};  ///< one probe per interval (times local health)
  duration probe_timeout = std::chrono::milliseconds{80};    ///< then indirect probes (times local health)
  std::uint32_t indirect_probes = 3;                         ///< members asked to probe for us
  duration gossip_interval = std::chrono::milliseconds{200}; ///< gossip rounds while there is news
  std::uint32_t gossip_fanout = 3;                           ///< members each gossip round reaches
  std::uint32_t max_piggyback = 8;                           ///< updates in one packet at most
  std::uint32_t retransmit_mult = 4; ///< an update goes out retransmit_mult * ceil(log10(N + 1)) times
  duration suspicion_min = std::chrono::milliseconds{1500}; ///< with enough independent confirmations
  duration suspicion_max = std::chrono::milliseconds{3000}; ///< with none
  std::uint32_t expected_confirmations = 3;                 ///< confirmations that shorten a suspicion to suspicion_min
  std::uint32_t max_local_health = 8; ///< Lifeguard: how far a node that misses answers slows itself
  /// How often a node pings one member it believes dead (not one that left): a partition that heals, or a
  /// member that was only stopped, comes back through it. Zero: never.
  duration reconnect_interval = std::chrono::seconds{1};
};

} // namespace troupe::cluster::swim
