// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// sys.groups(): where groups come from. Local groups are made on first use
// and live as long as the system, so a name always gives the same group. Other
// modules plug in by name: the network layer adds "remote", whose groups live
// on another node ("chat@host:4242").
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

#include "troupe/detail/export.hpp"
#include "troupe/expected.hpp"
#include "troupe/group.hpp"

namespace troupe {

class actor_system;
class local_group;

/// Where groups come from (`sys.groups()`). Local groups are made on first use and live as long as the system,
/// so a name always gives the same group; other modules plug in by name (the network layer adds "remote",
/// whose groups live on another node). Safe to use from any thread.
class TROUPE_CORE_API group_manager {
public:
  /// Makes the group `identifier` of a module, or says why it cannot.
  using module_factory = std::function<expected<group>(const std::string& identifier)>;

  /// The group manager of `sys`, knowing only the "local" module; the system makes its own.
  explicit group_manager(actor_system& sys);
  group_manager(const group_manager&) = delete;
  group_manager& operator=(const group_manager&) = delete;
  ~group_manager();

  /// The local group `name`; the same name gives the same group.
  group get_local(const std::string& name);

  /// The group `identifier` of `module`: "local", or a module added with
  /// add_module. sec::invalid_argument for a module nobody added.
  expected<group> get(const std::string& module, const std::string& identifier);

  /// The same from one string, "module:identifier" ("local:chat",
  /// "remote:chat@host:4242"), split at its first colon, since identifiers may
  /// hold colons and module names do not. sec::invalid_argument without one.
  expected<group> get(const std::string& uri);

  /// Makes `module` known to get() (replacing one of the same name).
  void add_module(std::string module, module_factory f);
  /// Makes `module` unknown to get() again; nothing happens when it is not known.
  void remove_module(const std::string& module);

private:
  actor_system& sys_;
  std::mutex mtx_;
  std::unordered_map<std::string, std::shared_ptr<local_group>> local_;
  std::map<std::string, module_factory, std::less<>> modules_;
};

} // namespace troupe
