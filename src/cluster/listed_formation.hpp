// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The formation of a provider whose members change (etcd, DNS): ask it until
// it answers or the formation timeout passes, and number the members it lists
// in its order, counting this node in when it is not listed yet.
#include <chrono>
#include <functional>
#include <string>
#include <vector>

#include "troupe/cluster/discovery.hpp"

namespace troupe::cluster {

/// Calls `ask` every 250 ms until it gives the members' endpoints or `timeout` passed (then its last error, with
/// `what_failed` in front); the formation of cluster `cluster_name` where this node (node `me`) listens at `self`.
expected<formation> listed_formation(const std::function<expected<std::vector<std::string>>()>& ask,
                                     std::chrono::nanoseconds timeout, const std::string& what_failed,
                                     const std::string& self, const node_id& me, std::string cluster_name);

} // namespace troupe::cluster
