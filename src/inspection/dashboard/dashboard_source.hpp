// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Where the dashboard's figures come from: one node reading itself, or a nexus
// speaking for every node that reports to it. The web endpoint asks through
// this interface and does not know which.
#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "troupe/actor_control_block.hpp"
#include "troupe/expected.hpp"
#include "troupe/inspection/actor_details.hpp"
#include "troupe/inspection/node_info.hpp"
#include "troupe/inspection/node_snapshot.hpp"
#include "troupe/inspection/node_statistics.hpp"

#include "event_log.hpp"

namespace troupe::inspection {

/// A node as the dashboard shows it: who it is, and its latest statistics if it reported any.
struct dashboard_node {
  node_info info;
  std::optional<node_statistics> stats;
};

class dashboard_source {
public:
  virtual ~dashboard_source() = default;

  /// "system" (a nexus) or "node" (a node on its own).
  virtual const char* scope() const noexcept = 0;
  /// How often the figures change: the statistics interval.
  virtual std::chrono::milliseconds interval() const noexcept = 0;
  /// The nodes, in the order they came.
  virtual std::vector<dashboard_node> nodes() = 0;
  /// The live actors with statistics of `node`.
  virtual expected<node_snapshot> actors(const std::string& node) = 0;
  /// One actor of `node`.
  virtual expected<actor_details> actor(const std::string& node, actor_id id) = 0;
  /// The messages waiting for an actor of `node`, as text (the source decides how many).
  virtual expected<std::vector<std::string>> mailbox(const std::string& node, actor_id id) = 0;
  /// Sends a message in the text format to an actor of `node`, where it allows control; answers NAME#ID.
  virtual expected<std::string> send(const std::string& node, actor_id id, const std::string& text) = 0;
  /// Ends an actor of `node` with the named exit reason, where it allows control; answers NAME#ID.
  virtual expected<std::string> kill(const std::string& node, actor_id id, const std::string& reason) = 0;
  /// The events seen so far.
  virtual const event_log& events() const noexcept = 0;
};

} // namespace troupe::inspection
