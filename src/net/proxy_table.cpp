// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "proxy_table.hpp"

#include "peer.hpp"
#include "remote_proxy.hpp"

namespace troupe::net {

remote_proxy& proxy_table::as_proxy(const strong_actor_ptr& x) noexcept {
  return *static_cast<remote_proxy*>(x->get());
}

proxy_table::lookup proxy_table::find_or_make(actor_system& sys, const node_id& node, actor_id id,
                                              const std::shared_ptr<peer>& route) {
  lookup out;
  std::lock_guard guard{mtx_};
  auto& slot = proxies_[node][id];
  if (slot) {
    auto old_route = as_proxy(slot).route();
    if ((!old_route || old_route->closed()) && !as_proxy(slot).waiting_for_connection())
      out.stale = std::move(slot);
  }
  if (!slot) {
    slot = remote_proxy::make(sys, node, id, route);
    out.created = true;
  }
  out.proxy = slot;
  return out;
}

strong_actor_ptr proxy_table::find(const node_id& node, actor_id id) const {
  std::lock_guard guard{mtx_};
  if (auto i = proxies_.find(node); i != proxies_.end())
    if (auto j = i->second.find(id); j != i->second.end())
      return j->second;
  return nullptr;
}

proxy_table::taken proxy_table::take(const node_id& node, actor_id id, const peer* only_through) {
  std::lock_guard guard{mtx_};
  auto i = proxies_.find(node);
  if (i == proxies_.end())
    return {};
  auto j = i->second.find(id);
  if (j == i->second.end())
    return {};
  if (only_through && !as_proxy(j->second).routes_through(only_through))
    return {nullptr, true};
  taken out{std::move(j->second), false};
  i->second.erase(j);
  return out;
}

std::vector<strong_actor_ptr> proxy_table::movable(const node_id& node) const {
  std::vector<strong_actor_ptr> out;
  std::lock_guard guard{mtx_};
  if (auto i = proxies_.find(node); i != proxies_.end())
    for (const auto& [id, x] : i->second)
      if (as_proxy(x).movable())
        out.push_back(x);
  return out;
}

std::vector<strong_actor_ptr> proxy_table::take_bound_to(const peer* p, const std::vector<node_id>& nodes) {
  std::vector<strong_actor_ptr> out;
  std::lock_guard guard{mtx_};
  for (const auto& node : nodes)
    take_matching(node, out, [p](const remote_proxy& x) { return x.routes_through(p); });
  return out;
}

template <class Pred>
void proxy_table::take_matching(const node_id& node, std::vector<strong_actor_ptr>& out, Pred pred) {
  auto j = proxies_.find(node);
  if (j == proxies_.end())
    return;
  for (auto k = j->second.begin(); k != j->second.end();) {
    if (pred(as_proxy(k->second))) {
      out.push_back(std::move(k->second));
      k = j->second.erase(k);
    } else {
      ++k;
    }
  }
  if (j->second.empty())
    proxies_.erase(j);
}

std::vector<strong_actor_ptr> proxy_table::take_node(const node_id& node) {
  std::vector<strong_actor_ptr> out;
  std::lock_guard guard{mtx_};
  if (auto j = proxies_.find(node); j != proxies_.end()) {
    for (auto& [id, x] : j->second)
      out.push_back(std::move(x));
    proxies_.erase(j);
  }
  return out;
}

std::vector<strong_actor_ptr> proxy_table::take_waiting(const node_id& node) {
  std::vector<strong_actor_ptr> out;
  std::lock_guard guard{mtx_};
  take_matching(node, out, [](const remote_proxy& x) { return x.waiting_for_connection(); });
  return out;
}

bool proxy_table::routed_through(const peer* p) const {
  std::lock_guard guard{mtx_};
  for (const auto& [node, ids] : proxies_)
    for (const auto& [id, x] : ids)
      if (!as_proxy(x).direct() && as_proxy(x).routes_through(p))
        return true;
  return false;
}

std::vector<strong_actor_ptr> proxy_table::take_all() {
  std::vector<strong_actor_ptr> out;
  std::lock_guard guard{mtx_};
  for (auto& [node, ids] : proxies_)
    for (auto& [id, x] : ids)
      out.push_back(std::move(x));
  proxies_.clear();
  return out;
}

std::size_t proxy_table::size() const {
  std::lock_guard guard{mtx_};
  std::size_t n = 0;
  for (const auto& [node, ids] : proxies_)
    n += ids.size();
  return n;
}

} // namespace troupe::net
