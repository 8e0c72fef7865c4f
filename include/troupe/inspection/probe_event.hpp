// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Something that happened on a node, as its probe reports it to the nexus and
// the nexus passes it to its listeners.
#include <chrono>
#include <cstdint>
#include <string>

#include "troupe/inspection/wire_time.hpp"
#include "troupe/serialization/field.hpp"

namespace troupe::inspection {

/// What kind of thing happened.
enum class event_kind : std::uint8_t {
  connection_up,   ///< the node connected to another node
  connection_down, ///< it lost a connection to another node
  node_up,         ///< a nexus learned of a node (its probe introduced itself)
  node_down,       ///< a nexus lost a node's probe: killed, frozen or cut off
  dead_letter,     ///< a message went to an actor that had terminated
  actor_failed,    ///< an actor ended with an error, not a normal exit
  delivery_failed, ///< a message to another node could not be delivered
  message,         ///< a message exchanged with another node (mirror headers or full)
};

/// The kind's name: "connection-up", "node-down", "dead-letter", ...
const char* to_string(event_kind x) noexcept;

/// One event of one node.
struct probe_event {
  std::string node;                            ///< the node it happened on (to_string(node_id))
  std::chrono::system_clock::time_point time;  ///< when
  event_kind kind = event_kind::connection_up; ///< what kind
  std::string text;                            ///< what, for people: the other node, the actor, the message
};

/// The fields of probe_event, for the serialization.
template <class Inspector>
bool inspect(Inspector& f, probe_event& x) {
  wire_time t{x.time};
  auto kind = static_cast<std::uint8_t>(x.kind);
  if (!f(field("node", x.node), field("time", t.nanoseconds), field("kind", kind), field("text", x.text)))
    return false;
  if (kind > static_cast<std::uint8_t>(event_kind::message))
    return false;
  x.time = t.get();
  x.kind = static_cast<event_kind>(kind);
  return true;
}

} // namespace troupe::inspection
