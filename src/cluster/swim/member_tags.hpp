// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// What a membership datagram calls a member: a tag that every node derives
// from the member's endpoint alone, so that nodes that learned of the members
// in different orders (or learn of new ones while the cluster runs) still
// agree on who is meant. A node keeps its members by index; these map between
// the two.
#include <cstdint>
#include <optional>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "swim_types.hpp"

namespace troupe::cluster::swim {

/// The tag of the member that listens at `endpoint` (HOST:PORT): 64 bits of FNV-1a.
std::uint64_t endpoint_tag(std::string_view endpoint);

/// The tags of a node's members, by index.
class member_tags {
public:
  /// Gives the member tagged `tag` the next index, and returns it (the index it has if it is known already).
  member_index add(std::uint64_t tag);
  std::uint64_t tag_of(member_index m) const noexcept { return tags_[m]; }
  /// The index of the member tagged `tag`, if this node knows it.
  std::optional<member_index> index_of(std::uint64_t tag) const;
  std::size_t size() const noexcept { return tags_.size(); }

private:
  std::vector<std::uint64_t> tags_;
  std::unordered_map<std::uint64_t, member_index> indices_;
};

} // namespace troupe::cluster::swim
