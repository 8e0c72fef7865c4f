// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// One live actor as inspection sees it: who it is, what waits in its mailbox,
// and what it has done since it was spawned. A plain struct, filled by
// inspection::snapshot and read by programs, tests, the probe and its views.
#include <chrono>
#include <cstdint>
#include <string>

#include "troupe/actor_control_block.hpp"
#include "troupe/inspection/duration_summary.hpp"
#include "troupe/inspection/wire_time.hpp"
#include "troupe/serialization/field.hpp"

namespace troupe::inspection {

/// What an actor is doing when the snapshot is taken.
enum class actor_state : std::uint8_t {
  idle, ///< its mailbox is empty and it waits for a message
  busy, ///< it is handling messages, or has some waiting for a worker
};

/// "idle" or "busy".
const char* to_string(actor_state x) noexcept;

/// The statistics of one actor (inspect.track-actors). Counts start at its spawn. Times come from a sample
/// of the messages (one in 32 that each thread handles, from the actor's fourth message on, and for the
/// mailbox wait one in 64 of each sending thread's messages), so totals are estimates whose error shrinks
/// with the number of messages.
struct actor_snapshot {
  actor_id id = 0;                       ///< the actor's id on its node
  std::string name;                      ///< its name(): the class name, or "actor" for a function-based one
  actor_state state = actor_state::idle; ///< busy or idle when the snapshot was taken

  std::uint64_t mailbox_depth = 0;     ///< messages not finished: in the mailbox, skipped for later, or being handled
  std::uint64_t max_mailbox_depth = 0; ///< the most not finished when it took messages from its mailbox
  std::uint64_t processed = 0;         ///< messages a handler ran for
  std::uint64_t sent = 0;              ///< messages it sent to actors of this node that have statistics
  std::uint64_t skipped = 0;           ///< times a message was put back for a later behavior
  std::uint64_t unmatched = 0;         ///< messages no case of its behavior matched

  duration_summary processing;                 ///< time in a handler, per sampled message
  duration_summary mailbox_wait;               ///< time from enqueue to dequeue, per sampled message
  std::chrono::nanoseconds processing_time{0}; ///< estimated time in handlers since it first ran
  std::chrono::nanoseconds idle_time{0};       ///< age not spent in handlers
  std::chrono::nanoseconds age{0};             ///< time since it first ran, right after its spawn (0 before)
};

/// The fields of actor_snapshot, for the serialization (one function saves and loads).
template <class Inspector>
bool inspect(Inspector& f, actor_snapshot& x) {
  auto state = static_cast<std::uint8_t>(x.state);
  wire_duration processing_time{x.processing_time};
  wire_duration idle_time{x.idle_time};
  wire_duration age{x.age};
  if (!f(field("id", x.id), field("name", x.name), field("state", state), field("mailbox_depth", x.mailbox_depth),
         field("max_mailbox_depth", x.max_mailbox_depth), field("processed", x.processed), field("sent", x.sent),
         field("skipped", x.skipped), field("unmatched", x.unmatched), field("processing", x.processing),
         field("mailbox_wait", x.mailbox_wait), field("processing_time", processing_time.nanoseconds),
         field("idle_time", idle_time.nanoseconds), field("age", age.nanoseconds)))
    return false;
  if (state > static_cast<std::uint8_t>(actor_state::busy))
    return false;
  x.state = static_cast<actor_state>(state);
  x.processing_time = processing_time.get();
  x.idle_time = idle_time.get();
  x.age = age.get();
  return true;
}

} // namespace troupe::inspection
