// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The nexus's /metrics: every node it knows, from each node's latest
// statistics, with a node label, and whether its probe is still linked.
#include "troupe/inspection/nexus.hpp"

#include "http/http_server.hpp"

namespace troupe {
class actor_system;
} // namespace troupe

namespace troupe::inspection {

/// A page handler that asks `nexus` (through a blocking actor of `sys`) for its nodes and their statistics and
/// answers with their metrics; a nexus that does not answer within a few seconds gives 503.
http_handler nexus_metrics_page(actor_system& sys, nexus_actor nexus);

} // namespace troupe::inspection
