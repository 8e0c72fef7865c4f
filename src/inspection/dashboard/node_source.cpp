// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "node_source.hpp"

#include <unistd.h>

#include "troupe/actor_system.hpp"
#include "troupe/detail/cycle_count.hpp"
#include "troupe/error.hpp"
#include "troupe/inspection/snapshot.hpp"

#include "../actor_access.hpp"

namespace troupe::inspection {

namespace {

// The most waiting messages the actor page lists.
constexpr std::size_t mailbox_limit = 50;

} // namespace

node_source::node_source(actor_system& sys, std::shared_ptr<node_collector> collector, const probe_settings& settings,
                         std::shared_ptr<event_log> events)
  : sys_(sys), collector_(std::move(collector)), events_(std::move(events)), self_(to_string(sys.node())),
    mirror_(settings.mirror), allow_control_(settings.allow_control),
    interval_(std::max(std::chrono::milliseconds{100},
                       std::chrono::duration_cast<std::chrono::milliseconds>(settings.interval))) {}

std::vector<dashboard_node> node_source::nodes() {
  dashboard_node n;
  n.stats = collector_->collect();
  {
    std::lock_guard guard{mtx_};
    n.stats->host = host_.sample();
    n.stats->workers = workers_.sample(sys_.scheduler().times(), detail::cycle_count());
  }
  n.info = node_info{
    self_, n.stats->host.host, static_cast<std::uint32_t>(getpid()), n.stats->host.os, allow_control_, mirror_, true};
  return {std::move(n)};
}

error node_source::check_node(const std::string& node) const {
  if (node == self_)
    return {};
  return error{sec::invalid_argument, "no node " + node + " here (this is " + self_ + ")"};
}

error node_source::check_control() const {
  if (allow_control_)
    return {};
  return error{sec::unsupported_operation,
               "node " + self_ + " does not allow control (start it with --inspect.allow-control=true)"};
}

expected<node_snapshot> node_source::actors(const std::string& node) {
  if (auto err = check_node(node))
    return err;
  return snapshot(sys_);
}

expected<actor_details> node_source::actor(const std::string& node, actor_id id) {
  if (auto err = check_node(node))
    return err;
  return describe_actor(sys_, id);
}

expected<std::vector<std::string>> node_source::mailbox(const std::string& node, actor_id id) {
  if (auto err = check_node(node))
    return err;
  return peek_actor(sys_, id, mailbox_limit);
}

expected<std::string> node_source::send(const std::string& node, actor_id id, const std::string& text) {
  if (auto err = check_node(node))
    return err;
  if (auto err = check_control())
    return err;
  return send_text(sys_, id, text, troupe::actor{});
}

expected<std::string> node_source::kill(const std::string& node, actor_id id, const std::string& reason) {
  if (auto err = check_node(node))
    return err;
  if (auto err = check_control())
    return err;
  return kill_actor(sys_, id, reason);
}

} // namespace troupe::inspection
