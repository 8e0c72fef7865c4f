// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// What etcd's JSON gateway answers, read: a lease grant's ID, whether a lease
// renewal found the lease alive, and the members a range lists. Whatever the
// bytes, each gives a value or sec::malformed_message; a key under the prefix
// that holds no HOST:PORT is left out of the list, not an error.
#include <string>
#include <string_view>
#include <vector>

#include "troupe/expected.hpp"

namespace troupe::cluster {

/// The end of the key range that holds every key that starts with `prefix`: the prefix with its last byte
/// raised (what etcd's range and watch requests take as range_end).
std::string prefix_range_end(std::string prefix);

/// The ID of the lease a /v3/lease/grant answer grants, as etcd writes it (a 64-bit integer in a string).
expected<std::string> granted_lease(std::string_view body);

/// Whether a /v3/lease/keepalive answer found the lease alive (false: it ran out, and its keys went with it).
expected<bool> lease_alive(std::string_view body);

/// The endpoints (HOST:PORT) that a /v3/kv/range answer lists as values, in key order.
expected<std::vector<std::string>> listed_endpoints(std::string_view body);

} // namespace troupe::cluster
