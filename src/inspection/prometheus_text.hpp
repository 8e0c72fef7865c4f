// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Nodes' figures in Prometheus' text exposition format (version 0.0.4), what
// inspect.http serves at /metrics: counters end in _total, times are seconds,
// and labels name actors by kind (their name), never by id, so that a million
// actors make a handful of series.
#include <string>
#include <vector>

#include "troupe/inspection/node_info.hpp"
#include "troupe/inspection/node_statistics.hpp"

namespace troupe::inspection {

/// One node of an exposition. A node's own endpoint has no `info`; the nexus's
/// has the node's table entry, and `stats` is nullptr until its first report.
struct metrics_node {
  const node_statistics* stats = nullptr;
  const node_info* info = nullptr;
};

/// The content type of the format.
inline constexpr const char* prometheus_content_type = "text/plain; version=0.0.4; charset=utf-8";

/// The exposition of `nodes`; with `node_label`, every sample carries node="<its id>" (the nexus's view).
std::string prometheus_text(const std::vector<metrics_node>& nodes, bool node_label);

} // namespace troupe::inspection
