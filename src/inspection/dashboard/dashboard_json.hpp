// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The dashboard's JSON (docs/dashboard-api.md): the figures of the inspection
// data model as a browser reads them. Times are Unix milliseconds, durations
// nanoseconds.
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "dashboard_source.hpp"

namespace troupe::inspection {

/// The landing page's data: the nodes, the links between them, the busiest actors.
std::string overview_json(const char* scope, std::chrono::milliseconds interval,
                          const std::vector<dashboard_node>& nodes);

/// Every actor of one node.
std::string actors_json(const node_snapshot& snapshot, const std::string& node);

/// One actor, with its histograms, links, monitors, waiting messages and whether it may be controlled.
std::string actor_json(const std::string& node, const actor_details& details, const std::vector<std::string>& mailbox,
                       bool control);

/// Events from a log, with the number the next call starts from.
std::string events_json(const std::vector<std::pair<std::uint64_t, probe_event>>& events, std::uint64_t next);

/// The fields of a control request's JSON body: "node" (a string), "id" (an
/// unsigned number) and `text_field` (a string).
struct control_request {
  std::string node;
  actor_id id = 0;
  std::string text;
};

/// Reads a control request's body; nothing, with `why` set, when it is not a JSON
/// object with those fields.
std::optional<control_request> parse_control_body(const std::string& body, const char* text_field, std::string& why);

/// {"error": text}.
std::string error_json(const std::string& text);

/// {"result": text}.
std::string result_json(const std::string& text);

} // namespace troupe::inspection
