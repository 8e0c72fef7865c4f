// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// group_down_msg: what CAF sent to the members of a group that went offline,
// kept so that behaviors with a case for it compile. troupe never sends it:
// a local group lives as long as its actor system, so it cannot go away while
// a member runs, and a group of another node whose connection is lost leaves
// a dead handle behind without telling its members on this node; a member
// that needs to know monitors that node (monitor(node_id)) and receives
// node_down_msg.
#include <string>

#include "troupe/group.hpp"

namespace troupe {

/// Kept so that behaviors with a case for it compile; troupe never sends it. A local group lives as long as its
/// actor system, and a group of another node whose connection is lost leaves a dead handle behind without telling
/// its members here: a member that needs to know monitors that node (`monitor(node_id)`) and receives
/// node_down_msg.
struct group_down_msg {
  /// The group that went offline.
  group source;
};

/// "group_down_msg(<group>)", the group as to_string(group) writes it.
inline std::string to_string(const group_down_msg& x) {
  return "group_down_msg(" + to_string(x.source) + ")";
}

} // namespace troupe
