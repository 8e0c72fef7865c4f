// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The dashboard of one node (inspect.http without a nexus, or beside one): it
// reads its own system directly.
#include <memory>
#include <mutex>
#include <string>

#include "troupe/inspection/host_statistics.hpp"
#include "troupe/inspection/probe_settings.hpp"

#include "../node_collector.hpp"
#include "../worker_meter.hpp"
#include "dashboard_source.hpp"

namespace troupe {
class actor_system;
} // namespace troupe

namespace troupe::inspection {

class node_source final : public dashboard_source {
public:
  /// Reads `sys` through `collector`; `events` is filled by the node's event sink.
  node_source(actor_system& sys, std::shared_ptr<node_collector> collector, const probe_settings& settings,
              std::shared_ptr<event_log> events);

  const char* scope() const noexcept override { return "node"; }
  std::chrono::milliseconds interval() const noexcept override { return interval_; }
  std::vector<dashboard_node> nodes() override;
  expected<node_snapshot> actors(const std::string& node) override;
  expected<actor_details> actor(const std::string& node, actor_id id) override;
  expected<std::vector<std::string>> mailbox(const std::string& node, actor_id id) override;
  expected<std::string> send(const std::string& node, actor_id id, const std::string& text) override;
  expected<std::string> kill(const std::string& node, actor_id id, const std::string& reason) override;
  const event_log& events() const noexcept override { return *events_; }

private:
  // An error unless `node` names this node (the page sends the id it was given).
  error check_node(const std::string& node) const;
  error check_control() const;

  actor_system& sys_;
  std::shared_ptr<node_collector> collector_;
  std::shared_ptr<event_log> events_;
  std::string self_;
  std::string mirror_;
  bool allow_control_;
  std::chrono::milliseconds interval_;
  std::mutex mtx_; // the samplers below measure from one call to the next
  host_sampler host_;
  worker_meter workers_;
};

} // namespace troupe::inspection
