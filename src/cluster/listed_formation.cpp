// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "listed_formation.hpp"

#include <algorithm>
#include <thread>

namespace troupe::cluster {

expected<formation> listed_formation(const std::function<expected<std::vector<std::string>>()>& ask,
                                     std::chrono::nanoseconds timeout, const std::string& what_failed,
                                     const std::string& self, const node_id& me, std::string cluster_name) {
  auto give_up = std::chrono::steady_clock::now() + timeout;
  // The provider may start after the node.
  auto listed = ask();
  while (!listed && std::chrono::steady_clock::now() < give_up) {
    std::this_thread::sleep_for(std::chrono::milliseconds{250});
    listed = ask();
  }
  if (!listed)
    return error{sec::cannot_connect_to_node, what_failed + ": " + to_string(listed.error())};
  // Not listed yet: DNS lists a Kubernetes pod once it is ready, for one.
  if (std::find(listed->begin(), listed->end(), self) == listed->end())
    listed->push_back(self);
  formation f;
  f.cluster_name = std::move(cluster_name);
  for (std::size_t i = 0; i < listed->size(); ++i) {
    member m;
    m.id = static_cast<std::uint32_t>(i);
    m.endpoint = (*listed)[i];
    if (m.endpoint == self) {
      f.self = m.id;
      m.node = me;
    }
    f.members.push_back(std::move(m));
  }
  return f;
}

} // namespace troupe::cluster
