// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "troupe/patterns/partition.hpp"

namespace troupe::patterns {

std::pair<std::size_t, std::size_t> static_partition(std::size_t size, std::size_t parts, std::size_t i) noexcept {
  // The first size % parts partitions take one element more.
  auto base = size / parts;
  auto extra = size % parts;
  auto begin = i * base + (i < extra ? i : extra);
  return {begin, begin + base + (i < extra ? 1 : 0)};
}

} // namespace troupe::patterns
