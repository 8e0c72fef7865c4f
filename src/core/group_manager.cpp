// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "troupe/group_manager.hpp"

#include "troupe/local_group.hpp"

namespace troupe {

group_manager::group_manager(actor_system& sys) : sys_(sys) {}

group_manager::~group_manager() = default;

group group_manager::get_local(const std::string& name) {
  std::lock_guard guard{mtx_};
  auto& slot = local_[name];
  if (!slot)
    slot = std::make_shared<local_group>(sys_, "local", name);
  return group{slot};
}

expected<group> group_manager::get(const std::string& module, const std::string& identifier) {
  if (module == "local")
    return get_local(identifier);
  module_factory make;
  {
    std::lock_guard guard{mtx_};
    auto i = modules_.find(module);
    if (i == modules_.end())
      return error{sec::invalid_argument, "no group module named '" + module + "'"};
    make = i->second;
  }
  return make(identifier); // outside the lock: a remote module talks to another node
}

expected<group> group_manager::get(const std::string& uri) {
  auto colon = uri.find(':');
  if (colon == std::string::npos)
    return error{sec::invalid_argument,
                 "a group reads module:identifier (\"local:chat\", \"remote:chat@host:port\"), not '" + uri + "'"};
  return get(uri.substr(0, colon), uri.substr(colon + 1));
}

void group_manager::add_module(std::string module, module_factory f) {
  std::lock_guard guard{mtx_};
  modules_[std::move(module)] = std::move(f);
}

void group_manager::remove_module(const std::string& module) {
  std::lock_guard guard{mtx_};
  if (auto i = modules_.find(module); i != modules_.end())
    modules_.erase(i);
}

} // namespace troupe
