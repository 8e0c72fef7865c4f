// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "static_discovery.hpp"

#include <algorithm>

#include "endpoint.hpp"

namespace troupe::cluster {

expected<std::unique_ptr<discovery>> static_discovery::make(const std::string& members) {
  std::vector<std::string> endpoints;
  std::size_t start = 0;
  while (start <= members.size()) {
    auto comma = std::min(members.find(',', start), members.size());
    auto item = std::string_view{members}.substr(start, comma - start);
    start = comma + 1;
    if (item.empty())
      continue;
    auto ep = parse_endpoint(item);
    if (!ep)
      return error{sec::invalid_argument, "cluster.static.members: " + to_string(ep.error())};
    if (ep->port == 0)
      return error{sec::invalid_argument, "cluster.static.members: " + std::string{item} + " has no port"};
    auto text = to_string(*ep);
    if (std::find(endpoints.begin(), endpoints.end(), text) != endpoints.end())
      return error{sec::invalid_argument, "cluster.static.members: " + text + " is listed twice"};
    endpoints.push_back(std::move(text));
  }
  if (endpoints.empty())
    return error{sec::invalid_argument, "cluster.discovery=static needs cluster.static.members=HOST:PORT,..."};
  return std::unique_ptr<discovery>{new static_discovery{std::move(endpoints)}};
}

expected<formation> static_discovery::form(const std::string& endpoint, const node_id& me, std::chrono::nanoseconds) {
  auto mine = std::find(endpoints_.begin(), endpoints_.end(), endpoint);
  if (mine == endpoints_.end())
    return error{sec::invalid_argument, "cluster.endpoint " + endpoint + " is not in cluster.static.members"};
  formation f;
  f.self = static_cast<std::uint32_t>(mine - endpoints_.begin());
  for (std::size_t i = 0; i < endpoints_.size(); ++i) {
    member m;
    m.id = static_cast<std::uint32_t>(i);
    m.endpoint = endpoints_[i];
    if (i == f.self)
      m.node = me;
    f.members.push_back(std::move(m));
  }
  return f;
}

} // namespace troupe::cluster
