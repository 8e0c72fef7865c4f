// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// A node id as text that a provider can store and give back (PMIx keys, a
// key-value store): 40 hex digits of the host id, the process id and the
// instance, separated by colons.
#include <string>
#include <string_view>

#include "troupe/expected.hpp"
#include "troupe/node_id.hpp"

namespace troupe::cluster {

std::string node_text(const node_id& x);

/// The node id `text` holds, or sec::invalid_argument.
expected<node_id> parse_node_text(std::string_view text);

} // namespace troupe::cluster
