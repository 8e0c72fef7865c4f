// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// sys.registry(): actors by name, so that other code in the process, and
// other nodes (mm.remote_lookup), can find them without a handle. An entry
// keeps its actor alive until it is erased or the actor terminates, which
// removes the entry at once; the system drops what is left when it shuts down.
#include <map>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "troupe/actor.hpp"
#include "troupe/actor_control_block.hpp"
#include "troupe/detail/export.hpp"

namespace troupe {

class actor_system;

/// Actors by name (`sys.registry()`), so that other code in the process, and other nodes (remote lookup), can
/// find them without a handle. An entry keeps its actor alive until it is erased or the actor terminates, which
/// removes the entry at once; the system drops what is left when it shuts down. Safe to use from any thread.
class TROUPE_CORE_API actor_registry {
public:
  /// The registry of `sys`, empty; the system makes its own.
  explicit actor_registry(actor_system& sys);
  actor_registry(const actor_registry&) = delete;
  actor_registry& operator=(const actor_registry&) = delete;
  ~actor_registry();

  /// Registers `handle` as `name`, replacing what was there. An empty or
  /// terminated handle only erases the name.
  template <class Handle>
  void put(const std::string& name, const Handle& handle) {
    put_impl(name, actor{handle});
  }

  /// The actor registered as `name`, or an empty handle.
  actor get(const std::string& name) const;

  /// Removes `name`; false if nothing was registered under it.
  bool erase(const std::string& name);

  /// The registered names and actors (a copy).
  std::vector<std::pair<std::string, actor>> entries() const;

  /// Drops every entry (the system calls it when it shuts down).
  void clear();

private:
  void put_impl(const std::string& name, actor handle);
  void on_down(const actor_addr& who);

  strong_actor_ptr watcher_;
  mutable std::mutex mtx_;
  std::map<std::string, actor, std::less<>> entries_;
};

} // namespace troupe
