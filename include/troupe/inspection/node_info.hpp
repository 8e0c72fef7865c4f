// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Who a node is, as its probe introduces it to the nexus and the nexus lists
// it to its clients (the shell's list-nodes).
#include <cstdint>
#include <string>

#include "troupe/serialization/field.hpp"

namespace troupe::inspection {

/// One node known to a nexus.
struct node_info {
  std::string node;           ///< its id, as to_string(node_id) prints it
  std::string host;           ///< the host name, as `hostname` prints it
  std::uint32_t pid = 0;      ///< the process id
  std::string os;             ///< system, release and machine, as uname gives them
  bool allow_control = false; ///< inspect.allow-control: whether clients may send to and kill its actors
  std::string mirror;         ///< its mirror level (to_string(mirror_level))
  bool up = true;             ///< false once the nexus lost its probe

  /// Field by field.
  bool operator==(const node_info&) const = default;
};

/// The fields of node_info, for the serialization (one function saves and loads).
template <class Inspector>
bool inspect(Inspector& f, node_info& x) {
  return f(field("node", x.node), field("host", x.host), field("pid", x.pid), field("os", x.os),
           field("allow_control", x.allow_control), field("mirror", x.mirror), field("up", x.up));
}

} // namespace troupe::inspection
