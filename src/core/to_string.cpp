// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Text forms of handles and system messages.
#include <string>

#include "troupe/actor.hpp"
#include "troupe/actor_addr.hpp"
#include "troupe/system_messages.hpp"

namespace troupe {

std::string to_string(const actor_addr& x) {
  return x ? "actor#" + std::to_string(x.id()) : std::string{"invalid-actor"};
}

std::string to_string(const actor& x) {
  return x ? "actor#" + std::to_string(x.id()) : std::string{"invalid-actor"};
}

std::string to_string(const exit_msg& x) {
  return "exit_msg(" + to_string(x.source) + ", " + to_string(x.reason) + ")";
}

std::string to_string(const down_msg& x) {
  return "down_msg(" + to_string(x.source) + ", " + to_string(x.reason) + ")";
}

std::string to_string(const timeout_msg& x) {
  return "timeout_msg(" + std::to_string(x.id) + ")";
}

std::string to_string(const node_down_msg& x) {
  return "node_down_msg(" + to_string(x.node) + ", " + to_string(x.reason) + ")";
}

} // namespace troupe
