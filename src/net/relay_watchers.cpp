// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "relay_watchers.hpp"

#include "peer.hpp"

namespace troupe::net {

void relay_watchers::add(const node_id& node, actor_id id, const std::shared_ptr<peer>& watcher) {
  watchers_[key{node, id}].push_back(watcher);
}

std::vector<std::shared_ptr<peer>> relay_watchers::take(const node_id& node, actor_id id) {
  std::vector<std::shared_ptr<peer>> out;
  auto i = watchers_.find(key{node, id});
  if (i == watchers_.end())
    return out;
  for (auto& w : i->second)
    if (auto p = w.lock(); p && !p->closed())
      out.push_back(std::move(p));
  watchers_.erase(i);
  return out;
}

bool relay_watchers::watched_through(const peer* p) const {
  for (const auto& [k, watchers] : watchers_)
    for (const auto& w : watchers)
      if (w.lock().get() == p)
        return true;
  return false;
}

} // namespace troupe::net
