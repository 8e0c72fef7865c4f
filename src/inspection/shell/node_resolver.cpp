// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "node_resolver.hpp"

#include "troupe/error.hpp"

namespace troupe::inspection {

namespace {

bool names_by_host_and_pid(const node_info& n, std::string_view name) {
  auto colon = name.rfind(':');
  if (colon == std::string_view::npos)
    return false;
  return name.substr(0, colon) == n.host && name.substr(colon + 1) == std::to_string(n.pid);
}

} // namespace

expected<node_info> resolve_node(const std::vector<node_info>& nodes, std::string_view name) {
  if (name.empty())
    return error{sec::invalid_argument, "which node? give its id, a unique prefix of it, or HOST:PID"};
  for (auto& n : nodes)
    if (n.node == name)
      return n;
  std::vector<const node_info*> hits;
  for (auto& n : nodes)
    if (n.node.starts_with(name) || names_by_host_and_pid(n, name))
      hits.push_back(&n);
  if (hits.size() == 1)
    return *hits.front();
  if (hits.empty())
    return error{sec::invalid_argument, "no node " + std::string{name} + " (list-nodes shows them)"};
  std::string which;
  for (auto* n : hits)
    which += (which.empty() ? "" : ", ") + n->host + ":" + std::to_string(n->pid);
  return error{sec::invalid_argument, std::string{name} + " is ambiguous: " + which};
}

} // namespace troupe::inspection
