// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// An actor of this node that exchanged messages with other nodes during one
// statistics interval: where traffic between nodes comes from.
#include <cstdint>

#include "troupe/actor_control_block.hpp"
#include "troupe/serialization/field.hpp"

namespace troupe::inspection {

/// One local actor's messages to and from other nodes over one interval.
struct remote_traffic {
  actor_id actor = 0;         ///< the local actor (its id on this node)
  std::uint64_t sent = 0;     ///< messages it sent to actors on other nodes
  std::uint64_t received = 0; ///< messages it received from other nodes
  std::uint64_t bytes = 0;    ///< their size on the wire, both ways
};

/// The fields of remote_traffic, for the serialization (one function saves and loads).
template <class Inspector>
bool inspect(Inspector& f, remote_traffic& x) {
  return f(field("actor", x.actor), field("sent", x.sent), field("received", x.received), field("bytes", x.bytes));
}

} // namespace troupe::inspection
