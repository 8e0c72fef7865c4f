// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "reassembly.hpp"

#include <algorithm>
#include <utility>

namespace troupe::net {

void reassembly::append(std::span<const std::byte> piece) {
  if (chunks_.empty() || chunks_.back().capacity() - chunks_.back().size() < piece.size()) {
    // A piece never spans two chunks; the room it leaves unused is virtual
    // memory, not touched.
    auto room = chunks_.empty() ? first_chunk : 2 * chunks_.back().capacity();
    chunks_.emplace_back().reserve(std::max(room, piece.size()));
  }
  chunks_.back().insert(chunks_.back().end(), piece.begin(), piece.end());
  size_ += piece.size();
}

reassembly::chunks reassembly::take() noexcept {
  size_ = 0;
  return std::exchange(chunks_, chunks{});
}

reassembly::chunk reassembly::join(chunks pieces) {
  if (pieces.size() == 1)
    return std::move(pieces.front());
  std::size_t total = 0;
  for (auto& c : pieces)
    total += c.size();
  chunk whole;
  whole.reserve(total);
  for (auto& c : pieces) {
    whole.insert(whole.end(), c.begin(), c.end());
    chunk{}.swap(c); // frees each chunk once copied: the peak stays near the total
  }
  return whole;
}

} // namespace troupe::net
