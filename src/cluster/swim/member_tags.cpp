// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "member_tags.hpp"

namespace troupe::cluster::swim {

std::uint64_t endpoint_tag(std::string_view endpoint) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (unsigned char c : endpoint) {
    h ^= c;
    h *= 0x100000001b3ULL;
  }
  return h;
}

member_index member_tags::add(std::uint64_t tag) {
  auto [at, fresh] = indices_.try_emplace(tag, static_cast<member_index>(tags_.size()));
  if (fresh)
    tags_.push_back(tag);
  return at->second;
}

std::optional<member_index> member_tags::index_of(std::uint64_t tag) const {
  if (auto i = indices_.find(tag); i != indices_.end())
    return i->second;
  return std::nullopt;
}

} // namespace troupe::cluster::swim
