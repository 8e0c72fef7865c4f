// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "routing_table.hpp"

#include <algorithm>

#include "peer.hpp"

namespace troupe::net {

std::shared_ptr<peer> routing_table::direct(const node_id& node) const {
  if (auto i = direct_.find(node); i != direct_.end())
    if (auto p = i->second.lock(); p && !p->closed())
      return p;
  return nullptr;
}

std::shared_ptr<peer> routing_table::direct_even_closed(const node_id& node) const {
  auto i = direct_.find(node);
  return i == direct_.end() ? nullptr : i->second.lock();
}

std::shared_ptr<peer> routing_table::next_hop(const node_id& node) const {
  if (auto p = direct(node))
    return p;
  if (auto i = relayed_.find(node); i != relayed_.end())
    if (auto p = i->second.lock(); p && !p->closed())
      return p;
  return nullptr;
}

std::vector<node_id> routing_table::connected_nodes() const {
  std::vector<node_id> out;
  for (const auto& [node, p] : direct_)
    if (auto locked = p.lock(); locked && locked->ready() && !locked->closed())
      out.push_back(node);
  return out;
}

void routing_table::add_direct(const std::shared_ptr<peer>& p) {
  auto& route = direct_[p->node()];
  if (auto current = route.lock(); !current || current->closed())
    route = p;
}

bool routing_table::remove_direct(const peer* p, const std::shared_ptr<peer>& successor) {
  auto i = direct_.find(p->node());
  if (i == direct_.end() || i->second.lock().get() != p)
    return false;
  if (successor)
    i->second = successor;
  else
    direct_.erase(i);
  return true;
}

void routing_table::relay_through(const node_id& node, const std::shared_ptr<peer>& relay) {
  relayed_[node] = relay;
}

void routing_table::learn(const node_id& node, const std::shared_ptr<peer>& p) {
  if (node == self_ || next_hop(node))
    return;
  relayed_[node] = p;
}

std::shared_ptr<peer> routing_table::take_hint(wire::route_hint& hint, const std::shared_ptr<peer>& from) {
  if (hint.target == self_ || hint.via == self_ || next_hop(hint.target))
    return nullptr;
  auto next = next_hop(hint.via);
  if (!next || next == from)
    return nullptr; // no way there that does not lead back
  relayed_[hint.target] = next;
  if (next->node() == hint.via || hint.ttl == 0)
    return nullptr;
  --hint.ttl;
  return next;
}

std::vector<node_id> routing_table::drop_relays_through(const peer* p) {
  std::vector<node_id> lost;
  for (auto i = relayed_.begin(); i != relayed_.end();) {
    auto route = i->second.lock();
    if (!route || route.get() == p) {
      lost.push_back(i->first);
      i = relayed_.erase(i);
    } else {
      ++i;
    }
  }
  return lost;
}

bool routing_table::relays_through(const peer* p) const {
  return std::any_of(relayed_.begin(), relayed_.end(), [p](const auto& entry) {
    auto route = entry.second.lock();
    return route.get() == p;
  });
}

} // namespace troupe::net
