// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "troupe/actor_registry.hpp"

#include "detail/termination_watcher.hpp"
#include "troupe/abstract_actor.hpp"

namespace troupe {

actor_registry::actor_registry(actor_system& sys)
  : watcher_(detail::termination_watcher::make(sys, [this](const actor_addr& who) { on_down(who); })) {}

actor_registry::~actor_registry() {
  static_cast<detail::termination_watcher*>(watcher_->get())->detach();
  clear();
}

void actor_registry::put_impl(const std::string& name, actor handle) {
  actor replaced; // released outside the lock
  if (handle) {
    // One monitor per entry: erase() removes exactly the one it added.
    error reason;
    if (!handle->add_monitor(actor_addr{watcher_.get()}, &reason))
      handle = actor{}; // terminated: only the erase is left to do
  }
  {
    std::lock_guard guard{mtx_};
    auto i = entries_.find(name);
    if (i != entries_.end()) {
      replaced = std::move(i->second);
      if (handle)
        i->second = std::move(handle);
      else
        entries_.erase(i);
    } else if (handle) {
      entries_.emplace(name, std::move(handle));
    }
  }
  if (replaced)
    replaced->remove_monitor(actor_addr{watcher_.get()});
}

actor actor_registry::get(const std::string& name) const {
  std::lock_guard guard{mtx_};
  auto i = entries_.find(name);
  return i != entries_.end() ? i->second : actor{};
}

bool actor_registry::erase(const std::string& name) {
  actor removed;
  {
    std::lock_guard guard{mtx_};
    auto i = entries_.find(name);
    if (i == entries_.end())
      return false;
    removed = std::move(i->second);
    entries_.erase(i);
  }
  removed->remove_monitor(actor_addr{watcher_.get()});
  return true; // `removed` may be the last handle: its cleanup runs here, unlocked
}

std::vector<std::pair<std::string, actor>> actor_registry::entries() const {
  std::lock_guard guard{mtx_};
  return {entries_.begin(), entries_.end()};
}

void actor_registry::clear() {
  std::map<std::string, actor, std::less<>> dropped;
  {
    std::lock_guard guard{mtx_};
    dropped.swap(entries_);
  }
  for (auto& [name, handle] : dropped)
    handle->remove_monitor(actor_addr{watcher_.get()});
}

void actor_registry::on_down(const actor_addr& who) {
  std::vector<actor> removed; // the terminating actor's own references go last, unlocked
  std::lock_guard guard{mtx_};
  for (auto i = entries_.begin(); i != entries_.end();) {
    if (i->second.address() == who) {
      removed.push_back(std::move(i->second));
      i = entries_.erase(i);
    } else {
      ++i;
    }
  }
}

} // namespace troupe
