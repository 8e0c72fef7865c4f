// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "troupe/actor_factory.hpp"

#include "troupe/actor_system.hpp"

namespace troupe {

expected<actor> spawn_by_name(actor_system& sys, const std::string& name, const message& args) {
  const auto* factory = sys.config().actor_type(name);
  if (factory == nullptr)
    return error{sec::invalid_argument, "no actor type named '" + name + "'"};
  return factory->spawn(sys, args);
}

} // namespace troupe
