// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// One of the few actors of a node with the deepest mailboxes (then the most
// messages handled): what a dashboard's landing page shows, so that a glance
// finds where the load is without listing every actor.
#include <cstdint>
#include <string>

#include "troupe/actor_control_block.hpp"
#include "troupe/serialization/field.hpp"

namespace troupe::inspection {

/// One of a node's busiest actors, in its node_statistics.
struct busy_actor {
  actor_id id = 0;                 ///< its id on its node
  std::string name;                ///< its name()
  std::uint64_t mailbox_depth = 0; ///< messages not finished now
  std::uint64_t processed = 0;     ///< messages it handled so far
};

/// The fields of busy_actor, for the serialization (one function saves and loads).
template <class Inspector>
bool inspect(Inspector& f, busy_actor& x) {
  return f(field("id", x.id), field("name", x.name), field("mailbox_depth", x.mailbox_depth),
           field("processed", x.processed));
}

} // namespace troupe::inspection
