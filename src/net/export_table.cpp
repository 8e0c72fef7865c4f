// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "export_table.hpp"

#include <algorithm>

#include "troupe/abstract_actor.hpp"
#include "troupe/error.hpp"

namespace troupe::net {

bool export_table::add(actor_control_block* x, const peer* via) {
  std::lock_guard guard{mtx_};
  auto& e = entries_[x->id()];
  bool first = false;
  if (e.actor.get() != x) {
    if (e.actor)
      epoch_.fetch_add(1, std::memory_order_release);
    e = entry{strong_actor_ptr{x}, {}, {}, false};
    first = true;
  }
  if (via == nullptr)
    e.published = true;
  else if (std::find(e.peers.begin(), e.peers.end(), via) == e.peers.end())
    e.peers.push_back(via);
  return first;
}

strong_actor_ptr export_table::find(actor_id id) const {
  std::lock_guard guard{mtx_};
  auto i = entries_.find(id);
  if (i == entries_.end() || i->second.actor->get()->is_terminated())
    return nullptr;
  return i->second.actor;
}

error export_table::add_watcher(actor_id id, const peer* watcher) {
  // It is in the actor's entry already when the actor was exported to it; a
  // handle that came over another connection to its node (one dialed twice,
  // one that was lost) is added now.
  std::lock_guard guard{mtx_};
  auto i = entries_.find(id);
  if (i == entries_.end())
    return recent_end(id); // gone already, or never exported
  if (auto* a = i->second.actor->get(); a->is_terminated())
    return a->exit_reason_value(); // its removal is on its way, too
  if (auto& peers = i->second.peers; std::find(peers.begin(), peers.end(), watcher) == peers.end())
    peers.push_back(watcher);
  return error{};
}

std::vector<const peer*> export_table::remove(actor_id id, const error& reason, strong_actor_ptr& released) {
  std::vector<node_id> parked;
  return remove(id, reason, released, parked);
}

std::vector<const peer*> export_table::remove(actor_id id, const error& reason, strong_actor_ptr& released,
                                              std::vector<node_id>& parked) {
  std::lock_guard guard{mtx_};
  auto i = entries_.find(id);
  if (i == entries_.end())
    return {};
  auto told = std::move(i->second.peers);
  parked = std::move(i->second.parked);
  released = std::move(i->second.actor);
  entries_.erase(i);
  epoch_.fetch_add(1, std::memory_order_release);
  recent_ends_.emplace_back(id, reason);
  if (recent_ends_.size() > max_recent_ends)
    recent_ends_.pop_front();
  return told;
}

void export_table::release_exports_of(const peer* p) {
  drop_from_all([p](entry& e) { std::erase(e.peers, p); });
}

template <class F>
void export_table::drop_from_all(F drop) {
  std::vector<strong_actor_ptr> released; // destroyed after the lock is released
  std::lock_guard guard{mtx_};
  for (auto i = entries_.begin(); i != entries_.end();) {
    drop(i->second);
    if (i->second.released()) {
      released.push_back(std::move(i->second.actor));
      i = entries_.erase(i);
      epoch_.fetch_add(1, std::memory_order_release);
    } else {
      ++i;
    }
  }
}

void export_table::park(const peer* p, const node_id& node) {
  std::lock_guard guard{mtx_};
  for (auto& [id, e] : entries_)
    if (std::erase(e.peers, p) > 0 && std::find(e.parked.begin(), e.parked.end(), node) == e.parked.end())
      e.parked.push_back(node);
}

void export_table::unpark(const node_id& node, const peer* p) {
  std::lock_guard guard{mtx_};
  for (auto& [id, e] : entries_)
    if (std::erase(e.parked, node) > 0 && std::find(e.peers.begin(), e.peers.end(), p) == e.peers.end())
      e.peers.push_back(p);
  epoch_.fetch_add(1, std::memory_order_release); // cached exports name the parked connection
}

void export_table::forget_parked(const node_id& node) {
  drop_from_all([&node](entry& e) { std::erase(e.parked, node); });
}

void export_table::clear() {
  std::unordered_map<actor_id, entry> dropped;
  {
    std::lock_guard guard{mtx_};
    dropped.swap(entries_);
  } // released outside the lock: a release may run an actor's cleanup
}

error export_table::recent_end(actor_id id) const {
  for (auto i = recent_ends_.rbegin(); i != recent_ends_.rend(); ++i)
    if (i->first == id)
      return i->second;
  return exit_reason::unknown;
}

} // namespace troupe::net
