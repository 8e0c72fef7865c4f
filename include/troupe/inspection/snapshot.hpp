// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Reading a node's statistics in the process itself, without a nexus.
#include "troupe/inspection/node_snapshot.hpp"

namespace troupe {
class actor_system;
} // namespace troupe

namespace troupe::inspection {

/// The node and every live actor that has statistics (those spawned while inspect.track-actors was on),
/// sorted by id. Workers go on running: the actors are read one shard of the list at a time, and each
/// row may be a message behind its actor.
node_snapshot snapshot(actor_system& sys);

} // namespace troupe::inspection
