// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "troupe/cluster/member.hpp"

namespace troupe::cluster {

std::string to_string(member_state x) {
  switch (x) {
    case member_state::up:
      return "up";
    case member_state::suspect:
      return "suspect";
    case member_state::down:
      return "down";
    case member_state::left:
      return "left";
  }
  return "?";
}

std::string to_string(const member& x) {
  return "#" + std::to_string(x.id) + " " + x.endpoint + " " + to_string(x.state) + " (incarnation "
         + std::to_string(x.incarnation) + ")";
}

} // namespace troupe::cluster
