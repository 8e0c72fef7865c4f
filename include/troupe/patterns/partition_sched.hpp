// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// How a Map splits its input among its workers.
//  - PartitionSched::static_(): as many contiguous partitions as workers, of
//    equal size (up to one element); best when every element costs the same.
//  - PartitionSched::dynamic_{chunk}: the workers take chunks of `chunk`
//    elements from a shared atomic counter until none is left; best when the
//    cost per element varies. A chunk of 0 is an error.
#include <cstddef>

namespace troupe::patterns {

/// How a Map splits its input among its workers (Map::scheduler).
struct PartitionSched {
  /// As many contiguous partitions as workers, of equal size (up to one element); best when every element costs the
  /// same.
  struct static_ {};
  /// Chunks of `chunk` elements that the workers take from a shared atomic counter until none is left; best when the
  /// cost per element varies.
  struct dynamic_ {
    std::size_t chunk = 1; ///< The elements per chunk; 0 is an error.
  };
};

} // namespace troupe::patterns
