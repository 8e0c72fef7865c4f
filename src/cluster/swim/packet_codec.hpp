// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The membership protocol's packets as datagrams: a fixed header (magic,
// version, the cluster's key, kind, sender, receiver, target, sequence
// number, number of updates) and the updates, all integers little-endian.
// Members travel as their tags, not as a node's own indices. A datagram of
// another cluster, a truncated or padded one, or an unknown kind or status is
// refused as malformed; one whose sender, receiver or target this node does
// not know (yet) is refused as out of range, and an update about a member it
// does not know is left out.
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "member_tags.hpp"
#include "swim_types.hpp"
#include "troupe/expected.hpp"

namespace troupe::cluster::swim {

/// The most updates one datagram carries.
constexpr std::size_t max_updates_per_packet = 64;

/// Appends `p` to `out` as a datagram of the cluster `key`, its members named by their `tags`.
void encode(const packet& p, std::uint64_t key, const member_tags& tags, std::vector<std::byte>& out);

/// The packet in `bytes`, a datagram of the cluster `key` whose members this node knows by `tags`. Errors:
/// sec::malformed_message, sec::invalid_argument for another cluster's, sec::out_of_range for a sender, receiver
/// or target this node does not know. `left_out`, when given, counts the updates about members it does not know.
expected<packet> decode(std::span<const std::byte> bytes, std::uint64_t key, const member_tags& tags,
                        std::size_t* left_out = nullptr);

} // namespace troupe::cluster::swim
