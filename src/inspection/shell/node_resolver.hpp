// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Which node a shell command names: its full id, a prefix of the id that only
// one node has, or HOST:PID.
#include <string>
#include <string_view>
#include <vector>

#include "troupe/expected.hpp"
#include "troupe/inspection/node_info.hpp"

namespace troupe::inspection {

/// The node among `nodes` that `name` names, or an error that says why none: no such node, or several.
expected<node_info> resolve_node(const std::vector<node_info>& nodes, std::string_view name);

} // namespace troupe::inspection
