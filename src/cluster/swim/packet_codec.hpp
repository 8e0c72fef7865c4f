// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The membership protocol's packets as datagrams: a fixed header (magic,
// version, the cluster's key, kind, sender, receiver, target, sequence
// number, number of updates) and the updates, all integers little-endian. A
// datagram of another cluster, a truncated or padded one, an unknown kind or
// status, or an index out of the cluster is refused with an error.
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "swim_types.hpp"
#include "troupe/expected.hpp"

namespace troupe::cluster::swim {

/// The most updates one datagram carries.
constexpr std::size_t max_updates_per_packet = 64;

/// Appends `p` to `out` as a datagram of the cluster `key`.
void encode(const packet& p, std::uint64_t key, std::vector<std::byte>& out);

/// The packet in `bytes`, a datagram of the cluster `key` with `members` members; sec::malformed_message (or
/// sec::invalid_argument for another cluster's) otherwise.
expected<packet> decode(std::span<const std::byte> bytes, std::uint64_t key, std::size_t members);

} // namespace troupe::cluster::swim
