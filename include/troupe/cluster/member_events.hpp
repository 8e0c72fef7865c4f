// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The messages a subscriber of the cluster (sys.cluster().subscribe(self))
// gets when what this node knows of a member changes.
#include "troupe/cluster/member.hpp"
#include "troupe/error.hpp"

namespace troupe::cluster {

/// A member is reachable: every member of the job once the cluster has formed, then each one that joins.
struct member_up {
  member who; ///< the member, as it is now
};

/// A member missed its probes; it is not yet declared down.
struct member_suspect {
  member who; ///< the member, as it is now
};

/// A member is lost: its connection broke or it stopped answering.
struct member_down {
  member who;   ///< the member, as it is now
  error reason; ///< why: the network layer's reason
};

/// A member ended in order.
struct member_left {
  member who; ///< the member, as it is now
};

} // namespace troupe::cluster
