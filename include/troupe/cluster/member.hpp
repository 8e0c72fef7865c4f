// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// One member of a cluster: a process of the job (job mode) or a node the
// discovery provider lists (service mode), with where it listens, the node id
// of its actor system, its incarnation and what this node knows of its state.
#include <cstdint>
#include <string>

#include "troupe/node_id.hpp"

namespace troupe::cluster {

/// What a node knows of a member.
enum class member_state : std::uint8_t {
  up,      ///< reachable as far as this node knows
  suspect, ///< missed its probes; not yet declared down
  down,    ///< lost: its connection broke or it stopped answering
  left,    ///< ended in order
};

/// A member of the cluster. Converts to its node_id, so `self->monitor(m)` watches it as a node monitor does.
struct member {
  std::uint32_t id = 0;                  ///< its rank in job mode, its place in the provider's list otherwise
  node_id node;                          ///< its actor system (invalid while not yet known)
  std::string endpoint;                  ///< HOST:PORT where it listens
  std::uint64_t incarnation = 0;         ///< grows each time the member comes back under the same endpoint
  member_state state = member_state::up; ///< as this node knows it

  /// Its node, for self->monitor(m) and the network layer's functions.
  operator const node_id&() const noexcept { return node; } // NOLINT: implicit on purpose

  /// Whether all fields are equal.
  friend bool operator==(const member&, const member&) = default;
};

/// "up", "suspect", "down" or "left".
std::string to_string(member_state x);
/// "#ID HOST:PORT STATE (incarnation N)".
std::string to_string(const member& x);

} // namespace troupe::cluster
