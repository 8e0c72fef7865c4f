// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// The records probes, the nexus and its clients exchange, under portable names
// so that a node and a nexus built apart agree on them.
#include "troupe/inspection/nexus.hpp"

#include "troupe/serialization/announce.hpp"

namespace troupe::inspection {

void announce_types() {
  announce<node_info>("troupe.inspection.node_info");
  announce<std::vector<node_info>>();
  announce<node_statistics>("troupe.inspection.node_statistics");
  announce<probe_event>("troupe.inspection.probe_event");
  announce<node_snapshot>("troupe.inspection.node_snapshot");
  announce<actor_details>("troupe.inspection.actor_details");
}

} // namespace troupe::inspection
