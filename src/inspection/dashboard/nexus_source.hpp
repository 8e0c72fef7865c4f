// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The dashboard of a whole system: asks the nexus (in the same process) for
// its nodes and forwards actor requests through it; a listener actor keeps
// the events the nexus passes on.
#include <memory>

#include "troupe/actor.hpp"
#include "troupe/inspection/nexus.hpp"

#include "dashboard_source.hpp"

namespace troupe {
class actor_system;
} // namespace troupe

namespace troupe::inspection {

class nexus_source final : public dashboard_source {
public:
  /// Reads `nexus`, a nexus of `sys`; `interval` is what its probes report at (for the page's refresh).
  nexus_source(actor_system& sys, nexus_actor nexus, std::chrono::milliseconds interval);
  ~nexus_source() override;

  const char* scope() const noexcept override { return "system"; }
  std::chrono::milliseconds interval() const noexcept override { return interval_; }
  std::vector<dashboard_node> nodes() override;
  expected<node_snapshot> actors(const std::string& node) override;
  expected<actor_details> actor(const std::string& node, actor_id id) override;
  expected<std::vector<std::string>> mailbox(const std::string& node, actor_id id) override;
  expected<std::string> send(const std::string& node, actor_id id, const std::string& text) override;
  expected<std::string> kill(const std::string& node, actor_id id, const std::string& reason) override;
  const event_log& events() const noexcept override { return *events_; }

private:
  // One request to the nexus, waiting for its answer (bounded).
  template <class T, class... Ts>
  expected<T> ask(Ts&&... xs);

  actor_system& sys_;
  nexus_actor nexus_;
  std::chrono::milliseconds interval_;
  std::shared_ptr<event_log> events_;
  troupe::actor listener_; // keeps events_ filled; gets the answers to messages sent from the page
};

} // namespace troupe::inspection
